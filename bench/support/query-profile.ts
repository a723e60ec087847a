// Where a sequential job's time goes: wraps pg.Client#query (every pool client of this process) and
// sums the time from sending each statement to its result, by statement. For a job that runs one
// statement at a time (settlement does), wall time − Σ statement time ≈ time spent in JavaScript.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface StatementTime {
  statement: string;
  calls: number;
  ms: number;
}

export interface QueryProfile {
  stop(): StatementTime[];
}

const label = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 72);

export function profileQueries(): QueryProfile {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const byStatement = new Map<string, StatementTime>();
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text ?? '?';
    const start = performance.now();
    const record = () => {
      const key = label(text);
      const entry = byStatement.get(key) ?? { statement: key, calls: 0, ms: 0 };
      entry.calls += 1;
      entry.ms += performance.now() - start;
      byStatement.set(key, entry);
    };
    // pool.query calls client.query with a callback; everything else awaits the returned promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        record();
        callback(...results);
      };
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(record, record);
    return result;
  };
  return {
    stop() {
      proto.query = original;
      return [...byStatement.values()].sort((a, b) => b.ms - a.ms);
    },
  };
}
