// Outbox retention: the outbox only serves replays after a reconnect, so old events are deleted. An
// event is kept while it is younger than the retention period and among the newest `retentionMax`;
// the newest event is always kept, so the oldest id left tells a reconnecting stream whether what
// it missed is still there (routes.ts answers `resync` when it is not).
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventsConfig } from '../config.ts';

const DELETE_BATCH = 10_000;

export interface PruneOptions {
  retentionMs: number;
  retentionMax: number;
  now?: Date;
}

/** Deletes what retention no longer keeps; returns the number of events deleted. */
export async function pruneOutbox(pool: pg.Pool, { retentionMs, retentionMax, now = new Date() }: PruneOptions): Promise<number> {
  const newestRow = await pool.query<{ id: number | null }>('SELECT max(id) AS id FROM live_events');
  const newest = newestRow.rows[0]?.id ?? null;
  if (newest === null) return 0;
  // Ids grow with commit time, so the first young event (read along the primary key) bounds the old ones.
  const young = await pool.query<{ id: number }>(
    'SELECT id FROM live_events WHERE created_at >= $1 ORDER BY id LIMIT 1',
    [new Date(now.getTime() - retentionMs)],
  );
  const keepFromAge = young.rows[0]?.id ?? newest;
  const keepFromCount = newest - retentionMax + 1;
  const keepFrom = Math.min(newest, Math.max(keepFromAge, keepFromCount));
  let deleted = 0;
  for (;;) {
    // Short batches: the outbox's appends and replays never wait long behind the cleanup.
    const result = await pool.query(
      'DELETE FROM live_events WHERE id IN (SELECT id FROM live_events WHERE id < $1 ORDER BY id LIMIT $2)',
      [keepFrom, DELETE_BATCH],
    );
    deleted += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < DELETE_BATCH) return deleted;
  }
}

/** Runs pruneOutbox every `pruneIntervalMs` (and once shortly after start); `stop` waits for a run. */
export function startOutboxRetention(pool: pg.Pool, config: LiveEventsConfig, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = pruneOutbox(pool, config)
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, 'live events pruned');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'live event pruning failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(run, Math.min(config.pruneIntervalMs, 60_000));
  const timer = setInterval(run, config.pruneIntervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
