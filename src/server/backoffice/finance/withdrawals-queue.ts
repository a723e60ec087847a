// The withdrawal audit queue and a request's detail page. The default queue (what a person still has to
// act on) reads the partial index of drizzle/0023 oldest first, so it answers quickly however many
// requests have been handled — or are waiting (bench/withdrawal-audit-queue.ts).
import type pg from 'pg';
import type { z } from 'zod';
import type {
  WithdrawalDetail,
  WithdrawalQueue,
  WithdrawalQueueItem,
  WithdrawalQueueQuerySchema,
} from '../../../shared/backoffice/finance-withdrawals.ts';
import { PAYMENT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { playerBalance } from '../../wallet/ledger.ts';
import { bankName, payoutAccountLabel, type PayoutAccountRow } from '../../wallet/withdrawals/labels.ts';
import { NOT_FOUND } from '../../wallet/withdrawals/decisions.ts';
import { loadWithdrawalSettings } from '../../wallet/withdrawals/settings.ts';
import type { WithdrawalRow } from '../../wallet/withdrawals/store.ts';

type QueueRow = WithdrawalRow &
  Pick<PayoutAccountRow, 'account' | 'last4' | 'bank_code' | 'protocol' | 'wallet_name'> & { username: string; claimer: string | null };

const SELECT_QUEUE = `SELECT w.*, p.account, p.last4, p.bank_code, p.protocol, p.wallet_name, c.username, o.username AS claimer
  FROM withdrawals w JOIN customers c ON c.id = w.customer_id JOIN payout_accounts p ON p.id = w.payout_account_id
  LEFT JOIN operators o ON o.id = w.claimed_by`;

// Written out (not a parameter) so that the planner matches the partial index's predicate.
const AWAITING_SQL = `w.status IN ('AUTO_AUDIT_FAILED', 'AUDITING', 'WAITING_FOR_AUDIT')`;

function queueItem(row: QueueRow, largeAmountThreshold: number): WithdrawalQueueItem {
  return {
    id: row.id,
    reference: row.reference,
    customerId: row.customer_id,
    username: row.username,
    kind: row.kind,
    payoutAccountLabel: payoutAccountLabel(row),
    amount: row.amount,
    fee: row.fee,
    netAmount: row.net_amount,
    status: row.status,
    statusText: PAYMENT_STATUS_TEXT[row.status],
    flags: row.flags,
    payoutState: row.payout_state,
    claimedBy: row.claimer,
    needsSecondApprover: row.amount >= largeAmountThreshold,
    createdAt: row.created_at.toISOString(),
  };
}

export async function withdrawalQueue(pool: pg.Pool, query: z.output<typeof WithdrawalQueueQuerySchema>, operatorId: number): Promise<WithdrawalQueue> {
  const { page, pageSize } = query;
  const empty = { items: [], total: 0, page, pageSize };
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.status) {
    params.push(query.status === 'CANCELED' ? 'CANCELLED' : query.status);
    conditions.push(`w.status = $${params.length}`);
  } else {
    conditions.push(AWAITING_SQL);
  }
  if (query.username) {
    const customer = await pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = lower($1)', [query.username]);
    if (!customer.rows[0]) return empty;
    params.push(customer.rows[0].id);
    conditions.push(`w.customer_id = $${params.length}`);
  }
  if (query.mine) {
    params.push(operatorId);
    conditions.push(`w.claimed_by = $${params.length}`);
  }
  const where = `WHERE ${conditions.join(' AND ')}`;
  // The queue is first come, first served; a chosen finished status reads newest first.
  const order = query.status && !['AUTO_AUDIT_FAILED', 'AUDITING', 'WAITING_FOR_AUDIT'].includes(query.status) ? 'DESC' : 'ASC';
  const [rows, total, settings] = await Promise.all([
    // The page is cut from the index alone; only its 20 rows are joined.
    pool.query<QueueRow>(
      `WITH page AS (SELECT w.id FROM withdrawals w ${where} ORDER BY w.id ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2})
       ${SELECT_QUEUE} JOIN page ON page.id = w.id ORDER BY w.id ${order}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals w ${where}`, params),
    loadWithdrawalSettings(pool),
  ]);
  return { items: rows.rows.map((row) => queueItem(row, settings.largeAmountThreshold)), total: total.rows[0]!.n, page, pageSize };
}

export async function queueItemById(db: Queryable, id: number): Promise<WithdrawalQueueItem> {
  const found = await db.query<QueueRow>(`${SELECT_QUEUE} WHERE w.id = $1`, [id]);
  if (!found.rows[0]) throw errors.notFound(NOT_FOUND);
  const settings = await loadWithdrawalSettings(db);
  return queueItem(found.rows[0], settings.largeAmountThreshold);
}

export async function withdrawalDetail(pool: pg.Pool, id: number): Promise<WithdrawalDetail> {
  const item = await queueItemById(pool, id);
  const [row, account, events, stake, deposits, withdrawn, netWin, balance] = await Promise.all([
    pool.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1', [id]),
    pool.query<PayoutAccountRow>('SELECT p.* FROM payout_accounts p JOIN withdrawals w ON w.payout_account_id = p.id WHERE w.id = $1', [id]),
    pool.query<{ created_at: Date; action: string; by: string | null; note: string | null }>(
      'SELECT created_at, action, "by", note FROM withdrawal_events WHERE withdrawal_id = $1 ORDER BY id',
      [id],
    ),
    pool.query<{ remaining: number }>('SELECT remaining FROM required_stakes WHERE customer_id = $1', [item.customerId]),
    pool.query<{ total: number }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS total FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
        WHERE e.account_id = (SELECT id FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN') AND t.type = 'DEP'`,
      [item.customerId],
    ),
    pool.query<{ total: number }>(`SELECT coalesce(sum(amount), 0)::bigint AS total FROM withdrawals WHERE customer_id = $1 AND status = 'SUCCESS'`, [
      item.customerId,
    ]),
    pool.query<{ total: number }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS total FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
        WHERE e.account_id = (SELECT id FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN')
          AND t.type IN ('BET', 'WIN', 'REF', 'RES') AND t.created_at >= now() - interval '30 days'`,
      [item.customerId],
    ),
    playerBalance(pool, item.customerId),
  ]);
  const w = row.rows[0]!;
  const p = account.rows[0]!;
  return {
    ...item,
    payoutAccount: {
      kind: p.kind,
      bankName: bankName(p.bank_code),
      account: p.account,
      holderName: p.holder_name,
      branch: p.branch,
      boundAt: p.created_at.toISOString(),
    },
    customer: {
      balance,
      requiredStakeRemaining: stake.rows[0]?.remaining ?? 0,
      depositsTotal: deposits.rows[0]!.total,
      withdrawalsTotal: withdrawn.rows[0]!.total,
      netWin30Days: netWin.rows[0]!.total,
    },
    reason: w.reason,
    gatewayPayoutId: w.gateway_payout_id,
    ...(w.gateway_code === null ? {} : { gateway: w.gateway_code }),
    approvalId: w.approval_id,
    events: events.rows.map((e) => ({ at: e.created_at.toISOString(), action: e.action, by: e.by, note: e.note })),
  };
}
