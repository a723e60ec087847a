// The built-in simulated feed: a result "published" at the official draw time, derived from a
// secret with the same unbiased derivation as platform draws, so every process and every restart
// reads the same result for an issue.
import { createHash } from 'node:crypto';
import { derivePeriodicDraw } from '../../../shared/draws/index.ts';
import type { FeedIssue, ResultFeed } from './feed.ts';

export class SimulatedFeed implements ResultFeed {
  readonly name = 'simulated';
  constructor(private readonly secret: string) {}

  async fetchResult(issue: FeedIssue, now: number): Promise<number[] | null> {
    if (now < issue.drawAt) return null;
    const seed = createHash('sha256').update(`simulated-feed:${this.secret}:${issue.drawType}:${issue.issueNumber}`).digest('hex');
    const { result } = await derivePeriodicDraw({ drawType: issue.drawType, issueNumber: issue.issueNumber, seed });
    return result;
  }
}
