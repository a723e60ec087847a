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

export function parseFeedResult(value: unknown): number[] | null {
  const parts = typeof value === 'string' ? value.split(/[\s,|]+/).filter(Boolean).map(Number) : value;
  if (!Array.isArray(parts) || parts.length === 0) return null;
  return parts.every((n) => Number.isInteger(n)) ? (parts as number[]) : null;
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
