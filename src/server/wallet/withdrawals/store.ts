// The withdrawal row and its one way of changing status: a conditional UPDATE (from the statuses a
// transition allows) that matches at most once, however many requests, operators or loops race for it,
// with its history row in the same transaction.
import type pg from 'pg';
import type { PayoutKind } from '../../../shared/api/withdrawals.ts';
import type { AuditFlag, PayoutState } from '../../../shared/backoffice/finance-withdrawals.ts';
import type { Money } from '../../../shared/money.ts';
import type { Queryable } from '../../db/pool.ts';

export const WITHDRAWAL_STATUSES = [
  'PENDING',
  'AUTO_AUDIT_FAILED',
  'AUDITING',
  'WAITING_FOR_AUDIT',
  'SUBMITTED',
  'SUCCESS',
  'FAILED',
  'AUDIT_NOT_PASSED',
  'CANCELLED',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Statuses a person in the back office still has to act on (the audit queue). */
export const AWAITING_OPERATOR: readonly WithdrawalStatus[] = ['AUTO_AUDIT_FAILED', 'AUDITING', 'WAITING_FOR_AUDIT'];
/** The player may take the request back until someone has claimed it or it was sent for payout. */
export const CANCELLABLE: readonly WithdrawalStatus[] = ['PENDING', 'AUTO_AUDIT_FAILED'];
/** Requests whose money went back to the player: they count against no daily limit. */
export const RETURNED: readonly WithdrawalStatus[] = ['FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED'];

export interface WithdrawalRow {
  id: number;
  reference: string;
  customer_id: number;
  payout_account_id: number;
  kind: PayoutKind;
  amount: Money;
  fee: Money;
  net_amount: Money;
  status: WithdrawalStatus;
  pending_transfer_id: number | null;
  flags: AuditFlag[];
  claimed_by: number | null;
  claimed_at: Date | null;
  audited_by: number | null;
  reason: string | null;
  approval_id: number | null;
  payout_state: PayoutState;
  gateway_code: string | null;
  gateway_payout_id: string | null;
  payout_attempts: number;
  payout_sent_at: Date | null;
  payout_next_at: Date | null;
  client_key: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export async function withdrawalById(db: Queryable, id: number): Promise<WithdrawalRow | null> {
  const found = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1', [id]);
  return found.rows[0] ?? null;
}

export interface Transition {
  from: readonly WithdrawalStatus[];
  to: WithdrawalStatus;
  /** Other columns to set, e.g. { claimed_by: 3, reason: '…' }. */
  set?: Record<string, unknown>;
  /** Extra condition on the row, in SQL over the parameters after `set`'s (rarely needed). */
  where?: { sql: string; params: unknown[] };
  event: { action: string; by: string | null; note?: string | null };
}

const TERMINAL: readonly WithdrawalStatus[] = ['SUCCESS', 'FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED'];

/**
 * Moves withdrawal `id` from one of `from` to `to` and records the event; null when the row was not in
 * one of those statuses (someone else got there first). In the caller's transaction.
 */
export async function transition(client: pg.PoolClient, id: number, step: Transition): Promise<WithdrawalRow | null> {
  const columns = Object.entries(step.set ?? {});
  const params: unknown[] = [id, step.from, step.to, ...columns.map(([, value]) => value)];
  const sets = columns.map(([column], i) => `${column} = $${i + 4}`);
  if (TERMINAL.includes(step.to)) sets.push('completed_at = now()');
  let extra = '';
  if (step.where) {
    const offset = params.length;
    extra = ` AND (${step.where.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
    params.push(...step.where.params);
  }
  const updated = await client.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = $3, updated_at = now()${sets.map((s) => `, ${s}`).join('')}
      WHERE id = $1 AND status = ANY($2::text[])${extra} RETURNING *`,
    params,
  );
  const row = updated.rows[0] ?? null;
  if (row) await recordEvent(client, id, step.event.action, step.event.by, step.event.note ?? null);
  return row;
}

export async function recordEvent(client: Queryable, withdrawalId: number, action: string, by: string | null, note: string | null): Promise<void> {
  await client.query('INSERT INTO withdrawal_events (withdrawal_id, action, "by", note) VALUES ($1, $2, $3, $4)', [withdrawalId, action, by, note]);
}
