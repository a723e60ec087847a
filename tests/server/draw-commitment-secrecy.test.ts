// While an issue is on sale, nothing the public API has returned may be its seed or lead to it: not the
// current/next issue, not /issues/{期号} of that or any later issue, not the results list, not the
// live events. (The published per-issue commitment used to be SHA-256(seed_k) = seed_{k−1}: the seed
// of the issue before, still on sale.) The simulated feed's draw types are committed the same way
// (they used a secret from the source). Also: migration 0010 replaces stored old-style commitments.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentDrawSchema, DrawnIssueSchema, type Issue } from '../../src/shared/api/draws.ts';
import { getDrawType } from '../../src/shared/catalogue/draw-types.ts';
import {
  buildHashChain,
  chainSeed,
  derivePeriodicDraw,
  issueCommitment,
  issuesOfSalesDay,
  verifyPeriodicDraw,
  type HashChain,
} from '../../src/shared/draws/index.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

const SALES_DAY = '2026-11-22';
/**
 * UUFFC (5 digits) and UUFFKENO (20 ordered of 80, so a result cannot match by chance), platform draws;
 * TWLKENO (20 ordered of 80), a feed draw type under the simulated feed.
 */
const DRAW_TYPES = ['UUFFC', 'UUFFKENO', 'TWLKENO'] as const;
const KENO = new Set<string>(['UUFFKENO', 'TWLKENO']);
/** Fixed terminal seeds, so every run publishes the same values. */
const TERMINAL_SEEDS: Record<(typeof DRAW_TYPES)[number], string> = { UUFFC: '7e'.repeat(32), UUFFKENO: '3c'.repeat(32), TWLKENO: 'c5'.repeat(32) };

let server: TestServer;
const clock = new ManualClock(beijing('2026-11-22 10:00:10'));
const chains = new Map<string, HashChain>();
let scheduler: DrawScheduler;
/** Each type's next issue as published at 10:00:10, before its sales opened. */
const beforeSales = new Map<string, Issue>();

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  const pool = server.db.database.pool;
  await pool.query('UPDATE own_games SET enabled = draw_type = ANY($1)', [DRAW_TYPES]);
  for (const drawType of DRAW_TYPES) {
    const length = issuesOfSalesDay(drawType, SALES_DAY).length;
    const chain = await buildHashChain(TERMINAL_SEEDS[drawType], length);
    chains.set(drawType, chain);
    await pool.query('INSERT INTO seed_chains (draw_type, sales_day, terminal_seed, anchor, length) VALUES ($1, $2, $3, $4, $5)', [
      drawType,
      SALES_DAY,
      TERMINAL_SEEDS[drawType],
      chain.anchor,
      length,
    ]);
  }
  scheduler = new DrawScheduler({ pool, clock, feed: 'simulated', lifecycle: noOrdersLifecycle, feedTimeoutMs: 3_600_000 });
  await scheduler.tick();
  for (const drawType of DRAW_TYPES) {
    const next = CurrentDrawSchema.parse(await get(`/ajax/draws/${drawType}/current`)).next!;
    expect(next.state).toBe('SCHEDULED');
    beforeSales.set(drawType, next);
  }
  clock.set(beijing('2026-11-22 10:05:10'));
  await scheduler.tick();
});
afterAll(() => server.close());

const get = async (url: string): Promise<unknown> => {
  const response = await server.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}

/** What anyone could have collected from the public API (and the live events) while `issueNumber` is on sale. */
async function publishedBefore(drawType: string, issueNumber: string): Promise<Set<string>> {
  const collected = new Set<string>();
  stringsIn(await get(`/ajax/draws/${drawType}/current`), collected);
  const count = Math.min(getDrawType(drawType).historyDrawCount, 1000);
  stringsIn(await get(`/ajax/draws/${drawType}/results?count=${count}`), collected);
  // This issue and every later one of its sales day (its seed chain), then the next day's first few.
  const later = await server.db.database.pool.query<{ issue_number: string }>(
    `WITH this AS (SELECT draw_at, sales_day FROM draw_issues WHERE draw_type = $1 AND issue_number = $2)
     (SELECT issue_number FROM draw_issues, this WHERE draw_type = $1 AND draw_issues.draw_at >= this.draw_at
         AND draw_issues.sales_day = this.sales_day)
     UNION ALL
     (SELECT issue_number FROM draw_issues, this WHERE draw_type = $1 AND draw_issues.sales_day > this.sales_day
       ORDER BY draw_issues.draw_at LIMIT 5)`,
    [drawType, issueNumber],
  );
  for (const row of later.rows) stringsIn(await get(`/ajax/draws/${drawType}/issues/${row.issue_number}`), collected);
  const events = await server.db.database.pool.query<{ payload: unknown }>('SELECT payload FROM live_events');
  for (const row of events.rows) stringsIn(row.payload, collected);
  return collected;
}

describe('nothing published before an issue is drawn gives its seed or its result', () => {
  for (const drawType of DRAW_TYPES) {
    it(`${drawType}: the issue on sale`, async () => {
      const current = CurrentDrawSchema.parse(await get(`/ajax/draws/${drawType}/current`));
      const open = current.current!;
      expect(open).toMatchObject({ state: 'OPEN' });
      expect(current.next).not.toBeNull();
      const chain = chains.get(drawType)!;
      const position = open.chain!.position;
      const seed = chainSeed(chain, position);
      const { result } = await derivePeriodicDraw({ drawType, issueNumber: open.issueNumber, seed });

      const published = await publishedBefore(drawType, open.issueNumber);
      const hexValues = [...published].filter((text) => /^[0-9a-fA-F]{64}$/.test(text)).map((text) => text.toLowerCase());
      // What is published ahead is there: this issue's and the next issue's commitments, the chain anchor.
      expect(hexValues).toContain(open.commitment);
      expect(hexValues).toContain(current.next!.commitment);
      expect(hexValues).toContain(chain.anchor);

      // The seeds this one can be computed from: itself and every later seed of its chain
      // (seed_{i−1} = SHA-256(seed_i)). No published text may contain any of them.
      const leadingToSeed = chain.seeds.slice(position - 1);
      expect(leadingToSeed[0]).toBe(seed);
      const lowered = [...published].map((text) => text.toLowerCase());
      expect(lowered.filter((text) => leadingToSeed.some((secret) => text.includes(secret)))).toEqual([]);

      const firstBlock = (steps: Awaited<ReturnType<typeof derivePeriodicDraw>>['steps']) =>
        steps.find((step) => step.kind === 'block')!;
      const honest = await derivePeriodicDraw({ drawType, issueNumber: open.issueNumber, seed });
      for (const value of hexValues) {
        const derived = await derivePeriodicDraw({ drawType, issueNumber: open.issueNumber, seed: value });
        expect(firstBlock(derived.steps), value).not.toEqual(firstBlock(honest.steps));
        if (KENO.has(drawType)) expect(derived.result, value).not.toEqual(result);
      }

      expect(open.commitment).toBe(await issueCommitment(seed, open.issueNumber));
      const issue = DrawnIssueSchema.parse(await get(`/ajax/draws/${drawType}/issues/${open.issueNumber}`));
      expect([issue.seed, issue.result]).toEqual([null, null]);
    });
  }
});

describe('after the draw', () => {
  it('the revealed seed verifies against the commitment and anchor published before sales opened', async () => {
    clock.set(beijing('2026-11-22 10:10:10'));
    await scheduler.tick();
    for (const drawType of DRAW_TYPES) {
      const before = beforeSales.get(drawType)!;
      const issue = DrawnIssueSchema.parse(await get(`/ajax/draws/${drawType}/issues/${before.issueNumber}`));
      expect(issue).toMatchObject({ commitment: before.commitment, chain: before.chain });
      expect(['DRAWN', 'SETTLED']).toContain(issue.state);
      expect(issue.resultSource).toBe(drawType === 'TWLKENO' ? 'simulated' : 'platform');
      expect(issue.seed).toBe(chainSeed(chains.get(drawType)!, before.chain!.position));
      const verification = await verifyPeriodicDraw({
        drawType,
        issueNumber: issue.issueNumber,
        seed: issue.seed!,
        commitment: before.commitment!,
        chainAnchor: { hash: before.chain!.anchor, distance: before.chain!.position },
        publishedResult: issue.result!,
      });
      expect(verification.verdict, verification.summary).toBe('PASS');
    }
  });
});

describe('migration 0010: stored old-style commitments are recomputed', () => {
  it('every platform issue, drawn or not, gets SHA-256(seed ‖ 期号); no stored commitment is a seed any more', async () => {
    const pool = server.db.database.pool;
    const salesDay = '2030-01-02';
    const chain = await buildHashChain('5d'.repeat(32), 6);
    await pool.query('INSERT INTO seed_chains (draw_type, sales_day, terminal_seed, anchor, length) VALUES ($1, $2, $3, $4, $5)', [
      'UUFFC',
      salesDay,
      '5d'.repeat(32),
      chain.anchor,
      6,
    ]);
    // Old style: issue i published SHA-256(seed_i) = seed_{i−1} (the anchor for i = 1).
    const links = [chain.anchor, ...chain.seeds];
    const states = ['SETTLED', 'DRAWN', 'CANCELLED', 'CLOSED', 'OPEN', 'SCHEDULED'];
    const issueNumberOf = (position: number) => `2030010200${position}`;
    for (const [i, state] of states.entries()) {
      const position = i + 1;
      const drawn = state === 'SETTLED' || state === 'DRAWN';
      await pool.query(
        `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, commitment, seed, result, result_source)
         VALUES ('UUFFC', $1, $2, $3, now(), now(), now() + make_interval(mins => $3), $4, $5, $6, $7, $8)`,
        [issueNumberOf(position), salesDay, position, state, links[position - 1], drawn ? chainSeed(chain, position) : null, drawn ? [1, 2, 3, 4, 5] : null, drawn ? 'platform' : null],
      );
    }
    await pool.query(
      `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
       VALUES ('CQSSC', '20300102001', $1, 1, now(), now(), now(), 'OPEN')`,
      [salesDay],
    );

    const migration = readFileSync(new URL('../../drizzle/0010_issue_commitments.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await pool.query(statement);

    const rows = await pool.query<{ issue_number: string; sequence: number; commitment: string | null }>(
      `SELECT issue_number, sequence, commitment FROM draw_issues WHERE sales_day = $1 ORDER BY draw_type DESC, sequence`,
      [salesDay],
    );
    const expected = await Promise.all(states.map((_, i) => issueCommitment(chainSeed(chain, i + 1), issueNumberOf(i + 1))));
    expect(rows.rows.map((r) => r.commitment)).toEqual([...expected, null]);
    expect(rows.rows.filter((r) => links.includes(r.commitment ?? ''))).toEqual([]);
  });
});
