// The agent reports' statistics roll-up (docs/agents/reports.md): for random trees and random ledger
// activity over several days, the rolled-up figures equal a brute-force sum over the ledger; re-runs
// (sequential and concurrent, with money still moving) never double count; an entry committed after
// a run saw its day is picked up by the next; a run that dies half-way leaves nothing behind. Then
// the two routes: figures, ranges, drill-down and the team boundary.
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentStatsRollup } from '../../src/server/agents/reports/rollup.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { playerAccountIds, postTransfers, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { AGENT_REPORT_PATHS, type Overview, type Profit } from '../../src/shared/api/agent-reports.ts';
import { beijingDayOf, formatDay } from '../../src/shared/draws/schedule/beijing-time.ts';
import type { WalletTransactionType } from '../../src/shared/enums.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';

let server: TestServer;
let pool: pg.Pool;
let houseId: number;
let keySeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  houseId = await systemAccountId(pool, 'house:agent-reports-test', 'HOUSE');
});
afterAll(async () => {
  await server?.close();
});

// ── The oracle: written out independently of stat-columns.ts ──────────────────────────────────────
type Figure = 'bets' | 'bet_count' | 'wins' | 'rebates' | 'commission' | 'bonuses' | 'deposits' | 'withdrawals' | 'transfers_in' | 'transfers_out' | 'adjustments';
const FIGURES: Figure[] = ['bets', 'bet_count', 'wins', 'rebates', 'commission', 'bonuses', 'deposits', 'withdrawals', 'transfers_in', 'transfers_out', 'adjustments'];

function oracleAdd(target: Record<Figure, number>, type: string, amount: number): void {
  if (['BET', 'AB', 'REF', 'CO'].includes(type)) target.bets -= amount;
  if (['BET', 'AB'].includes(type)) target.bet_count += 1;
  if (['WIN', 'RES', 'JP'].includes(type)) target.wins += amount;
  if (type === 'REB') target.rebates += amount;
  if (['COMM', 'CMD'].includes(type)) target.commission += amount;
  if (['BON', 'DW', 'CA', 'REW', 'PB', 'COMP', 'MB'].includes(type)) target.bonuses += amount;
  if (type === 'DEP') target.deposits += amount;
  if (['WPEND', 'WFAIL', 'WIT'].includes(type)) target.withdrawals -= amount;
  if (type === 'TT' && amount > 0) target.transfers_in += amount;
  if (type === 'TT' && amount < 0) target.transfers_out -= amount;
  if (['MI', 'MU', 'MD', 'MDF', 'TRIAL'].includes(type)) target.adjustments += amount;
}

const zero = (): Record<Figure, number> => Object.fromEntries(FIGURES.map((f) => [f, 0])) as Record<Figure, number>;
const nonZero = (r: Record<Figure, number>) => FIGURES.some((f) => r[f] !== 0);

/** customer|day → figures, and ancestor|day → figures over the subtree (walking parent_id, not the closure table). */
async function bruteForce(): Promise<{ own: Map<string, Record<Figure, number>>; team: Map<string, Record<Figure, number>> }> {
  const entries = await pool.query<{ customer_id: number; type: string; amount: number; day: string }>(
    `SELECT a.customer_id, t.type, e.amount, to_char(e.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE a.kind = 'PLAYER_MAIN'`,
  );
  const parents = new Map((await pool.query<{ id: number; parent_id: number | null }>('SELECT id, parent_id FROM customers')).rows.map((r) => [r.id, r.parent_id]));
  const own = new Map<string, Record<Figure, number>>();
  const team = new Map<string, Record<Figure, number>>();
  const at = (map: Map<string, Record<Figure, number>>, key: string) => map.get(key) ?? map.set(key, zero()).get(key)!;
  for (const e of entries.rows) {
    oracleAdd(at(own, `${e.customer_id}|${e.day}`), e.type, e.amount);
    for (let id: number | null | undefined = e.customer_id; id != null; id = parents.get(id)) oracleAdd(at(team, `${id}|${e.day}`), e.type, e.amount);
  }
  for (const map of [own, team]) for (const [key, value] of map) if (!nonZero(value)) map.delete(key);
  return { own, team };
}

async function stored(): Promise<{ own: Map<string, Record<Figure, number>>; team: Map<string, Record<Figure, number>> }> {
  const cols = FIGURES.join(', ');
  const read = async (sql: string) => {
    const rows = await pool.query<Record<Figure, number> & { id: number; day: string }>(sql);
    const map = new Map<string, Record<Figure, number>>();
    for (const row of rows.rows) {
      const figures = Object.fromEntries(FIGURES.map((f) => [f, Number(row[f])])) as Record<Figure, number>;
      if (nonZero(figures)) map.set(`${row.id}|${row.day}`, figures);
    }
    return map;
  };
  return {
    own: await read(`SELECT customer_id AS id, to_char(day, 'YYYY-MM-DD') AS day, ${cols} FROM customer_daily_stats`),
    team: await read(`SELECT ancestor_id AS id, to_char(day, 'YYYY-MM-DD') AS day, ${cols} FROM team_daily_stats`),
  };
}

async function expectRollupMatchesLedger(): Promise<void> {
  const [expected, actual] = [await bruteForce(), await stored()];
  expect(Object.fromEntries(actual.own)).toEqual(Object.fromEntries(expected.own));
  expect(Object.fromEntries(actual.team)).toEqual(Object.fromEntries(expected.team));
  await expectSnapshotMatches();
}

/** The team snapshot against a walk up the parents: members, agents and balances below each customer. */
async function expectSnapshotMatches(): Promise<void> {
  const customers = await pool.query<{ id: number; parent_id: number | null; type: string; balance: number }>(
    `SELECT c.id, c.parent_id, c.type, coalesce(a.balance, 0)::bigint AS balance
       FROM customers c LEFT JOIN ledger_accounts a ON a.customer_id = c.id AND a.kind = 'PLAYER_MAIN'`,
  );
  const parents = new Map(customers.rows.map((c) => [c.id, c.parent_id]));
  const expected = new Map(customers.rows.map((c) => [c.id, { members: 0, agents: 0, balance: 0 }]));
  for (const c of customers.rows) {
    for (let up = c.parent_id; up != null; up = parents.get(up) ?? null) {
      const team = expected.get(up)!;
      team.members += 1;
      if (c.type !== 'PLAYER') team.agents += 1;
      team.balance += c.balance;
    }
  }
  const snapshot = await pool.query<{ ancestor_id: number; members: number; agents: number; balance: number }>(
    'SELECT ancestor_id, members, agents, balance FROM team_snapshot',
  );
  expect(Object.fromEntries(snapshot.rows.map((r) => [r.ancestor_id, { members: r.members, agents: r.agents, balance: r.balance }]))).toEqual(
    Object.fromEntries(expected),
  );
}

// ── Data of the test's own ───────────────────────────────────────────────────────────────────────
async function insertCustomer(username: string, type: string, parentId: number | null): Promise<number> {
  const result = await pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group)
     VALUES ($1, $1, 'x', $1, $2, $3, 1900) RETURNING id`,
    [username, type, parentId],
  );
  return result.rows[0]!.id;
}

/** A random tree under a fresh primary agent: each new customer hangs under an earlier agent. */
async function randomTree(prefix: string, shape: number[]): Promise<number[]> {
  const ids = [await insertCustomer(`${prefix}_0`, 'PRIMARY_AGENT', null)];
  const agents = [ids[0]!];
  for (let i = 0; i < shape.length; i++) {
    const parent = agents[shape[i]! % agents.length]!;
    const isAgent = i % 3 === 0;
    const id = await insertCustomer(`${prefix}_${i + 1}`, isAgent ? 'AGENT' : 'PLAYER', parent);
    ids.push(id);
    if (isAgent) agents.push(id);
  }
  return ids;
}

const CODES: WalletTransactionType[] = [
  'BET', 'AB', 'REF', 'CO', 'WIN', 'RES', 'JP', 'REB', 'COMM', 'CMD', 'BON', 'DW', 'CA', 'PB', 'DEP', 'WPEND', 'WFAIL', 'TT', 'MI', 'MD', 'TRIAL', 'TO', 'TI',
];

interface Movement {
  customer: number;
  type: WalletTransactionType;
  /** Signed, seen from the customer's wallet. */
  amount: number;
  daysAgo: number;
}

/**
 * Posts the movements: today's through the ledger itself, earlier days' as balanced raw rows with
 * the day's timestamp (the ledger stamps now(); only the day matters to the roll-up).
 */
async function post(customers: number[], movements: Movement[]): Promise<void> {
  const accounts = await playerAccountIds(pool, customers);
  const today = movements.filter((m) => m.daysAgo === 0);
  await withTransaction(pool, async (client) => {
    // Enough money first so that no debit takes a wallet below zero.
    await postTransfers(client, customers.map((c) => ({
      idempotencyKey: `ar-fund-${++keySeq}`,
      type: 'TRIAL' as const,
      legs: [{ accountId: houseId, amount: -1_000_000_000 }, { accountId: accounts.get(c)!, amount: 1_000_000_000 }],
    })));
    await postTransfers(client, today.map((m) => ({
      idempotencyKey: `ar-${++keySeq}`,
      type: m.type,
      legs: [{ accountId: accounts.get(m.customer)!, amount: m.amount }, { accountId: houseId, amount: -m.amount }],
    })));
  });
  for (const m of movements.filter((x) => x.daysAgo > 0)) {
    const transfer = await pool.query<{ id: number }>(
      `INSERT INTO ledger_transfers (idempotency_key, type, created_at) VALUES ($1, $2, now() - make_interval(days => $3)) RETURNING id`,
      [`ar-past-${++keySeq}`, m.type, m.daysAgo],
    );
    await pool.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
       VALUES ($1, $2, $3, 0, now() - make_interval(days => $5)), ($1, $4, -$3::bigint, 0, now() - make_interval(days => $5))`,
      [transfer.rows[0]!.id, accounts.get(m.customer)!, m.amount, houseId, m.daysAgo],
    );
  }
}

const movementArb = (customers: number) =>
  fc.record({
    customer: fc.nat({ max: customers - 1 }),
    type: fc.constantFrom(...CODES),
    amount: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0),
    daysAgo: fc.constantFrom(0, 0, 1, 2, 5),
  });

const weekAgo = () => new Date(Date.now() - 8 * 86_400_000);

describe('the statistics roll-up', () => {
  it('equals a brute-force sum over the ledger for random trees and random activity', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 20 }), { minLength: 3, maxLength: 14 }).chain((shape) =>
          fc.tuple(fc.constant(shape), fc.array(movementArb(shape.length + 1), { minLength: 1, maxLength: 40 })),
        ),
        async ([shape, moves]) => {
          const ids = await randomTree(`arp${++run}`, shape);
          await post(ids, moves.map((m) => ({ ...m, customer: ids[m.customer]! })));
          await runAgentStatsRollup(pool, { since: weekAgo() });
          await expectRollupMatchesLedger();
        },
      ),
      { numRuns: 12, seed: 19_004 },
    );
  });

  it('re-runs, one after another or many at once while money moves, never count twice', async () => {
    const ids = await randomTree('arc', [0, 0, 1, 1, 2, 3, 4]);
    await runAgentStatsRollup(pool, { since: weekAgo() });
    const writers = Array.from({ length: 6 }, (_, i) =>
      post(ids, Array.from({ length: 10 }, (_, j) => ({ customer: ids[(i + j) % ids.length]!, type: 'BET' as const, amount: -(10_000 + i * 100 + j), daysAgo: 0 }))),
    );
    const runs = Array.from({ length: 8 }, () => runAgentStatsRollup(pool));
    await Promise.all([...writers, ...runs]);
    await runAgentStatsRollup(pool);
    await expectRollupMatchesLedger();
    const before = await stored();
    await Promise.all(Array.from({ length: 8 }, () => runAgentStatsRollup(pool)));
    const after = await stored();
    expect(Object.fromEntries(after.team)).toEqual(Object.fromEntries(before.team));
  });

  it('counts an entry whose transaction committed after a run had already covered its time', async () => {
    const [, player] = await randomTree('arl', [0]);
    const account = (await playerAccountIds(pool, [player!])).get(player!)!;
    await post([player!], []);
    const late = await pool.connect();
    try {
      await late.query('BEGIN');
      await postTransfers(late, [{ idempotencyKey: `ar-late-${++keySeq}`, type: 'BET', legs: [{ accountId: account, amount: -77_000 }, { accountId: houseId, amount: 77_000 }] }]);
      const seenBefore = await runAgentStatsRollup(pool);
      const stampedBefore = await late.query<{ created_at: Date }>('SELECT now() AS created_at');
      expect(stampedBefore.rows[0]!.created_at.getTime()).toBeLessThan(seenBefore.coveredUntil.getTime());
      const today = formatDay(beijingDayOf(Date.now()));
      const own = await pool.query<{ bets: number }>('SELECT bets FROM customer_daily_stats WHERE customer_id = $1 AND day = $2', [player, today]);
      expect(own.rows[0]?.bets ?? 0).toBe(0);
      await late.query('COMMIT');
    } finally {
      late.release();
    }
    await runAgentStatsRollup(pool);
    await expectRollupMatchesLedger();
  });

  it('a run that dies half-way leaves the tables and the state as they were', async () => {
    const ids = await randomTree('arx', [0, 0]);
    await runAgentStatsRollup(pool, { since: weekAgo() });
    const before = await stored();
    const state = await pool.query('SELECT covered_until FROM agent_stats_state');
    await post(ids, [{ customer: ids[1]!, type: 'DEP', amount: 5_000_000, daysAgo: 0 }]);
    await pool.query(`CREATE FUNCTION ar_test_boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`);
    await pool.query('CREATE TRIGGER ar_test_boom BEFORE INSERT ON team_daily_stats FOR EACH STATEMENT EXECUTE FUNCTION ar_test_boom()');
    try {
      await expect(runAgentStatsRollup(pool)).rejects.toThrow(/boom/);
    } finally {
      await pool.query('DROP TRIGGER ar_test_boom ON team_daily_stats');
      await pool.query('DROP FUNCTION ar_test_boom()');
    }
    expect(await stored()).toEqual(before);
    expect((await pool.query('SELECT covered_until FROM agent_stats_state')).rows).toEqual(state.rows);
    await runAgentStatsRollup(pool);
    await expectRollupMatchesLedger();
  });
});

describe('GET /ajax/agent/overview and /ajax/agent/profit', () => {
  let cookie: string;
  let agentId: number;
  let subAgent: number;
  let subPlayer: number;
  let directPlayer: number;
  const today = () => formatDay(beijingDayOf(Date.now()));

  beforeAll(async () => {
    cookie = await loginCookie(server.app, 'demo_agent');
    agentId = (await pool.query<{ id: number }>(`SELECT id FROM customers WHERE username_key = 'demo_agent'`)).rows[0]!.id;
    subAgent = await insertCustomer('arr_sub', 'AGENT', agentId);
    subPlayer = await insertCustomer('arr_sub_player', 'PLAYER', subAgent);
    directPlayer = await insertCustomer('arr_direct', 'PLAYER', agentId);
    await post([subAgent, subPlayer, directPlayer], [
      { customer: subPlayer, type: 'BET', amount: -1_000_000, daysAgo: 0 },
      { customer: subPlayer, type: 'WIN', amount: 300_000, daysAgo: 0 },
      { customer: subPlayer, type: 'REB', amount: 10_000, daysAgo: 0 },
      { customer: subAgent, type: 'COMM', amount: 2_000, daysAgo: 0 },
      { customer: directPlayer, type: 'BET', amount: -500_000, daysAgo: 1 },
      { customer: directPlayer, type: 'DEP', amount: 8_000_000, daysAgo: 1 },
    ]);
    await runAgentStatsRollup(pool, { since: weekAgo() });
  });

  const get = async <T>(url: string) => {
    const response = await server.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: response.statusCode, body: response.json() as T & { code?: string; message?: string } };
  };

  it('the overview: head counts, live balance and the team figures of a range', async () => {
    const { status, body } = await get<Overview>(AGENT_REPORT_PATHS.overview);
    expect(status).toBe(200);
    expect(body.from).toBe(today());
    expect(body.members).toBeGreaterThanOrEqual(6);
    expect(body.agents).toBeGreaterThanOrEqual(1);
    expect(body.newToday).toBeGreaterThanOrEqual(3);
    expect(body.updatedAt).not.toBeNull();
    expect(body.figures.bets).toBeGreaterThanOrEqual(1_000_000);
    const ownDay = await pool.query<{ bets: number }>('SELECT coalesce(sum(bets), 0)::bigint AS bets FROM team_daily_stats WHERE ancestor_id = $1 AND day = $2', [agentId, today()]);
    expect(body.figures.bets).toBe(ownDay.rows[0]!.bets);
    const f = body.figures;
    expect(f.profit).toBe(f.wins + f.rebates + f.commission + f.bonuses - f.bets);
    const yesterday = formatDay(beijingDayOf(Date.now()) - 1);
    const both = await get<Overview>(`${AGENT_REPORT_PATHS.overview}?from=${yesterday}&to=${today()}`);
    expect(both.body.figures.bets).toBe(f.bets + (await teamBetsOn(agentId, yesterday)));
    expect(await teamBetsOn(agentId, yesterday)).toBeGreaterThanOrEqual(500_000);
    expect(both.body.figures.deposits).toBeGreaterThanOrEqual(8_000_000);
  });

  async function teamBetsOn(id: number, day: string): Promise<number> {
    const result = await pool.query<{ bets: number }>('SELECT coalesce(sum(bets), 0)::bigint AS bets FROM team_daily_stats WHERE ancestor_id = $1 AND day = $2', [id, day]);
    return result.rows[0]!.bets;
  }

  it('team profit per member: each direct member with its whole team, the totals add up', async () => {
    const { status, body } = await get<Profit>(`${AGENT_REPORT_PATHS.profit}?pageSize=100`);
    expect(status).toBe(200);
    const sub = body.members.find((m) => m.customerId === subAgent)!;
    expect(sub.hasTeam).toBe(true);
    expect(sub.own.commission).toBe(2_000);
    expect(sub.team.bets).toBe(1_000_000);
    expect(sub.team.profit).toBe(300_000 + 10_000 + 2_000 - 1_000_000);
    const sum = body.members.reduce((acc, m) => acc + m.team.bets, body.own.bets);
    expect(body.total.bets).toBe(sum);
    expect(body.rowCount).toBe(body.members.length);
  });

  it('drills down into a sub-agent, with the trail from the caller', async () => {
    const { status, body } = await get<Profit>(`${AGENT_REPORT_PATHS.profit}?memberId=${subAgent}`);
    expect(status).toBe(200);
    expect(body.root.customerId).toBe(subAgent);
    expect(body.trail.map((t) => t.customerId)).toEqual([agentId, subAgent]);
    expect(body.members.map((m) => m.customerId)).toEqual([subPlayer]);
    expect(body.total.bets).toBe(1_000_000);
  });

  it('per day: one row per day of the range, newest first, paged', async () => {
    const from = formatDay(beijingDayOf(Date.now()) - 6);
    const { body } = await get<Profit>(`${AGENT_REPORT_PATHS.profit}?view=days&from=${from}&memberId=${directPlayer}&pageSize=5`);
    expect(body.rowCount).toBe(7);
    expect(body.days.map((d) => d.day)).toHaveLength(5);
    expect(body.days[0]!.day).toBe(today());
    expect(body.days[1]!.team.bets).toBe(500_000);
    expect(body.days[1]!.team.deposits).toBe(8_000_000);
  });

  it('refuses ranges beyond three months or reversed, in Chinese, and members outside the team with 404', async () => {
    const old = formatDay(beijingDayOf(Date.now()) - 100);
    const tooOld = await get(`${AGENT_REPORT_PATHS.profit}?from=${old}`);
    expect(tooOld.status).toBe(400);
    expect(JSON.stringify(tooOld.body)).toContain('三个月');
    const reversed = await get(`${AGENT_REPORT_PATHS.overview}?from=${today()}&to=${formatDay(beijingDayOf(Date.now()) - 1)}`);
    expect(reversed.status).toBe(400);
    const bad = await get(`${AGENT_REPORT_PATHS.overview}?from=2026-02-30`);
    expect(bad.status).toBe(400);
    const upline = (await pool.query<{ parent_id: number }>('SELECT parent_id FROM customers WHERE id = $1', [agentId])).rows[0]!.parent_id;
    for (const id of [upline, 999_999_999]) {
      const outside = await get(`${AGENT_REPORT_PATHS.profit}?memberId=${id}`);
      expect(outside.status).toBe(404);
      expect(outside.body.code).toBe('NOT_FOUND');
    }
  });
});

describe('third-party games in the team figures', () => {
  it('a settled provider record counts as bets and wins of the day it was pulled, for the member and every upline', async () => {
    const ids = await pool.query<{ username_key: string; id: number }>(
      `SELECT username_key, id FROM customers WHERE username_key IN ('demo_member1', 'demo_agent', 'demo_primary')`,
    );
    const id = Object.fromEntries(ids.rows.map((r) => [r.username_key, Number(r.id)]));
    const day = formatDay(beijingDayOf(Date.now()));
    const figures = async (customer: number) =>
      (
        await pool.query<{ bets: string; wins: string; bet_count: number }>(
          'SELECT coalesce(sum(bets), 0) AS bets, coalesce(sum(wins), 0) AS wins, coalesce(sum(bet_count), 0)::int AS bet_count FROM team_daily_stats WHERE ancestor_id = $1 AND day = $2',
          [customer, day],
        )
      ).rows[0]!;
    await runAgentStatsRollup(pool);
    const before = await Promise.all([id.demo_member1!, id.demo_agent!, id.demo_primary!].map(figures));
    await pool.query(
      `INSERT INTO provider_bet_records (provider, record_id, player_ref, customer_id, catalogue, game_id, stake, payout, valid_stake, status,
                                         placed_at, settled_at, settled_seen_at)
       VALUES ('PG', 'report-test-1', $1, $2, 'SLOT_MACHINE', 'slot-1', 50000, 120000, 50000, 'SETTLED', now(), now(), now()),
              ('PG', 'report-test-2', $1, $2, 'SLOT_MACHINE', 'slot-1', 30000, 0, 30000, 'OPEN', now(), NULL, NULL)`,
      [`jl${id.demo_member1}`, id.demo_member1],
    );
    await runAgentStatsRollup(pool);
    const after = await Promise.all([id.demo_member1!, id.demo_agent!, id.demo_primary!].map(figures));
    after.forEach((row, i) => {
      expect(Number(row.bets) - Number(before[i]!.bets)).toBe(50000);
      expect(Number(row.wins) - Number(before[i]!.wins)).toBe(120000);
      expect(row.bet_count - before[i]!.bet_count).toBe(1);
    });
    // A re-run replaces the day: nothing is counted twice.
    await runAgentStatsRollup(pool);
    expect(await figures(id.demo_agent!)).toEqual(after[1]);
  });
});
