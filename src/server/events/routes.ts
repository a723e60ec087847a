// GET /sse/events: one stream per tab for the logged-in customer, replaying from Last-Event-ID
// (header, or the query parameter the app uses when it recreates the stream). The replay is read in
// pages until it has caught up; when the outbox no longer holds what was missed (pruned, more than
// LIVE_EVENTS_REPLAY_MAX, or an id it never issued) the stream sends `resync` instead.
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, LAST_EVENT_ID_PARAM, RESYNC_EVENT } from '../../shared/api/events.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { sessionOf } from '../session/access.ts';
import type { EventConnection } from './hub.ts';
import { latestEventId, outboxBounds, replayFor, type StoredLiveEvent } from './outbox.ts';
import { startOutboxRetention } from './retention.ts';

const REPLAY_PAGE = 1000;
const RETRY_MS = 5_000;

function parseEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

function frame(event: StoredLiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
}

/** Whether the events after `lastId` are all still in the outbox: none pruned, none from the future. */
async function replayable(ctx: ServerContext, lastId: number): Promise<{ ok: true } | { ok: false; position: number }> {
  const { oldest, newest } = await outboxBounds(ctx.database.pool);
  // Retention always keeps the newest event, so the oldest id left marks where pruning stopped.
  const pruned = oldest !== null && lastId < oldest - 1;
  const unknown = lastId > (newest ?? 0);
  return pruned || unknown ? { ok: false, position: newest ?? 0 } : { ok: true };
}

export async function eventRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const retention = startOutboxRetention(ctx.database.pool, ctx.config.liveEvents, app.log);
  app.addHook('onClose', () => retention.stop());
  const { replayMax } = ctx.config.liveEvents;

  // No HEAD: a stream has no end, so a HEAD answer would never be sent (its headers wait for a body).
  app.get(EVENTS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const session = await sessionOf(ctx, request);
    if (!session) throw errors.unauthenticated();
    const query = request.query as Record<string, unknown>;
    const lastId = parseEventId(request.headers['last-event-id']) ?? parseEventId(query[LAST_EVENT_ID_PARAM]);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);

    // Until the replay is written, live events wait in `buffer`; `cursor` keeps each event once.
    let cursor = lastId ?? ctx.events.position;
    let buffer: StoredLiveEvent[] | null = [];
    let open = true;
    const send = (event: StoredLiveEvent) => {
      if (!open || event.id <= cursor) return;
      cursor = event.id;
      res.write(frame(event));
    };
    /** Skips to `position` (possibly backwards): the app refetches instead of replaying. */
    const resync = (position: number) => {
      if (!open) return;
      cursor = position;
      res.write(`id: ${position}\nevent: ${RESYNC_EVENT}\ndata: {}\n\n`);
    };
    const connection: EventConnection = {
      customerId: session.customer.id,
      sessionId: session.sessionId,
      deliver: (event) => (buffer ? buffer.push(event) : send(event)),
      heartbeat: () => open && res.write(': ping\n\n'),
      close: () => {
        if (!open) return;
        open = false;
        detach();
        res.end();
      },
    };
    const detach = ctx.events.attach(connection);
    request.raw.on('close', () => {
      open = false;
      detach();
    });

    try {
      if (lastId !== null) {
        const check = await replayable(ctx, lastId);
        if (!check.ok) resync(check.position);
        else {
          let replayed = 0;
          for (let after = lastId; open; ) {
            // One more than may still be replayed: that extra row says the replay would be too long.
            const limit = Math.min(REPLAY_PAGE, replayMax - replayed + 1);
            const page = await replayFor(ctx.database.pool, session.customer.id, after, limit);
            if (replayed + page.length > replayMax) {
              resync(await latestEventId(ctx.database.pool));
              break;
            }
            for (const event of page) send(event);
            replayed += page.length;
            if (page.length < limit) break;
            after = page[page.length - 1]!.id;
          }
        }
      }
    } catch (error) {
      request.log.warn({ err: error }, 'event replay failed');
    }
    const pending = buffer;
    buffer = null;
    for (const event of pending) send(event);
  });
}
