// Settles transfers whose outcome we do not know (time-out, lost answer, a crash between sending and
// settling) by asking the provider about our reference — never by guessing (decisions §10):
//   SUCCESS / FAILED → settled so;
//   never seen       → failed, but only once the in-doubt window has passed since we sent it (a
//                      request still in flight at the provider could otherwise land after we voided);
//   no answer        → asked again later (backing off).
// The job runs every PROVIDER_RESOLVE_INTERVAL_MS; an operator's 立即查询 runs the same code.
import type pg from 'pg';
import type { ProvidersConfig } from '../config.ts';
import { adapterFor } from './registry.ts';
import { recordEvent, transferById, isOpen, type TransferRow } from './transfer-store.ts';
import { nextCheckDelayMs, settleTransfer } from './transfers.ts';

/** A PENDING row older than this was abandoned mid-send (the process stopped): it is in doubt. */
const abandonedAfterMs = (config: ProvidersConfig) => config.timeoutMs + 30_000;

export async function resolveTransfer(pool: pg.Pool, config: ProvidersConfig, id: number, actor: string): Promise<TransferRow | null> {
  const row = await transferById(pool, id);
  if (!row || !isOpen(row)) return row;
  const adapter = await adapterFor(pool, config, row.provider);
  let found;
  try {
    found = await adapter.transferStatus(row.reference);
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    await pool.query(
      `UPDATE provider_transfers SET checks = checks + 1, next_check_at = now() + make_interval(secs => $2::double precision / 1000)
        WHERE id = $1 AND status IN ('PENDING', 'IN_DOUBT')`,
      [id, nextCheckDelayMs(row.checks)],
    );
    await recordEvent(pool, id, actor, 'QUERY_FAILED', detail);
    return transferById(pool, id);
  }
  if (found) {
    return settleTransfer(
      pool,
      id,
      found.status === 'SUCCESS' ? { status: 'SUCCESS', balanceAfter: found.balanceAfter, detail: '服务商确认成功' } : { status: 'FAILED', detail: '服务商确认失败' },
      actor,
    );
  }
  const age = Date.now() - row.created_at.getTime();
  if (age >= config.inDoubtWindowMs) return settleTransfer(pool, id, { status: 'FAILED', detail: '服务商从未收到该转账' }, actor);
  await settleTransfer(pool, id, { status: 'IN_DOUBT', detail: '服务商尚未收到该转账，稍后再查' }, actor);
  return transferById(pool, id);
}

/** One pass of the job: every transfer due for a check. Returns how many it looked at. */
export async function resolveDueTransfers(pool: pg.Pool, config: ProvidersConfig, limit = 50): Promise<number> {
  const due = await pool.query<{ id: number }>(
    `SELECT id FROM provider_transfers
      WHERE (status = 'IN_DOUBT' AND next_check_at <= now())
         OR (status = 'PENDING' AND created_at < now() - make_interval(secs => $1::double precision / 1000))
      ORDER BY id LIMIT $2`,
    [abandonedAfterMs(config), limit],
  );
  for (const { id } of due.rows) await resolveTransfer(pool, config, id, 'JOB');
  return due.rows.length;
}
