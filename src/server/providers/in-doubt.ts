// Settles transfers whose outcome we do not know (time-out, lost answer, a crash between sending and
// settling) by asking the provider about our reference — never by guessing (decisions §10):
//   SUCCESS / FAILED → settled so — if the answer is about our transfer (same player, direction and
//                      amount); one that is not stays IN_DOUBT for an operator, never re-checked by
//                      the job (transfers.ts `answerMismatch`). A SUCCESS's balanceAfter is history:
//                      the wallet is asked for its balance now (or left STALE);
//   never seen       → failed, but only once the in-doubt window has passed since we sent it (a
//                      request still in flight at the provider could otherwise land after we voided);
//   no answer        → asked again later (backing off).
// The job runs every PROVIDER_RESOLVE_INTERVAL_MS; an operator's 立即查询 runs the same code.
import type pg from 'pg';
import type { ProvidersConfig } from '../config.ts';
import { adapterFor } from './registry.ts';
import { recordEvent, transferById, isOpen, type TransferRow } from './transfer-store.ts';
import { isMismatch, MISMATCH_PREFIX, nextCheckDelayMs, outcomeOfAnswer, settleTransfer } from './transfers.ts';
import { refreshWallet } from './wallets.ts';

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
    // A transfer left for an operator (a mismatching answer) stays out of the automatic checks.
    await pool.query(
      `UPDATE provider_transfers SET checks = checks + 1,
              next_check_at = CASE WHEN $3::boolean THEN NULL ELSE now() + make_interval(secs => $2::double precision / 1000) END
        WHERE id = $1 AND status IN ('PENDING', 'IN_DOUBT')`,
      [id, nextCheckDelayMs(row.checks), isMismatch(row)],
    );
    await recordEvent(pool, id, actor, 'QUERY_FAILED', detail);
    return transferById(pool, id);
  }
  if (found) {
    const settled = await settleTransfer(pool, id, outcomeOfAnswer(row, found, 'query'), actor);
    // The answer's balanceAfter is the balance of when the transfer was decided, not now: ask for it
    // (a failure leaves the wallet STALE, as settleTransfer marked it).
    if (settled.status === 'SUCCESS') await refreshWallet(pool, adapter, row.customer_id);
    return settled;
  }
  if (isMismatch(row)) {
    // It answered about this reference before (with another amount, direction or player): "never seen"
    // now is one more contradiction for the operator, not a reason to void it.
    await settleTransfer(pool, id, { status: 'IN_DOUBT', detail: `${MISMATCH_PREFIX}：此前的应答不符，现查无此单，需人工核对`, manual: true }, actor);
    return transferById(pool, id);
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
