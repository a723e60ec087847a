// An open-loop HTTP load: requests leave at a fixed arrival rate whatever the server does (unlike
// autocannon's closed loop, where a slow server slows the client down and hides its queue). Each
// request's latency counts from the moment it was SCHEDULED, so time spent waiting for a free socket
// on the client is counted too (no coordinated omission). Every request ends as an answer, a
// client-side time-out (the deadline) or a connection error — none is lost from the count.
import { Agent, request as httpRequest } from 'node:http';

export interface OpenLoopRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface OpenLoopOutcome {
  /** Sequence number: the n-th request of the run. */
  n: number;
  /** When it was due to leave (epoch ms). */
  scheduledAt: number;
  /** From scheduledAt to the last byte of the answer, or to the time-out / error. */
  latencyMs: number;
  /** How late the client itself sent it (its own event loop behind): part of latencyMs, not the server's. */
  sentLateMs: number;
  /** The HTTP status, or what went wrong instead of an answer. */
  status: number | 'timeout' | 'error';
  body: string;
}

export interface OpenLoopOptions {
  url: string;
  ratePerSecond: number;
  /** Epoch ms of the first request; the run ends durationMs later (the last answers may come after). */
  startAt: number;
  durationMs: number;
  /** A request still unanswered this long after it was scheduled is given up and counted as a time-out. */
  deadlineMs: number;
  /** Connections the client may open (keep-alive); past that, requests wait for one on the client. */
  maxSockets: number;
  request(n: number): OpenLoopRequest;
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopOutcome[]> {
  const { url, ratePerSecond, startAt, durationMs, deadlineMs, maxSockets } = options;
  const agent = new Agent({ keepAlive: true, maxSockets, scheduling: 'fifo' });
  const total = Math.floor((durationMs / 1000) * ratePerSecond);
  const intervalMs = 1000 / ratePerSecond;
  const outcomes: OpenLoopOutcome[] = [];
  const pending: Promise<void>[] = [];

  const send = (n: number, scheduledAt: number) =>
    new Promise<void>((resolve) => {
      const sentLateMs = Date.now() - scheduledAt;
      const { path, headers, body } = options.request(n);
      let settled = false;
      const finish = (status: OpenLoopOutcome['status'], text: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        outcomes.push({ n, scheduledAt, latencyMs: Date.now() - scheduledAt, sentLateMs, status, body: text });
        resolve();
      };
      const req = httpRequest(
        new URL(path, url),
        { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => finish(res.statusCode ?? 0, text));
          res.on('error', () => finish('error', text));
        },
      );
      const deadline = setTimeout(() => {
        finish('timeout', '');
        req.destroy();
      }, Math.max(0, scheduledAt + deadlineMs - Date.now()));
      req.on('error', (error) => finish('error', String(error)));
      req.end(body);
    });

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = Date.now();
      while (next < total && startAt + next * intervalMs <= now) {
        pending.push(send(next, Math.round(startAt + next * intervalMs)));
        next++;
      }
      if (next >= total) resolve();
      else setTimeout(tick, Math.min(5, Math.max(0, startAt + next * intervalMs - now)));
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  return outcomes.sort((a, b) => a.n - b.n);
}

/** The p-th percentile (0–100) of the values, nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
