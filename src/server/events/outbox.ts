// The live-event outbox. Appends run in their own short transaction (never inside a money
// transaction) under a transaction-scoped advisory lock, so ids become visible in commit order and
// a reader that remembers the last id it saw can never skip an event. An append is one statement
// (the SQL function append_live_events: lock, INSERT, NOTIFY, then the implicit commit), and a
// process coalesces its appends (publisher.ts): the lock is taken once per batch, not per event.
import type pg from 'pg';
import type { Queryable } from '../db/pool.ts';

export const EVENTS_CHANNEL = 'jinli_events';
const APPEND_LOCK = 7_412_002;

/** Internal events steer the hubs and are never sent to a browser. */
export const SESSION_REVOKED = '_sessionRevoked';

export interface NewLiveEvent {
  /** null: for everyone. */
  customerId: number | null;
  type: string;
  payload: unknown;
}

export interface StoredLiveEvent {
  id: number;
  customerId: number | null;
  type: string;
  payload: unknown;
}

interface EventRow {
  id: number;
  customer_id: number | null;
  type: string;
  payload: unknown;
}

const toEvent = (row: EventRow): StoredLiveEvent => ({
  id: row.id,
  customerId: row.customer_id,
  type: row.type,
  payload: row.payload,
});

/**
 * Appends events as one statement (append_live_events, drizzle/0006_placement_functions.sql): the
 * global advisory lock is taken before the ids are drawn and held until the statement's implicit
 * transaction has committed, then one NOTIFY. One round trip, whatever the number of events.
 */
export async function appendEvents(pool: Queryable, events: readonly NewLiveEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  return appendSerialized(pool, events.map(serialize));
}

/** An event with its payload already turned into JSON text (so a bad payload fails its own caller). */
export interface SerializedEvent {
  customerId: number | null;
  type: string;
  payload: string;
}

export const serialize = (event: NewLiveEvent): SerializedEvent => ({
  customerId: event.customerId,
  type: event.type,
  payload: JSON.stringify(event.payload),
});

export async function appendSerialized(pool: Queryable, events: readonly SerializedEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const result = await pool.query<{ id: number }>({
    name: 'append_live_events',
    text: 'SELECT id FROM append_live_events($1::bigint[], $2::text[], $3::jsonb[]) AS id',
    values: [events.map((e) => e.customerId), events.map((e) => e.type), events.map((e) => e.payload)],
  });
  return result.rows.map((r) => r.id);
}

export async function latestEventId(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: number | null }>('SELECT max(id) AS id FROM live_events');
  return result.rows[0]?.id ?? 0;
}

/** Every event after `cursor`, for a hub that dispatches to its own connections. */
export async function eventsAfter(pool: pg.Pool, cursor: number, limit: number): Promise<StoredLiveEvent[]> {
  const result = await pool.query<EventRow>(
    'SELECT id, customer_id, type, payload FROM live_events WHERE id > $1 ORDER BY id LIMIT $2',
    [cursor, limit],
  );
  return result.rows.map(toEvent);
}

/** What one customer missed after `afterId` (Last-Event-ID replay). */
export async function replayFor(
  pool: pg.Pool,
  customerId: number,
  afterId: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  const result = await pool.query<EventRow>(
    `SELECT id, customer_id, type, payload FROM live_events
      WHERE id > $2 AND (customer_id = $1 OR customer_id IS NULL) AND type NOT LIKE '\\_%'
      ORDER BY id LIMIT $3`,
    [customerId, afterId, limit],
  );
  return result.rows.map(toEvent);
}

/** The oldest and newest id still in the outbox (null when it is empty). */
export async function outboxBounds(pool: pg.Pool): Promise<{ oldest: number | null; newest: number | null }> {
  const result = await pool.query<{ oldest: number | null; newest: number | null }>(
    'SELECT min(id) AS oldest, max(id) AS newest FROM live_events',
  );
  return { oldest: result.rows[0]?.oldest ?? null, newest: result.rows[0]?.newest ?? null };
}
