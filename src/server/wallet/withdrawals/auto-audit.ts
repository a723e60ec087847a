// Runs the automatic audit on a PENDING request, right after it is accepted (and again from the payout
// loop for any request a crash left PENDING): no flag → SUBMITTED (for payout), any flag →
// AUTO_AUDIT_FAILED (the manual audit queue).
import type pg from 'pg';
import { AUDIT_FLAG_LABELS } from '../../../shared/backoffice/finance-withdrawals.ts';
import { withTransaction } from '../../db/pool.ts';
import { auditFlags } from './audit-rules.ts';
import { loadWithdrawalSettings } from './settings.ts';
import { transition, type WithdrawalRow } from './store.ts';

export async function autoAudit(pool: pg.Pool, id: number): Promise<WithdrawalRow | null> {
  return withTransaction(pool, async (client) => {
    const locked = await client.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE id = $1 AND status = 'PENDING' FOR UPDATE`, [id]);
    const row = locked.rows[0];
    if (!row) return null;
    const flags = await auditFlags(client, row, await loadWithdrawalSettings(client));
    const passed = flags.length === 0;
    return transition(client, id, {
      from: ['PENDING'],
      to: passed ? 'SUBMITTED' : 'AUTO_AUDIT_FAILED',
      set: { flags },
      event: { action: '系统审核', by: null, note: passed ? '通过' : `转人工审核：${flags.map((f) => AUDIT_FLAG_LABELS[f]).join('、')}` },
    });
  });
}

/** Requests a crash left PENDING (accepted, not yet audited) for longer than `olderThanMs`. */
export async function auditLeftovers(pool: pg.Pool, olderThanMs = 10_000): Promise<WithdrawalRow[]> {
  const found = await pool.query<{ id: number }>(
    `SELECT id FROM withdrawals WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 100`,
    [olderThanMs / 1000],
  );
  const done: WithdrawalRow[] = [];
  for (const { id } of found.rows) {
    const row = await autoAudit(pool, id);
    if (row) done.push(row);
  }
  return done;
}
