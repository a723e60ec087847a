// Benchmark (not a test): outbox retention by dropping partitions (src/server/events/retention.ts)
// next to the batched DELETE it replaced, removing the same events in the same run on the same server.
//   node --import tsx bench/outbox-retention.ts [events=1000000] [--save]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one.
// Output in .data/bench/outbox-retention.txt; --save (default size) updates bench/results/outbox-retention.txt.
//
// Both tables hold the same rows: `events` past retention (ids 0…events−1, 30 days old) and one fresh
// event after them. The reference is the former pruneOutbox on an unpartitioned copy of the outbox
// (same columns and indexes): DELETE … WHERE id IN (SELECT … LIMIT 10000) until done; the VACUUM that
// the dead rows then need is timed too, for information. The figure is pruneOutbox on the partitioned
// outbox (DETACH + DROP of every partition past retention). Target: ≤ 0.05× the DELETE's time.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { addOutboxPartitions, OUTBOX_PARTITION_SPAN, outboxPartitions, pruneOutbox } from '../src/server/events/retention.ts';
import { appendEvents } from '../src/server/events/outbox.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';

const DEFAULT_EVENTS = 1_000_000;
const RETENTION = { retentionMs: 7 * 86_400_000, retentionMax: 1_000_000_000 };
const DELETE_BATCH = 10_000;

const fill = (pool: pg.Pool, table: string, events: number) =>
  pool.query(
    `INSERT INTO ${table} (id, customer_id, type, payload, created_at)
     SELECT g, g % 2000, 'balance', jsonb_build_object('balance', g), now() - interval '30 days'
       FROM generate_series(0, $1::bigint - 1) g`,
    [events],
  );

/** The former retention (before the outbox was partitioned), verbatim but for the table's name. */
async function deleteInBatches(pool: pg.Pool, table: string): Promise<number> {
  const newest = (await pool.query<{ id: number }>(`SELECT max(id) AS id FROM ${table}`)).rows[0]!.id;
  const young = await pool.query<{ id: number }>(`SELECT id FROM ${table} WHERE created_at >= $1 ORDER BY id LIMIT 1`, [
    new Date(Date.now() - RETENTION.retentionMs),
  ]);
  const keepFrom = Math.min(newest, Math.max(young.rows[0]?.id ?? newest, newest - RETENTION.retentionMax + 1));
  let deleted = 0;
  for (;;) {
    const result = await pool.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE id < $1 ORDER BY id LIMIT $2)`, [
      keepFrom,
      DELETE_BATCH,
    ]);
    deleted += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < DELETE_BATCH) return deleted;
  }
}

const count = async (pool: pg.Pool, table: string) => Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const [eventsArg] = positionalArgs().map(Number);
const events = eventsArg || DEFAULT_EVENTS;
const report = new Report();
const bench = await openBenchDatabase('jinli_fanout_retention', { seed: false });
const cleanup = cleanupOnSignal(bench.cleanup);
try {
  const pool = bench.database.pool;
  report.progress(`filling both outboxes with ${fmt(events)} old events…`);
  // The unpartitioned outbox as drizzle/0000 created it.
  await pool.query(`CREATE TABLE plain_events (
    id bigserial PRIMARY KEY, customer_id bigint, type text NOT NULL, payload jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL)`);
  await pool.query('CREATE INDEX plain_events_customer_idx ON plain_events (customer_id, id)');
  await fill(pool, 'plain_events', events);
  await pool.query(`INSERT INTO plain_events (id, customer_id, type, payload) VALUES ($1, NULL, 'fresh', '{}')`, [events + 1]);
  // Partitions for the ids about to be written, as the retention job creates them ahead.
  await pool.query("SELECT setval('live_events_id_seq', $1)", [events]);
  await addOutboxPartitions(pool);
  await fill(pool, 'live_events', events);
  await appendEvents(pool, [{ customerId: null, type: 'fresh', payload: {} }]);
  await pool.query('VACUUM ANALYZE plain_events');
  await pool.query('VACUUM ANALYZE live_events');
  const partitionsBefore = (await outboxPartitions(pool)).length;
  await pool.query('CHECKPOINT');

  report.line('# Outbox retention: dropping partitions vs the batched DELETE (bench/outbox-retention.ts)');
  report.line(await environmentLine(pool));
  report.line(`${fmt(events)} events past retention plus one fresh one in each outbox; partitions of ${fmt(OUTBOX_PARTITION_SPAN)} ids.`);

  const partitionedBefore = await count(pool, 'live_events');
  report.progress('reference: batched DELETE…');
  const deletion = await timed(() => deleteInBatches(pool, 'plain_events'));
  const loadAfterDelete = os.loadavg()[0]!.toFixed(2);
  const vacuum = await timed(() => pool.query('VACUUM plain_events'));
  await pool.query('CHECKPOINT');
  report.progress('figure: dropping partitions…');
  const dropping = await timed(() => pruneOutbox(pool, RETENTION));
  const loadAfterDrop = os.loadavg()[0]!.toFixed(2);

  const leftPlain = await count(pool, 'plain_events');
  const leftPartitioned = await count(pool, 'live_events');
  report.line();
  report.table(
    ['retention', 'events removed', 'time', 'ratio to DELETE (target ≤ 0.05)', 'left', 'load average (1 min)'],
    [
      ['batched DELETE (reference)', fmt(deletion.value), `${fmt(deletion.ms / 1000, 2)} s`, '1.00×', leftPlain, loadAfterDelete],
      ['  + the VACUUM it leaves behind', '', `${fmt(vacuum.ms / 1000, 2)} s`, '', '', ''],
      [
        `drop ${dropping.value.length} of ${partitionsBefore} partitions`,
        fmt(partitionedBefore - leftPartitioned),
        `${fmt(dropping.ms, 1)} ms`,
        `${fmt(dropping.ms / deletion.ms, 4)}×`,
        leftPartitioned,
        loadAfterDrop,
      ],
    ],
  );
  if (leftPlain !== 1 || leftPartitioned !== 1) report.line(`MISMATCH: expected one event left in each, got ${leftPlain} and ${leftPartitioned}`);
  report.save('outbox-retention.txt', events === DEFAULT_EVENTS);
} finally {
  await cleanup();
}
