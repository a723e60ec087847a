// What the limits measure, read from the ledger (decisions §3: every balance change is a transfer):
// deposits are DEP credits to the player's wallet, plus the deposits still open (they may yet be
// paid); net loss is minus the sum of the gaming transfers' entries on the wallet: BET − WIN − REB −
// REF, and the money sent to third-party game wallets and not brought back (TOU − TOUFAIL − TI),
// which is played beyond the platform's sight: counted as lost until it returns.
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';

/** Keep in step with bet_protection_refusal (drizzle/0045_protection_third_party.sql), which measures the same for placement. */
const GAMING_TYPES = ['BET', 'WIN', 'REB', 'REF', 'TOU', 'TOUFAIL', 'TI'];

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

/**
 * Deposits credited since `since`, plus every deposit order still open whenever it was made: money
 * that arrives is always credited, so an open order counts as soon as it exists (else several orders
 * opened before paying any would together pass the limit).
 */
export async function depositedSince(db: Queryable, customerId: number, since: Date): Promise<Money> {
  const credited = await walletSum(db, customerId, ['DEP'], since, true);
  const open = await db.query<{ total: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS total FROM deposits
      WHERE customer_id = $1 AND transfer_id IS NULL AND status IN ('PENDING', 'WAITING_FOR_AUDIT')`,
    [customerId],
  );
  return credited + open.rows[0]!.total;
}
