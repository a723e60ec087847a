// Switching to the simulated feed (from a real feed, or from a version whose simulated feed had no
// commitments): an issue still waiting for its sales gets its commitment when issues are generated;
// one already on sale never does, is never drawn from a seed, and is cancelled at the feed timeout.
// Committing and opening the sales race safely: many generators and many openers at the same instant
// never write a commitment on an issue already on sale (a trigger in the test database refuses it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultFeed } from '../../src/server/draws/feeds/feed.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { buildHashChain, chainSeed, issueCommitment, nextIssue, verifyPeriodicDraw, type ScheduledIssue } from '../../src/shared/draws/index.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

const silent: ResultFeed = { name: 'http', fetchResult: async () => null };
const clock = new ManualClock(beijing('2026-11-22 10:00:10'));
let db: TestDatabase;
const pool = () => db.database.pool;
const scheduler = (feed: 'simulated' | ResultFeed) =>
  new DrawScheduler({ pool: pool(), clock, feed, lifecycle: noOrdersLifecycle, feedTimeoutMs: 30 * 60_000 });

interface Row {
  state: string;
  commitment: string | null;
  seed: string | null;
  result: number[] | null;
  result_source: string | null;
  cancel_reason: string | null;
  sequence: number;
}
const row = async (issueNumber: string) =>
  (
    await pool().query<Row>(
      `SELECT state, commitment, seed, result, result_source, cancel_reason, sequence FROM draw_issues WHERE draw_type = 'CQSSC' AND issue_number = $1`,
      [issueNumber],
    )
  ).rows[0]!;

let onSale: ScheduledIssue;
let waiting: ScheduledIssue;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(pool());
  await pool().query(`UPDATE own_games SET enabled = draw_type = 'CQSSC'`);
  // The invariant under test, enforced where every writer goes through: no commitment once on sale.
  await pool().query(`
    CREATE FUNCTION refuse_late_commitment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'commitment written on issue % in state %', OLD.issue_number, OLD.state;
    END $$;
    CREATE TRIGGER refuse_late_commitment BEFORE UPDATE OF commitment ON draw_issues FOR EACH ROW
      WHEN (OLD.commitment IS DISTINCT FROM NEW.commitment AND OLD.state <> 'SCHEDULED') EXECUTE FUNCTION refuse_late_commitment();`);
  // Under a real feed: issues without commitments.
  await scheduler(silent).tick();
  onSale = nextIssue('CQSSC', clock.now());
  waiting = nextIssue('CQSSC', onSale.closesAt);
  expect((await row(onSale.issueNumber)).state).toBe('OPEN');
  expect((await row(waiting.issueNumber)).state).toBe('SCHEDULED');
  expect((await row(waiting.issueNumber)).commitment).toBeNull();
});
afterAll(() => db.drop());

describe('switching to the simulated feed', () => {
  it('commits the issue still waiting for its sales, not the one on sale', async () => {
    await scheduler('simulated').tick();
    expect((await row(onSale.issueNumber)).commitment).toBeNull();
    const committed = await row(waiting.issueNumber);
    const chain = await pool().query<{ terminal_seed: string; length: number }>(
      `SELECT terminal_seed, length FROM seed_chains WHERE draw_type = 'CQSSC' AND sales_day = $1`,
      [waiting.salesDay],
    );
    const built = await buildHashChain(chain.rows[0]!.terminal_seed, chain.rows[0]!.length);
    expect(committed.commitment).toBe(await issueCommitment(chainSeed(built, committed.sequence), waiting.issueNumber));
  });

  it('never draws the uncommitted issue (cancelled at the timeout); draws the committed one verifiably', async () => {
    const simulated = scheduler('simulated');
    clock.set(waiting.drawAt + 5_000);
    await simulated.tick();
    expect((await row(onSale.issueNumber))).toMatchObject({ state: 'CLOSED', result: null, seed: null });
    const drawn = await row(waiting.issueNumber);
    expect(drawn).toMatchObject({ state: 'SETTLED', result_source: 'simulated' });
    const check = await verifyPeriodicDraw({
      drawType: 'CQSSC',
      issueNumber: waiting.issueNumber,
      seed: drawn.seed!,
      commitment: drawn.commitment!,
      publishedResult: drawn.result!,
    });
    expect(check.verdict, check.summary).toBe('PASS');

    clock.set(onSale.drawAt + 31 * 60_000);
    await simulated.tick();
    expect(await row(onSale.issueNumber)).toMatchObject({ state: 'CANCELLED', result: null, seed: null, cancel_reason: 'NO_RESULT' });
  });

  it('generators and openers racing at an issue’s opening never commit it once it is on sale', async () => {
    // Issues of a later day (beyond every look-ahead so far) generated under the real feed; then, at
    // the second one of them opens, six generators under the simulated feed and six openers at once.
    const later = beijing('2026-11-25 10:05:00');
    clock.set(later);
    await scheduler(silent).generate(later);
    const target = nextIssue('CQSSC', nextIssue('CQSSC', later).closesAt);
    expect((await row(target.issueNumber))).toMatchObject({ state: 'SCHEDULED', commitment: null });
    clock.set(target.opensAt);
    const racers = Array.from({ length: 6 }, () => [scheduler('simulated'), scheduler('simulated')] as const);
    await Promise.all(racers.flatMap(([generator, opener]) => [generator.generate(target.opensAt), opener.tickSales(target.opensAt)]));
    const after = await row(target.issueNumber);
    expect(after.state).toBe('OPEN');
    const commitments = await pool().query(`SELECT 1 FROM draw_issues WHERE draw_type = 'CQSSC' AND state = 'OPEN' AND commitment IS NULL AND issue_number = $1`, [target.issueNumber]);
    // Whichever came first, the issue is either committed before it opened or not at all; if not, it is never drawn.
    if (commitments.rowCount === 1) {
      clock.set(target.drawAt + 5_000);
      await scheduler('simulated').tick();
      expect(await row(target.issueNumber)).toMatchObject({ state: 'CLOSED', seed: null, result: null });
    } else {
      expect(after.commitment).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
