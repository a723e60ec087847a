// GET /sse/events: one stream per tab for the logged-in customer, replaying from Last-Event-ID
// (header, or the query parameter the app uses when it recreates the stream).
import type { FastifyInstance } from 'fastify';
import { EVENTS_PATH, LAST_EVENT_ID_PARAM } from '../../shared/api/events.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { sessionOf } from '../session/access.ts';
import type { EventConnection } from './hub.ts';
import { replayFor, type StoredLiveEvent } from './outbox.ts';

const REPLAY_LIMIT = 1000;
const RETRY_MS = 5_000;

function parseEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

function frame(event: StoredLiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
}

export async function eventRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get(EVENTS_PATH, async (request, reply) => {
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
        for (const event of await replayFor(ctx.database.pool, session.customer.id, lastId, REPLAY_LIMIT)) send(event);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'event replay failed');
    }
    const pending = buffer;
    buffer = null;
    for (const event of pending) send(event);
  });
}
