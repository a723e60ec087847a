// Issue 15, defect 1: with every default the simulated feed's results were SHA-256("simulated-feed:" +
// a secret from the source + ":" + type + ":" + 期号), computable by anyone before sales opened. Now
// they are drawn like platform draws. Against a real server process started with the default
// configuration (time runs 60× faster), for three feed draw types:
//   - the old formula with the old default secret reproduces no result;
//   - the commitment and chain anchor published before an issue's sales opened verify its revealed
//     seed, and the result recomputes from it;
//   - nothing the public API or the event stream returned before the draw contains the seed, and no
//     value it returned, used as a seed, gives the result;
//   - no seed of any chain (nor a terminal seed) is ever logged, even at LOG_LEVEL=trace, and none is
//     returned before its issue's draw.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentDrawSchema, DrawnIssueSchema, ResultsSchema, type DrawnIssue, type Issue } from '../../src/shared/api/draws.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/api/errors.ts';
import { buildHashChain, chainSeed, derivePeriodicDraw, verifyPeriodicDraw } from '../../src/shared/draws/index.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed.ts';
import { beijing } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { sleep, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { openSse, type SseClient } from '../support/sse.ts';

/** 5-minute feed draws with a large result space (PK10 permutations, 20 ordered of 80). */
const DRAW_TYPES = ['BJPK10', 'XYFT', 'TWLKENO'] as const;
const SPEED = 60;
/** Issues per draw type seen before their sales opened and then drawn. */
const WANTED = 2;
const OLD_DEFAULT_SECRET = 'jinli-simulated-feed';

interface Published {
  text: string;
  /** Virtual time by which the response had arrived: everything in it was published before. */
  at: number;
}

interface Watched {
  drawType: string;
  /** As published while the issue was SCHEDULED (before its sales opened). */
  before: Issue;
}

let db: TestDatabase;
let server: ServerProcess;
let base = '';
let events: SseClient | undefined;
let virtualNow: () => number;
const published: Published[] = [];
const watched = new Map<string, Watched>();
const drawn = new Map<string, DrawnIssue>();

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.database.pool);
  await db.database.pool.query('UPDATE own_games SET enabled = draw_type = ANY($1)', [DRAW_TYPES]);
  const start = beijing('2026-11-22 13:03:30');
  const realStart = Date.now();
  virtualNow = () => start + (Date.now() - realStart) * SPEED;
  server = startServerProcess({
    DATABASE_URL: db.url,
    DRAW_CLOCK: `scaled:${start}:${realStart}:${SPEED}`,
    DRAW_TICK_MS: '50',
    LOG_LEVEL: 'trace',
    // Every default: no feed adapter, no beacon, no secret (an empty variable counts as unset).
    FEED_ADAPTER: '',
    BEACON_URL: '',
    SIMULATED_FEED_SECRET: '',
  });
  const deadline = Date.now() + 60_000;
  while (!base && Date.now() < deadline) {
    base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1] ?? '';
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    await sleep(100);
  }
  if (!base) throw new Error(`server did not start:\n${server.output()}`);
  events = await openSse(base, await login());
  await watchUntilDrawn();
}, 240_000);

afterAll(async () => {
  events?.close();
  await server?.kill('SIGTERM');
  await db?.drop();
});

async function login(): Promise<string> {
  const response = await fetch(`${base}/ajax/login`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ username: 'demo_player', password: DEMO_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return /jinli_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')![0];
}

async function get(path: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`);
  const text = await response.text();
  published.push({ text, at: virtualNow() });
  expect(response.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text);
}

/** Polls the public API like a player would until WANTED issues of each type were seen before sales and have a result. */
async function watchUntilDrawn() {
  const deadline = Date.now() + 200_000;
  const done = () => DRAW_TYPES.every((t) => [...watched.entries()].filter(([key, w]) => w.drawType === t && drawn.has(key)).length >= WANTED);
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not enough issues drawn in time: ${JSON.stringify([...drawn.keys()])}`);
    for (const drawType of DRAW_TYPES) {
      const current = CurrentDrawSchema.parse(await get(`/ajax/draws/${drawType}/current`));
      for (const issue of [current.current, current.next]) {
        if (!issue) continue;
        const key = `${drawType}:${issue.issueNumber}`;
        if (issue.state === 'SCHEDULED' && !watched.has(key)) watched.set(key, { drawType, before: issue });
        await get(`/ajax/draws/${drawType}/issues/${encodeURIComponent(issue.issueNumber)}`);
      }
      for (const [key, w] of watched) {
        if (w.drawType !== drawType || drawn.has(key) || w.before.drawAt > virtualNow()) continue;
        const issue = DrawnIssueSchema.parse(await get(`/ajax/draws/${drawType}/issues/${encodeURIComponent(w.before.issueNumber)}`));
        if (issue.result) drawn.set(key, issue);
      }
      ResultsSchema.parse(await get(`/ajax/draws/${drawType}/results?count=10`));
    }
    await sleep(100);
  }
}

/** What was published (API responses, live events) before `instant`. */
function publishedBefore(instant: number): string[] {
  return published.filter((p) => p.at < instant).map((p) => p.text.toLowerCase());
}

function eventsText(): string {
  return JSON.stringify(events?.events ?? []).toLowerCase();
}

const oldFormulaSeed = (drawType: string, issueNumber: string, secret: string) =>
  createHash('sha256').update(`simulated-feed:${secret}:${drawType}:${issueNumber}`).digest('hex');

const drawnIssues = () => [...watched.entries()].filter(([key]) => drawn.has(key)).map(([key, w]) => ({ ...w, issue: drawn.get(key)! }));

describe('the default simulated feed cannot be predicted', () => {
  it('the old formula with the old default secret reproduces no result', async () => {
    const issues = drawnIssues();
    expect(issues.length).toBeGreaterThanOrEqual(WANTED * DRAW_TYPES.length);
    for (const { drawType, issue } of issues) {
      const seed = oldFormulaSeed(drawType, issue.issueNumber, OLD_DEFAULT_SECRET);
      const old = await derivePeriodicDraw({ drawType, issueNumber: issue.issueNumber, seed });
      expect(old.result, `${drawType} ${issue.issueNumber}`).not.toEqual(issue.result);
    }
  });

  it('each issue was committed before its sales opened; the revealed seed verifies against that commitment and anchor', async () => {
    for (const { drawType, before, issue } of drawnIssues()) {
      expect(before.commitment, `${drawType} ${before.issueNumber}`).toMatch(/^[0-9a-f]{64}$/);
      expect(before.chain).not.toBeNull();
      expect(issue).toMatchObject({ resultSource: 'simulated', commitment: before.commitment, chain: before.chain });
      const verification = await verifyPeriodicDraw({
        drawType,
        issueNumber: issue.issueNumber,
        seed: issue.seed!,
        commitment: before.commitment!,
        chainAnchor: { hash: before.chain!.anchor, distance: before.chain!.position },
        publishedResult: issue.result!,
      });
      expect(verification.verdict, `${drawType} ${issue.issueNumber}: ${verification.summary}`).toBe('PASS');
      expect(verification.checks.map((c) => c.kind)).toEqual(['COMMITMENT', 'CHAIN_ANCHOR', 'RESULT']);
    }
  });

  it('scripts/verify-draw.ts verifies a simulated issue like a platform one', () => {
    const { drawType, before, issue } = drawnIssues()[0]!;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/verify-draw.ts', '--draw-type', drawType, '--issue', issue.issueNumber, '--seed', issue.seed!,
        '--commitment', before.commitment!, '--anchor', before.chain!.anchor, '--chain-position', String(before.chain!.position),
        '--result', issue.result!.join(',')],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`彩种：${drawType}`);
  });

  it('nothing published before the draw contains the seed or, used as a seed, gives the result', async () => {
    for (const { drawType, issue } of drawnIssues()) {
      expect(issue.seed, `${drawType} ${issue.issueNumber}`).toMatch(/^[0-9a-f]{64}$/);
      const before = publishedBefore(issue.drawAt);
      expect(before.length).toBeGreaterThan(0);
      expect(before.filter((text) => text.includes(issue.seed!))).toEqual([]);
      const hexValues = new Set(before.flatMap((text) => text.match(/[0-9a-f]{64}/g) ?? []));
      expect(hexValues.size).toBeGreaterThan(0);
      for (const value of hexValues) {
        const derived = await derivePeriodicDraw({ drawType, issueNumber: issue.issueNumber, seed: value });
        expect(derived.result, `${drawType} ${issue.issueNumber} from ${value}`).not.toEqual(issue.result);
      }
    }
    // The live events carry results only after their draw, and never a seed.
    const seeds = drawnIssues().map(({ issue }) => issue.seed!);
    expect(seeds.filter((seed) => eventsText().includes(seed))).toEqual([]);
    expect(events!.events.some((e) => e.event === 'drawResult')).toBe(true);
  });

  it('no seed is ever logged (LOG_LEVEL=trace), nor returned before its issue is drawn', async () => {
    const pool = db.database.pool;
    const chains = await pool.query<{ draw_type: string; sales_day: string; terminal_seed: string; length: number }>(
      `SELECT draw_type, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, terminal_seed, length FROM seed_chains WHERE draw_type = ANY($1)`,
      [DRAW_TYPES],
    );
    expect([...new Set(chains.rows.map((r) => r.draw_type))].sort()).toEqual([...DRAW_TYPES].sort());
    const issues = await pool.query<{ draw_type: string; sales_day: string; sequence: number; draw_at: Date }>(
      `SELECT draw_type, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, sequence, draw_at FROM draw_issues WHERE draw_type = ANY($1)`,
      [DRAW_TYPES],
    );
    const log = server.output().toLowerCase();
    expect(log).toContain('server listening at');
    const responses = published.map((p) => ({ ...p, text: p.text.toLowerCase() }));
    for (const row of chains.rows) {
      const chain = await buildHashChain(row.terminal_seed, row.length);
      const secrets = [row.terminal_seed, ...chain.seeds];
      expect(secrets.filter((secret) => log.includes(secret)), `${row.draw_type} ${row.sales_day} in the log`).toEqual([]);
      expect(responses.filter((p) => p.text.includes(row.terminal_seed))).toEqual([]);
      for (const issue of issues.rows.filter((i) => i.draw_type === row.draw_type && i.sales_day === row.sales_day)) {
        const seed = chainSeed(chain, issue.sequence);
        const early = responses.filter((p) => p.at < issue.draw_at.getTime() && p.text.includes(seed));
        expect(early, `${row.draw_type} #${issue.sequence}`).toEqual([]);
      }
    }
  });
});
