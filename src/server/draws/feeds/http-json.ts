// An HTTP JSON result feed: GET a URL built from a template, read the result from a path in the
// JSON body. Configured, not coded: FEED_HTTP_URL="https://feed.example/{drawType}/{issueNumber}",
// FEED_HTTP_RESULT_PATH="data.result" (an array of numbers or a "1,2,3" string).
import type { FeedIssue, ResultFeed } from './feed.ts';

export interface HttpJsonFeedOptions {
  urlTemplate: string;
  resultPath: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

function readPath(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A number, or a decimal numeral as feeds often send them ("07"); anything else is not a ball. */
function ball(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

/**
 * The numbers of a result: an array, or a "1,2,3" / "01 02 03" / "1|2|3" string; null when any part
 * is not a plain number. Whether they form a valid result of the draw type (count, range, distinct)
 * is checked by the scheduler with the engine's result format, for every feed.
 */
export function parseFeedResult(value: unknown): number[] | null {
  const parts = typeof value === 'string' ? value.split(/[\s,|+]+/).filter(Boolean) : value;
  if (!Array.isArray(parts) || parts.length === 0) return null;
  const numbers = parts.map(ball);
  return numbers.every((n) => n !== null) ? (numbers as number[]) : null;
}

export class HttpJsonFeed implements ResultFeed {
  readonly name = 'http';
  constructor(private readonly options: HttpJsonFeedOptions) {}

  async fetchResult(issue: FeedIssue): Promise<number[] | null> {
    const url = this.options.urlTemplate
      .replaceAll('{drawType}', encodeURIComponent(issue.drawType))
      .replaceAll('{issueNumber}', encodeURIComponent(issue.issueNumber));
    const response = await (this.options.fetchImpl ?? fetch)(url, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      headers: { accept: 'application/json' },
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`result feed answered ${response.status}`);
    return parseFeedResult(readPath(await response.json(), this.options.resultPath));
  }
}
