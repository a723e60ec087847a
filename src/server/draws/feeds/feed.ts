// Official results come through a result-feed adapter. The built-in `simulated` feed draws at the
// official times so the platform runs without an external account; it is labelled as simulated
// wherever an operator looks (the issue's result_source).
export interface FeedIssue {
  drawType: string;
  issueNumber: string;
  drawAt: number;
}

export interface ResultFeed {
  /** Stored as the issue's result_source. */
  readonly name: string;
  /** The official result once it is published, else null (asked again on the next tick). */
  fetchResult(issue: FeedIssue, now: number): Promise<number[] | null>;
}
