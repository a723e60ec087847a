// A minimal SSE reader for tests: connects with a cookie, collects parsed events.
import http from 'node:http';

export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface SseClient {
  events: ReceivedEvent[];
  status: number;
  /** Resolves when `count` events have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(baseUrl: string, cookie: string, headers: Record<string, string> = {}, path = '/sse/events'): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { cookie, ...headers } }, (response) => {
      const events: ReceivedEvent[] = [];
      const waiters: (() => void)[] = [];
      let buffer = '';
      let endResolve: () => void = () => {};
      const ended = new Promise<void>((r) => (endResolve = r));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
          }
          if (!fields.has('event')) continue;
          events.push({ id: fields.get('id'), event: fields.get('event')!, data: JSON.parse(fields.get('data') ?? 'null') });
          waiters.splice(0).forEach((w) => w());
        }
      });
      response.on('end', () => endResolve());
      response.on('close', () => endResolve());
      resolve({
        events,
        status: response.statusCode ?? 0,
        ended,
        waitFor(count, timeoutMs = 5_000) {
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`expected ${count} events, got ${events.length}`)), timeoutMs);
            const check = () => {
              if (events.length >= count) {
                clearTimeout(timer);
                ok(events.slice());
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
