// GET /sse/events: one stream per tab for the logged-in customer, replaying from Last-Event-ID
// (header, or the query parameter the app uses when it recreates the stream). The replay is read in
// pages until it has caught up; when the outbox no longer holds what was missed (pruned, more than
// LIVE_EVENTS_REPLAY_MAX, or an id it never issued) the stream sends `resync` instead.
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, LAST_EVENT_ID_PARAM, RESYNC_EVENT } from '../../shared/api/events.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { sessionOf } from '../session/access.ts';
import { latestEventId, outboxBounds, replayFor } from './outbox.ts';
import { LiveStream, parseEventId, startEventStream } from './sse.ts';

const REPLAY_PAGE = 1000;
const RETRY_MS = 5_000;

/** Whether the events after `lastId` are all still in the outbox: none pruned, none from the future. */
async function replayable(ctx: ServerContext, lastId: number): Promise<{ ok: true } | { ok: false; position: number }> {
  const { oldest, newest } = await outboxBounds(ctx.database.pool);
  // Retention always keeps the newest event, so the oldest id left marks where pruning stopped.
  const pruned = oldest !== null && lastId < oldest - 1;
  const unknown = lastId > (newest ?? 0);
  return pruned || unknown ? { ok: false, position: newest ?? 0 } : { ok: true };
}

export async function eventRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { replayMax } = ctx.config.liveEvents;

  const onOverflow = (stream: LiveStream) =>
    app.log.info({ customerId: stream.customerId }, 'live event stream closed: its client reads too slowly');

  // No HEAD: a stream has no end, so a HEAD answer would never be sent (its headers wait for a body).
  app.get(EVENTS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const session = await sessionOf(ctx, request);
    if (!session) throw errors.unauthenticated();
    const query = request.query as Record<string, unknown>;
    const lastId = parseEventId(request.headers['last-event-id']) ?? parseEventId(query[LAST_EVENT_ID_PARAM]);

    reply.hijack();
    const res = reply.raw;
    startEventStream(res, RETRY_MS);
    // Live events are held back by the stream until the replay is written (startLive).
    const stream = new LiveStream(session.customer.id, session.sessionId, res, lastId ?? ctx.events.position, onOverflow);
    stream.attached(ctx.events.attach(stream));

    try {
      if (lastId !== null) await replay(ctx, stream, session.customer.id, lastId, replayMax);
    } catch (error) {
      request.log.warn({ err: error }, 'event replay failed');
    }
    stream.startLive();
  });
}

/** Writes what the customer missed after `lastId`, page by page, or `resync` when that is not possible. */
async function replay(ctx: ServerContext, stream: LiveStream, customerId: number, lastId: number, replayMax: number): Promise<void> {
  const check = await replayable(ctx, lastId);
  if (!check.ok) return stream.resync(check.position, RESYNC_EVENT);
  let replayed = 0;
  for (let after = lastId; stream.isOpen; ) {
    // One more than may still be replayed: that extra row says the replay would be too long.
    const limit = Math.min(REPLAY_PAGE, replayMax - replayed + 1);
    const page = await replayFor(ctx.database.pool, customerId, after, limit);
    if (replayed + page.length > replayMax) return stream.resync(await latestEventId(ctx.database.pool), RESYNC_EVENT);
    for (const event of page) stream.replay(event);
    replayed += page.length;
    if (page.length < limit) return;
    after = page[page.length - 1]!.id;
    // A slow reader is replayed at its own pace, not buffered whole in memory.
    await stream.drained();
  }
}
