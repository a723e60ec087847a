// What the limits measure, read from the ledger (decisions §3: every balance change is a transfer):
// deposits are DEP credits to the player's wallet; net loss is BET − WIN − REB − REF, i.e. minus the
// sum of those transfers' entries on the wallet.
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';

const GAMING_TYPES = ['BET', 'WIN', 'REB', 'REF'];

async function walletSum(db: Queryable, customerId: number, types: string[], since: Date, onlyCredits = false): Promise<Money> {
  const result = await db.query<{ total: number }>(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS total
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE a.customer_id = $1 AND a.kind = 'PLAYER_MAIN' AND t.type = ANY($2::text[]) AND e.created_at >= $3
        AND ($4::boolean IS FALSE OR e.amount > 0)`,
    [customerId, types, since, onlyCredits],
  );
  return result.rows[0]!.total;
}

/** Net loss since `since` (negative when the player is ahead). */
export async function netLossSince(db: Queryable, customerId: number, since: Date): Promise<Money> {
  return -(await walletSum(db, customerId, GAMING_TYPES, since));
}

export function depositedSince(db: Queryable, customerId: number, since: Date): Promise<Money> {
  return walletSum(db, customerId, ['DEP'], since, true);
}
