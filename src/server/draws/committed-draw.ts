// The draw of a committed issue (platform draw types, and feed draw types under the simulated feed):
// the seed is the issue's link of its day's seed chain, checked against the commitment published
// before the issue's sales opened, mixed with the public beacon's round for the draw time when a
// beacon is configured (docs/fairness.md).
import type pg from 'pg';
import { chainSeed, derivePeriodicDraw } from '../../shared/draws/index.ts';
import type { BeaconSource } from './beacon.ts';
import { issuesPerDay } from './generator.ts';
import { daySeeds, issueCommitmentWith } from './seed-chains.ts';

export interface CommittedIssue {
  drawType: string;
  issueNumber: string;
  salesDay: string;
  sequence: number;
  drawAt: number;
  /** The per-issue commitment published before sales opened. */
  commitment: string;
}

export interface CommittedDraw {
  result: number[];
  seed: string;
  beacon: string | null;
}

/** The issue's result and the seed to reveal with it; null while the beacon's round is not out yet. */
export async function drawCommitted(pool: pg.Pool, issue: CommittedIssue, beacon: BeaconSource | undefined): Promise<CommittedDraw | null> {
  // The chain's length does not depend on the operator's calendar; the 期号 (which does) is the issue's own.
  const chain = await daySeeds(pool, issue.drawType, issue.salesDay, issuesPerDay(issue.drawType));
  const seed = chainSeed(chain, issue.sequence);
  // Never reveal a result that the published commitment does not bind.
  if (issueCommitmentWith(seed, issue.issueNumber) !== issue.commitment) {
    throw new Error(`${issue.drawType} ${issue.issueNumber}: the published commitment does not match the day's seed chain; not drawn`);
  }
  const beaconValue = beacon ? await beacon.valueFor(issue.drawAt) : null;
  if (beacon && beaconValue === null) return null;
  const { result } = await derivePeriodicDraw({ drawType: issue.drawType, issueNumber: issue.issueNumber, seed, beacon: beaconValue ?? undefined });
  return { result, seed, beacon: beaconValue };
}
