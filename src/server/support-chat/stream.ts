// GET /sse/im: the customer's chat stream. `message` events carry the message id as the event id;
// after a reconnect (Last-Event-ID header, or the lastEventId query the window uses when it recreates
// the stream) every message after that id is sent, in order, once. Typing, read receipts and
// conversation changes are transient (no id). The stream rides on the main hub for its heartbeat, for
// ending when the session is revoked and for shutdown; its wake-ups come from the ImHub.
import type { FastifyInstance } from 'fastify';
import { LAST_EVENT_ID_PARAM } from '../../shared/api/events.ts';
import { IM_EVENTS, SUPPORT_CHAT_PATHS } from '../../shared/api/support-chat.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { sessionOf } from '../session/access.ts';
import type { ImHub, ImSignal } from './im-hub.ts';
import { customerConversation, messagesAfter } from './views.ts';
import { parseEventId, startEventStream } from '../events/sse.ts';

const PAGE = 500;
const RETRY_MS = 3_000;

async function newestMessageId(ctx: ServerContext, customerId: number): Promise<number> {
  const result = await ctx.database.pool.query<{ id: string | null }>('SELECT max(id) AS id FROM support_messages WHERE customer_id = $1', [customerId]);
  return Number(result.rows[0]?.id ?? 0);
}

export function registerImStream(app: FastifyInstance, ctx: ServerContext, hub: ImHub): void {
  app.get(SUPPORT_CHAT_PATHS.stream, { exposeHeadRoute: false }, async (request, reply) => {
    const session = await sessionOf(ctx, request);
    if (!session) throw errors.unauthenticated();
    const customerId = Number(session.customer.id);
    const query = request.query as Record<string, unknown>;
    const lastId = parseEventId(request.headers['last-event-id']) ?? parseEventId(query[LAST_EVENT_ID_PARAM]);
    let cursor = lastId ?? (await newestMessageId(ctx, customerId));

    reply.hijack();
    const res = reply.raw;
    startEventStream(res, RETRY_MS);

    let open = true;
    let fetching: Promise<void> | null = null;
    let again = false;
    const write = (event: string, data: unknown, id?: number) => {
      if (open) res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    /** Sends every message after the cursor; one read at a time, one more if woken meanwhile. */
    const catchUp = (): void => {
      if (fetching) {
        again = true;
        return;
      }
      fetching = (async () => {
        for (;;) {
          const page = await messagesAfter(ctx.database.pool, customerId, cursor, PAGE);
          for (const message of page) {
            if (!open) return;
            cursor = message.id;
            write(IM_EVENTS.message, message, message.id);
          }
          if (page.length < PAGE) return;
        }
      })()
        .catch((error: unknown) => request.log.warn({ err: error }, 'support chat stream read failed'))
        .finally(() => {
          fetching = null;
          if (again && open) {
            again = false;
            catchUp();
          }
        });
    };
    const sendConversation = () =>
      void customerConversation(ctx.database.pool, customerId)
        .then((conversation) => conversation && write(IM_EVENTS.conversation, conversation))
        .catch(() => {});
    const onSignal = (signal: ImSignal) => {
      if (signal.k === 'm') catchUp();
      else if (signal.k === 't') write(IM_EVENTS.typing, {});
      else if (signal.k === 'r') write(IM_EVENTS.read, { operatorReadId: signal.id });
      else sendConversation();
    };

    const detachIm = hub.attach({ customerId, signal: onSignal });
    const detachMain = ctx.events.attach({
      customerId,
      sessionId: session.sessionId,
      deliver: () => {},
      heartbeat: () => open && res.write(': ping\n\n'),
      close: () => {
        if (!open) return;
        stop();
        res.end();
      },
    });
    const stop = () => {
      open = false;
      detachIm();
      detachMain();
    };
    request.raw.on('close', stop);
    catchUp();
  });
}
