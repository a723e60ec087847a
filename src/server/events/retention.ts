// Outbox retention: the outbox only serves replays after a reconnect, so old events go. The outbox is
// partitioned by id range (drizzle/0041_outbox_partitions.sql) and retention drops whole partitions —
// a catalog change, no dead rows for vacuum, however many events — instead of deleting rows.
//
// The rule: an event is past retention when it is older than the retention period or not among the
// newest `retentionMax`. A partition goes when every event in it is past retention; the one holding
// the newest event never goes, so the oldest id left tells a reconnecting stream whether what it
// missed is still there (routes.ts answers `resync` when it is not). Only the oldest partitions go,
// so what is kept is always every event from some id on: the rule's events, and at most one
// partition's worth more.
//
// The same job creates partitions ahead of the id sequence. If it falls behind, appends land in the
// default partition (an append never fails) and the next partition created takes those rows over.
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventsConfig } from '../config.ts';
import type { Singletons } from '../jobs/singletons.ts';

/** Ids per partition: well under the default retention count, so little is kept beyond the rule. */
export const OUTBOX_PARTITION_SPAN = 250_000;
/** How many spans of ids beyond the sequence have partitions ready. */
const PARTITIONS_AHEAD = 4;
/** Partition changes wait at most this long for the outbox's readers and writers, then try next run. */
const LOCK_TIMEOUT = '2s';
/** Two processes never change the partitions at once (during a lease handover, say). */
const PARTITIONS_LOCK = 7_412_003;
/** The job runs at least this often (partitions ahead need checking more often than pruning). */
const MAX_JOB_INTERVAL_MS = 60_000;

export interface OutboxPartition {
  name: string;
  from: number;
  to: number;
}

/** The range partitions of the outbox, oldest first (the default partition is not among them). */
export async function outboxPartitions(pool: pg.Pool): Promise<OutboxPartition[]> {
  const result = await pool.query<{ name: string; bound: string }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'live_events'::regclass`,
  );
  const partitions: OutboxPartition[] = [];
  for (const row of result.rows) {
    const match = /FROM \('(-?\d+)'\) TO \('(-?\d+)'\)/.exec(row.bound);
    if (match) partitions.push({ name: row.name, from: Number(match[1]), to: Number(match[2]) });
  }
  return partitions.sort((a, b) => a.from - b.from);
}

/** Creates partitions until the ids `ahead` spans beyond the sequence have one; returns how many. */
export async function addOutboxPartitions(pool: pg.Pool, span = OUTBOX_PARTITION_SPAN, ahead = PARTITIONS_AHEAD): Promise<number> {
  const partitions = await outboxPartitions(pool);
  const sequence = await pool.query<{ last: number }>('SELECT last_value AS last FROM live_events_id_seq');
  const issued = sequence.rows[0]!.last;
  let top = partitions.length > 0 ? partitions[partitions.length - 1]!.to : 0;
  let created = 0;
  while (top <= issued + ahead * span) {
    // After a jump of the sequence (or a job that fell far behind) one partition covers the ids passed.
    const to = Math.max(top + span, (Math.floor(issued / span) + 1) * span);
    await createPartition(pool, top, to);
    top = to;
    created += 1;
  }
  return created;
}

async function createPartition(pool: pg.Pool, from: number, to: number): Promise<void> {
  const name = `live_events_p${from}`;
  await inTransaction(pool, async (client) => {
    await client.query(`CREATE TABLE ${name} (LIKE live_events)`);
    // Rows appended to the default partition meanwhile move with their range.
    await client.query(
      `WITH moved AS (DELETE FROM live_events_default WHERE id >= $1 AND id < $2 RETURNING *)
       INSERT INTO ${name} SELECT * FROM moved`,
      [from, to],
    );
    await client.query(`ALTER TABLE live_events ATTACH PARTITION ${name} FOR VALUES FROM (${from}) TO (${to})`);
  });
}

export interface PruneOptions {
  retentionMs: number;
  retentionMax: number;
  now?: Date;
}

/** Drops the oldest partitions whose every event is past retention; returns the partitions dropped. */
export async function pruneOutbox(pool: pg.Pool, { retentionMs, retentionMax, now = new Date() }: PruneOptions): Promise<OutboxPartition[]> {
  const newestRow = await pool.query<{ id: number | null }>('SELECT max(id) AS id FROM live_events');
  const newest = newestRow.rows[0]?.id ?? null;
  if (newest === null) return [];
  const keepFromCount = newest - retentionMax + 1;
  const cutoff = new Date(now.getTime() - retentionMs);
  const dropped: OutboxPartition[] = [];
  for (const partition of await outboxPartitions(pool)) {
    // The partition of the newest event (and any after it) stays.
    if (partition.to > newest) break;
    // Ids grow with commit time: the partition's newest event is its youngest.
    const last = await pool.query<{ created_at: Date }>(`SELECT created_at FROM ${partition.name} ORDER BY id DESC LIMIT 1`);
    const youngest = last.rows[0]?.created_at ?? null;
    const past = youngest === null || partition.to <= keepFromCount || youngest < cutoff;
    if (!past) break;
    await inTransaction(pool, async (client) => {
      await client.query(`ALTER TABLE live_events DETACH PARTITION ${partition.name}`);
      await client.query(`DROP TABLE ${partition.name}`);
    });
    dropped.push(partition);
  }
  return dropped;
}

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    await client.query('SELECT pg_advisory_xact_lock($1)', [PARTITIONS_LOCK]);
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** One pass of the job: partitions ahead first (so the default partition stays empty), then pruning. */
export async function maintainOutbox(pool: pg.Pool, config: PruneOptions, log: FastifyBaseLogger): Promise<void> {
  const created = await addOutboxPartitions(pool);
  if (created > 0) log.info({ created }, 'live event partitions created');
  const dropped = await pruneOutbox(pool, config);
  if (dropped.length > 0) log.info({ dropped: dropped.map((p) => p.name) }, 'live event partitions dropped');
}

/** The retention job: one across all processes (`outbox-retention`), every prune interval or minute. */
export function startOutboxRetention(
  pool: pg.Pool,
  config: LiveEventsConfig,
  log: FastifyBaseLogger,
  singletons: Singletons,
): { stop(): Promise<void> } {
  const intervalMs = Math.min(config.pruneIntervalMs, MAX_JOB_INTERVAL_MS);
  return singletons.loop('outbox-retention', () => maintainOutbox(pool, config, log), intervalMs, log).start();
}
