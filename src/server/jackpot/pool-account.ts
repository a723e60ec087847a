// The ledger account that holds the jackpot pool: real money, funded by sweeps, paid out by JP transfers.
import type { Queryable } from '../db/pool.ts';
import type pg from 'pg';
import { systemAccountId } from '../wallet/ledger.ts';

export const JACKPOT_POOL_ACCOUNT = 'jackpot:pool';

export function jackpotPoolAccountId(db: pg.Pool | pg.PoolClient): Promise<number> {
  return systemAccountId(db, JACKPOT_POOL_ACCOUNT, 'HOUSE');
}

/** The pool's balance now (0 before the first sweep). */
export async function jackpotPoolBalance(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ balance: string }>('SELECT balance FROM ledger_accounts WHERE code = $1', [JACKPOT_POOL_ACCOUNT]);
  return rows[0] ? Number(rows[0].balance) : 0;
}
