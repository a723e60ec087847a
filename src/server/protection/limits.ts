// Deposit and loss limits (decisions §8): lowering (or setting a first limit) takes effect at once;
// raising or removing one waits 24 hours as a pending change, applied when it falls due (on the next
// read, so no scheduler is needed). Lowering while a raise is pending cancels the raise.
import type pg from 'pg';
import type { LimitKind, LimitPeriod } from '../../shared/api/accounts.ts';
import { formatMoney, type Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';
import { audit } from './settings.ts';

export const RAISE_DELAY_MS = 24 * 3_600_000;

export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: Money | null;
  pendingAmount: Money | null;
  pendingEffectiveAt: Date | null;
}

const describe = (amount: Money | null) => (amount === null ? '无限额' : formatMoney(amount));

/** Applies every pending change that is due; then returns the customer's limits. */
export async function loadLimits(db: Queryable, customerId: number, now: Date): Promise<LimitRow[]> {
  const applied = await db.query<{ kind: string; period: string; amount: Money | null }>(
    `UPDATE protection_limits SET amount = pending_amount, pending_amount = NULL, pending_effective_at = NULL, updated_at = now()
      WHERE customer_id = $1 AND pending_effective_at <= $2 RETURNING kind, period, amount`,
    [customerId, now],
  );
  for (const row of applied.rows) {
    await audit(db, customerId, 'LIMIT_RAISE_APPLIED', `${row.kind} ${row.period} → ${describe(row.amount)}`);
  }
  if (applied.rows.length > 0) {
    await db.query('DELETE FROM protection_limits WHERE customer_id = $1 AND amount IS NULL AND pending_effective_at IS NULL', [customerId]);
  }
  const rows = await db.query<{ kind: LimitKind; period: LimitPeriod; amount: Money | null; pending_amount: Money | null; pending_effective_at: Date | null }>(
    'SELECT kind, period, amount, pending_amount, pending_effective_at FROM protection_limits WHERE customer_id = $1',
    [customerId],
  );
  return rows.rows.map((r) => ({
    kind: r.kind,
    period: r.period,
    amount: r.amount,
    pendingAmount: r.pending_amount,
    pendingEffectiveAt: r.pending_effective_at,
  }));
}

export type LimitChange = 'APPLIED' | 'PENDING' | 'UNCHANGED';

/** Sets one limit inside the caller's transaction (`client` has run BEGIN). */
export async function setLimit(
  client: pg.PoolClient,
  customerId: number,
  change: { kind: LimitKind; period: LimitPeriod; amount: Money | null },
  now: Date,
): Promise<LimitChange> {
  const current = (await loadLimits(client, customerId, now)).find((l) => l.kind === change.kind && l.period === change.period);
  const inForce = current?.amount ?? null;
  const key = [customerId, change.kind, change.period];
  const label = `${change.kind} ${change.period}`;
  if (change.amount === inForce) {
    await client.query(
      'UPDATE protection_limits SET pending_amount = NULL, pending_effective_at = NULL, updated_at = now() WHERE customer_id = $1 AND kind = $2 AND period = $3',
      key,
    );
    if (inForce === null) await client.query('DELETE FROM protection_limits WHERE customer_id = $1 AND kind = $2 AND period = $3', key);
    return 'UNCHANGED';
  }
  const lowering = change.amount !== null && (inForce === null || change.amount < inForce);
  if (lowering) {
    await client.query(
      `INSERT INTO protection_limits (customer_id, kind, period, amount) VALUES ($1, $2, $3, $4)
       ON CONFLICT (customer_id, kind, period) DO UPDATE
         SET amount = EXCLUDED.amount, pending_amount = NULL, pending_effective_at = NULL, updated_at = now()`,
      [...key, change.amount],
    );
    await audit(client, customerId, 'LIMIT_LOWERED', `${label} ${describe(inForce)} → ${describe(change.amount)}`);
    return 'APPLIED';
  }
  // A raise already waiting for the same amount keeps its original due time.
  if (current?.pendingEffectiveAt && current.pendingAmount === change.amount) return 'PENDING';
  await client.query(
    `UPDATE protection_limits SET pending_amount = $4, pending_effective_at = $5, updated_at = now()
      WHERE customer_id = $1 AND kind = $2 AND period = $3`,
    [...key, change.amount, new Date(now.getTime() + RAISE_DELAY_MS)],
  );
  await audit(client, customerId, 'LIMIT_RAISE_REQUESTED', `${label} ${describe(inForce)} → ${describe(change.amount)}（24 小时后生效）`);
  return 'PENDING';
}
