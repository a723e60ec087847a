// The AI assistant (issue 21 item 4): POST /sse/chatgpt answers a logged-in customer's question as a
// server-sent event stream: `delta` {text} pieces, then `sources` [{title, href}] and `done` {kind},
// or `error` {message} when the adapter fails midway. Bad input and the rate limit are refused with
// an ordinary JSON error before the stream starts. Questions are not stored (only their count).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSISTANT_EVENTS, ASSISTANT_FAILED_MESSAGE, ASSISTANT_STREAM_PATH, AskBodySchema } from '../../shared/api/assistant.ts';
import type { ServerContext } from '../context.ts';
import { requireSession } from '../session/access.ts';
import { answerQuestion } from './answer.ts';
import { knowledgeFor } from './knowledge.ts';
import { rateLimitError, takeQuestion } from './rate-limit.ts';
import { assistantSettings } from './settings.ts';

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export async function assistantRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.post(ASSISTANT_STREAM_PATH, { config: { access: { tier: 'loggedIn' } }, schema: { body: AskBodySchema } }, async (request, reply) => {
    const session = await requireSession(ctx, request);
    const settings = await assistantSettings(pool);
    const taken = await takeQuestion(pool, Number(session.customer.id), settings);
    if (taken !== 'ok') throw rateLimitError(taken);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded && !res.destroyed) res.write(sseFrame(event, data));
    };
    try {
      const result = await answerQuestion(settings, knowledgeFor(pool), request.body.question, (text) => send(ASSISTANT_EVENTS.delta, { text }), gone.signal);
      send(ASSISTANT_EVENTS.sources, result.sources);
      send(ASSISTANT_EVENTS.done, { kind: result.kind });
    } catch (error) {
      if (!gone.signal.aborted) request.log.warn({ err: error }, 'assistant answer failed');
      send(ASSISTANT_EVENTS.error, { message: ASSISTANT_FAILED_MESSAGE });
    } finally {
      res.end();
    }
  });
}
