// Placement load spread over several server processes: `connections` keep-alive clients split evenly
// over the targets (one autocannon instance per target, all at once), each request a distinct order
// (own clientKey) from the placement bench's templates, round-robin over the players' sessions.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { BenchIssue } from './issues.ts';
import { orderTemplates } from './orders.ts';

export interface LoadResult {
  ok: number;
  non2xx: number;
  /** 5xx answers among non2xx. */
  serverErrors: number;
  /** 502 among them: behind HAProxy, a request in flight on a process that died (not acknowledged). */
  badGateway: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  latencyP50: number;
  latencyP99: number;
  firstFailure: string | null;
  firstServerError: string | null;
}

export class PlacementLoad {
  private readonly bodies: string[][];
  private readonly runId = randomBytes(4).toString('hex');
  /** Requests prepared so far (each a distinct clientKey). */
  sent = 0;
  /** Orders acknowledged with 200 (what must be stored). */
  readonly acknowledged: string[] = [];

  constructor(
    issue: BenchIssue,
    private readonly cookies: readonly string[],
  ) {
    this.bodies = orderTemplates(1000).map((t) => JSON.stringify({ ...t.body, issueNumber: issue.issueNumber, clientKey: '@KEY@' }).split('"@KEY@"'));
  }

  /** Runs the load against every target at once for `seconds`; results summed over the targets. */
  async run(targets: readonly string[], connections: number, seconds: number, keep = false): Promise<LoadResult> {
    let firstFailure: string | null = null;
    let firstServerError: string | null = null;
    let serverErrors = 0;
    let badGateway = 0;
    const perTarget = Math.max(1, Math.floor(connections / targets.length));
    const results = await Promise.all(
      targets.map((url) => {
        return autocannon({
          url,
          connections: perTarget,
          duration: seconds,
          requests: [
            {
              method: 'POST',
              path: '/ajax/orders',
              // One request at a time per connection: the context carries the key to its answer.
              setupRequest: (request, context: object) => {
                const n = this.sent++;
                const key = `p-${this.runId}-${n}`;
                const [before, after] = this.bodies[(n * 2_654_435_761) % this.bodies.length]!;
                const prepared = {
                  ...request,
                  headers: { 'content-type': 'application/json', 'x-jinli-request': '1', cookie: this.cookies[n % this.cookies.length]! },
                  body: `${before}"${key}"${after}`,
                };
                (context as { key?: string }).key = key;
                return prepared;
              },
              onResponse: (status, body, context: object) => {
                if (status === 200) {
                  if (keep) this.acknowledged.push((context as { key: string }).key);
                } else {
                  if (status === 502) badGateway++;
                  if (status >= 500) {
                    serverErrors++;
                    firstServerError ??= `${status} ${body.slice(0, 300)}`;
                  }
                  firstFailure ??= `${status} ${body.slice(0, 300)}`;
                }
              },
            },
          ],
        });
      }),
    );
    const sum = (pick: (r: autocannon.Result) => number) => results.reduce((total, r) => total + pick(r), 0);
    return {
      ok: sum((r) => r['2xx']),
      non2xx: sum((r) => r.non2xx),
      serverErrors,
      badGateway,
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      durationSeconds: Math.max(...results.map((r) => r.duration)),
      latencyP50: Math.max(...results.map((r) => r.latency.p50)),
      latencyP99: Math.max(...results.map((r) => r.latency.p99)),
      firstFailure,
      firstServerError,
    };
  }
}
