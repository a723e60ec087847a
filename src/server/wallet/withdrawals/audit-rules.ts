// The automatic audit (issue 17 item 4): rules that let a request go straight to payout or send it to
// a person. Each rule that applies adds its flag; any flag means manual audit (AUTO_AUDIT_FAILED).
import type { AuditFlag, WithdrawalSettings } from '../../../shared/backoffice/finance-withdrawals.ts';
import type { Queryable } from '../../db/pool.ts';
import type { WithdrawalRow } from './store.ts';

/** More successful-or-pending requests than this on one Beijing day is unusual. */
export const MANY_TODAY_COUNT = 3;
/** Ledger types that make up a player's game result (stakes, wins, refunds, re-settlements). */
const GAME_RESULT_TYPES = ['BET', 'WIN', 'REF', 'RES'];

export async function auditFlags(db: Queryable, row: WithdrawalRow, settings: WithdrawalSettings): Promise<AuditFlag[]> {
  const found = await db.query<{
    account_age_hours: number;
    account_key: string;
    kind: string;
    earlier_success: boolean;
    today: number;
    shared: boolean;
  }>(
    `SELECT extract(epoch FROM (now() - p.created_at)) / 3600 AS account_age_hours, p.account_key, p.kind,
            EXISTS (SELECT 1 FROM withdrawals w WHERE w.customer_id = $1 AND w.status = 'SUCCESS' AND w.id <> $2) AS earlier_success,
            (SELECT count(*)::int FROM withdrawals w WHERE w.customer_id = $1
                AND w.created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')
                AND w.status NOT IN ('FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED')) AS today,
            EXISTS (SELECT 1 FROM payout_accounts o WHERE o.kind = p.kind AND o.account_key = p.account_key AND o.customer_id <> $1) AS shared
       FROM payout_accounts p WHERE p.id = $3`,
    [row.customer_id, row.id, row.payout_account_id],
  );
  const facts = found.rows[0]!;
  const flags: AuditFlag[] = [];
  // A request that will need a second approver must reach a person first, whatever the audit threshold
  // says (the settings refuse audit > large, but stored rows and direct writes are not trusted here).
  if (row.amount >= Math.min(settings.auditAmountThreshold, settings.largeAmountThreshold)) flags.push('LARGE_AMOUNT');
  if (facts.account_age_hours < settings.newAccountHours) flags.push('NEW_PAYOUT_ACCOUNT');
  if (!facts.earlier_success) flags.push('FIRST_WITHDRAWAL');
  if (await winsTooMuch(db, row.customer_id, settings.winRatioBp)) flags.push('HIGH_WIN_RATIO');
  if (facts.today > MANY_TODAY_COUNT) flags.push('MANY_TODAY');
  if (facts.shared) flags.push('SHARED_PAYOUT_ACCOUNT');
  return flags;
}

/** The net game result since the last deposit, in 0.0001 元 (0 when there is no deposit yet). */
export async function netWinSinceLastDeposit(db: Queryable, customerId: number): Promise<{ deposit: number; netWin: number } | null> {
  const found = await db.query<{ deposit: number | null; net_win: number | null }>(
    `WITH wallet AS (SELECT id FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'),
          last AS (SELECT e.transfer_id, e.amount FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
                    WHERE e.account_id = (SELECT id FROM wallet) AND t.type = 'DEP' AND e.amount > 0
                    ORDER BY e.id DESC LIMIT 1)
     SELECT (SELECT amount FROM last) AS deposit,
            (SELECT coalesce(sum(e.amount), 0)::bigint FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
              WHERE e.account_id = (SELECT id FROM wallet) AND e.transfer_id > (SELECT transfer_id FROM last)
                AND t.type = ANY($2::text[])) AS net_win`,
    [customerId, GAME_RESULT_TYPES],
  );
  const row = found.rows[0];
  if (!row || row.deposit === null) return null;
  return { deposit: row.deposit, netWin: row.net_win ?? 0 };
}

async function winsTooMuch(db: Queryable, customerId: number, ratioBp: number): Promise<boolean> {
  const since = await netWinSinceLastDeposit(db, customerId);
  if (!since || since.netWin <= 0) return false;
  return since.netWin * 10_000 > since.deposit * ratioBp;
}
