// Official results come through a result-feed adapter (FEED_ADAPTER). An external feed (`http`) is
// asked for each issue's official result. The built-in `simulated` feed fetches nothing: the server
// draws the feed's draw types itself, exactly as it draws platform draw types (a random seed chain per
// draw type and sales day kept in the database, every issue committed before its sales open and its
// seed revealed at the draw, the public beacon mixed in when configured), labelled as simulated
// wherever anyone looks (result_source 'simulated', 模拟开奖 in the PWA). `none` offers no feed draw
// type at all (sources.ts).
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

export type FeedAdapter = ResultFeed | 'simulated' | 'none';
