// Jackpot pool (issue 22 item 3): rounds committed before their windows, contributions swept into the
// pool once, draws paid exactly once however many drawers race, verifiable from what is published,
// and the public and back-office endpoints' access and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { JACKPOT_PATHS, type JackpotRoundDetail, type JackpotSummary } from '../../src/shared/api/jackpot.ts';
import { jackpotCommitment, verifyJackpotDraw } from '../../src/shared/jackpot/draw.ts';
import { yuan } from '../../src/shared/money.ts';
import { drawDueRounds, drawRound } from '../../src/server/jackpot/draw-round.ts';
import { contributionOf, jackpotHook } from '../../src/server/jackpot/hook.ts';
import { TotalBroadcaster } from '../../src/server/jackpot/jobs.ts';
import { jackpotPoolBalance } from '../../src/server/jackpot/pool-account.ts';
import { commitRound, ensureRounds } from '../../src/server/jackpot/schedule.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { sweepContributions } from '../../src/server/jackpot/sweep.ts';
import { openDatabase } from '../../src/server/db/pool.ts';
import { playerAccountId, playerBalance, postTransfer, reconcile, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { houseAccountFor } from '../../src/server/orders/accounts.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';

let server: TestServer;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
});
afterAll(() => server?.close());

async function newPlayer(kind: 'PLAYER' | 'TRIAL' = 'PLAYER'): Promise<{ id: number; username: string }> {
  const response = await server.app.inject({ method: 'POST', url: '/ajax/test/accounts', headers: MUTATION_HEADERS, payload: { kind, alias: 'jp' } });
  const { username } = response.json<{ username: string }>();
  const row = await pool.query<{ id: string }>('SELECT id FROM customers WHERE username_key = $1', [username]);
  return { id: Number(row.rows[0]!.id), username };
}

let betCounter = 0;
/** A settled bet paid for like a real one, with its contribution recorded at `at`. */
async function settledBet(customerId: number, stake: number, at: Date, contribution = contributionOf(stake, 100)): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const order = await client.query<{ id: string }>(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       VALUES ($1, $2, 'UUFFC', 'REGULAR', '1', 'LOST', 1, $3, 1950, $4) RETURNING id`,
      [customerId, `jp-${process.pid}-${betCounter++}`, stake, at],
    );
    const orderId = Number(order.rows[0]!.id);
    const source = await systemAccountId(client, 'external:test-funding', 'EXTERNAL');
    const wallet = await playerAccountId(client, customerId);
    await postTransfer(client, { idempotencyKey: `jp-test-dep:${orderId}`, type: 'DEP', legs: [{ accountId: source, amount: -stake }, { accountId: wallet, amount: stake }] });
    await postTransfer(client, {
      idempotencyKey: `bet:${orderId}`,
      type: 'BET',
      legs: [{ accountId: wallet, amount: -stake }, { accountId: await houseAccountFor(client, customerId), amount: stake }],
    });
    await client.query('INSERT INTO jackpot_contributions (order_id, amount, created_at) VALUES ($1, $2, $3)', [orderId, contribution, at]);
    await client.query('COMMIT');
    return orderId;
  } finally {
    client.release();
  }
}

async function roundsOf(kind: 'LUCKY' | 'SUPER') {
  const { rows } = await pool.query<{ id: string; window_start: Date; window_end: Date; status: string; created_at: Date }>(
    'SELECT id, window_start, window_end, status, created_at FROM jackpot_rounds WHERE kind = $1 ORDER BY window_start',
    [kind],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

let pastCounter = 0;
/** A round committed for a window that has closed (what a server would have committed back then). */
async function pastRound(kind: 'LUCKY' | 'SUPER', minStake = yuan(2)): Promise<{ id: number; start: number }> {
  const start = Date.now() - (10 + pastCounter++) * 86_400_000;
  const id = await withTransaction(pool, (client) => commitRound(client, kind, start, start + 600_000, minStake));
  return { id, start };
}

async function detail(id: number): Promise<JackpotRoundDetail> {
  const response = await server.app.inject({ method: 'GET', url: JACKPOT_PATHS.round(id) });
  expect(response.statusCode).toBe(200);
  return response.json<JackpotRoundDetail>();
}

describe('contributions', () => {
  it('the settlement hook takes the configured share of the stake, rounded down', () => {
    expect(contributionOf(yuan(10), 100)).toBe(1000);
    expect(contributionOf(3, 100)).toBe(0);
    const order = { id: 1, customerId: 1, drawType: 'UUFFC', playMode: 'REGULAR' as const, issueNumber: '1', totalStake: yuan(2), isAutobet: false, bets: [] };
    expect(jackpotHook.contribution(order, { status: 'LOST', payout: 0, rebate: 0 })).toBe(200);
  });

  it('are swept into the pool once, trial bets not counted, however many sweeps run at once', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const trial = await newPlayer('TRIAL');
    const at = new Date(Date.now() - 3 * 3600_000);
    await settledBet(a.id, yuan(100), at);
    await settledBet(b.id, yuan(50), at);
    await settledBet(trial.id, yuan(1000), at);
    const before = await jackpotPoolBalance(pool);
    const pools = Array.from({ length: 5 }, () => openDatabase(server.db.url, 2));
    try {
      const results = await Promise.all(pools.map((db) => sweepContributions(db.pool)));
      expect(results.reduce((sum, r) => sum + r.amount, 0)).toBe(yuan(1.5));
      expect(results.reduce((sum, r) => sum + r.contributions, 0)).toBe(3);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
    expect(await jackpotPoolBalance(pool)).toBe(before + yuan(1.5));
    expect((await sweepContributions(pool)).amount).toBe(0);
    expect((await reconcile(pool)).ok).toBe(true);
  });
});

describe('rounds', () => {
  it('are committed before their windows open, and show no seed until drawn', async () => {
    const now = Date.now();
    await ensureRounds(pool, now);
    const lucky = await roundsOf('LUCKY');
    expect(lucky.length).toBeGreaterThanOrEqual(2);
    for (const round of lucky) expect(round.window_start.getTime()).toBeGreaterThan(round.created_at.getTime());
    for (let i = 1; i < lucky.length; i++) expect(lucky[i]!.window_start.getTime()).toBe(lucky[i - 1]!.window_end.getTime());
    const summary = (await server.app.inject({ method: 'GET', url: JACKPOT_PATHS.summary })).json<JackpotSummary>();
    expect(summary.upcoming.length).toBeGreaterThan(0);
    expect(summary.upcoming.every((r) => r.seed === null && /^[0-9a-f]{64}$/.test(r.commitment))).toBe(true);
    expect(summary.showDevelopmentWidgets).toBe(true);
    const open = await detail(lucky[0]!.id);
    expect(open.seed).toBeNull();
    expect(open.entries).toBeNull();
    // A second pass creates nothing new for the same moment, however many run at once. It runs a
    // minute before the last window ends: later than that, the scheduler has met a pause and rightly
    // starts at a later boundary (a round is never created for a window already open). A fixed
    // now + 25 min fell after the last window's end in half of every 10 minutes.
    const pools = Array.from({ length: 5 }, () => openDatabase(server.db.url, 2));
    try {
      const later = lucky.at(-1)!.window_end.getTime() - 60_000;
      const made = await Promise.all(pools.map((db) => ensureRounds(db.pool, later)));
      expect(made.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(await ensureRounds(pool, later)).toBe(0);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
    const after = await roundsOf('LUCKY');
    for (let i = 1; i < after.length; i++) expect(after[i]!.window_start.getTime()).toBe(after[i - 1]!.window_end.getTime());
    expect(await ensureRounds(pool, now)).toBe(0);
  });
});

describe('a lucky draw', () => {
  it('pays one qualifying bet of the window from the pool, verifiably', async () => {
    const round = await pastRound('LUCKY');
    const inWindow = new Date(round.start + 1000);
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const orderIds = [];
    for (const p of players) orderIds.push(await settledBet(p.id, yuan(10), inWindow));
    const small = await newPlayer();
    await settledBet(small.id, yuan(1), inWindow); // below the minimum stake
    const trial = await newPlayer('TRIAL');
    await settledBet(trial.id, yuan(10), inWindow);
    await sweepContributions(pool);
    const poolBefore = await jackpotPoolBalance(pool);
    const balances = await Promise.all(players.map((p) => playerBalance(pool, p.id)));

    const outcome = await drawRound(pool, round.id);
    expect(outcome?.status).toBe('DRAWN');
    const expected = Math.min(Math.floor((poolBefore * 100) / 10_000), yuan(500));
    expect(outcome!.prize).toBe(expected);
    const winnerAt = players.findIndex((p) => p.id === outcome!.winnerCustomerId);
    expect(winnerAt).toBeGreaterThanOrEqual(0);
    expect(await playerBalance(pool, players[winnerAt]!.id)).toBe(balances[winnerAt]! + expected);
    expect(await jackpotPoolBalance(pool)).toBe(poolBefore - expected);
    expect(outcome!.events.map((e) => e.type)).toEqual(['jackpotDistribution', 'balance']);
    expect(outcome!.events[0]).toMatchObject({ customerId: outcome!.winnerCustomerId, payload: { type: 'lucky', prize: expected } });

    const published = await detail(round.id);
    expect(published.entries!.map((e) => e.orderId)).toEqual(orderIds);
    expect(published.entries!.every((e) => e.player.includes('***'))).toBe(true);
    const check = await verifyJackpotDraw({
      roundId: round.id,
      seed: published.seed!,
      entries: published.entries!,
      commitment: published.commitment,
      listHash: published.listHash!,
      winnerOrderId: published.winnerOrderId,
    });
    expect(check.ok).toBe(true);
    expect(check.checks).toHaveLength(3);
    expect(await jackpotCommitment(published.seed!, round.id)).toBe(published.commitment);
    expect((await reconcile(pool)).ok).toBe(true);
  });

  it('pays once when many drawers race for the same round', async () => {
    const round = await pastRound('LUCKY');
    const player = await newPlayer();
    await settledBet(player.id, yuan(20), new Date(round.start + 1000));
    await sweepContributions(pool);
    const pools = Array.from({ length: 6 }, () => openDatabase(server.db.url, 2));
    try {
      const outcomes = await Promise.all(pools.map((db, i) => (i % 2 ? drawRound(db.pool, round.id) : drawDueRounds(db.pool, Date.now()))));
      const paid = outcomes.flat().filter((o) => o !== null && o.roundId === round.id);
      expect(paid).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
    const transfers = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = $1`, [`jackpot-round:${round.id}`]);
    expect(transfers.rows[0]!.n).toBe(1);
    expect(await drawRound(pool, round.id)).toBeNull();
    expect((await reconcile(pool)).ok).toBe(true);
  });

  it('closes a round nobody qualified for, revealing its seed, and a decided round never changes', async () => {
    const { id } = await pastRound('LUCKY');
    const outcome = await drawRound(pool, id);
    expect(outcome?.status).toBe('CLOSED');
    const published = await detail(id);
    expect(published.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(published.closeReason).toBeTruthy();
    await expect(pool.query(`UPDATE jackpot_rounds SET prize = 1 WHERE id = $1`, [id])).rejects.toThrow(/final/);
    await expect(pool.query(`DELETE FROM jackpot_rounds WHERE id = $1`, [id])).rejects.toThrow(/never deleted/);
  });
});

describe('the super prize', () => {
  it('is drawn once the pool reaches the threshold and announced to everyone', async () => {
    await pool.query(`UPDATE jackpot_settings SET super_threshold = 1, super_share_bp = 5000`);
    const round = await pastRound('SUPER');
    const player = await newPlayer();
    await settledBet(player.id, yuan(30), new Date(round.start + 1000));
    await sweepContributions(pool);
    const poolBefore = await jackpotPoolBalance(pool);
    const outcome = await drawRound(pool, round.id);
    expect(outcome?.status).toBe('DRAWN');
    expect(outcome!.prize).toBe(Math.floor(poolBefore / 2));
    expect(outcome!.events.find((e) => e.type === 'superJackpotWon')).toMatchObject({ customerId: null, payload: { prize: outcome!.prize, drawId: round.id } });
    await pool.query(`UPDATE jackpot_settings SET super_threshold = 1000000000`);
  });
});

describe('the total broadcast', () => {
  it('publishes only when the pool changed', async () => {
    const broadcaster = new TotalBroadcaster(server.ctx);
    expect(await broadcaster.run()).toBe(true);
    expect(await broadcaster.run()).toBe(false);
    const player = await newPlayer();
    await settledBet(player.id, yuan(10), new Date());
    await sweepContributions(pool);
    expect(await broadcaster.run()).toBe(true);
  });
});

describe('endpoints', () => {
  it('public round detail: bad ids are 400, unknown ones 404', async () => {
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const response = await server.app.inject({ method: 'GET', url: JACKPOT_PATHS.round(bad) });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await server.app.inject({ method: 'GET', url: JACKPOT_PATHS.round(999999) })).statusCode).toBe(404);
  });

  it('back office: who may read and change, audited; bad settings change nothing', async () => {
    const overview = '/ajax/backoffice/jackpot/overview';
    const settings = '/ajax/backoffice/jackpot/settings';
    const rounds = '/ajax/backoffice/jackpot/rounds';
    expect((await server.app.inject({ method: 'GET', url: overview })).statusCode).toBe(401);
    const finance = await operatorCookie(server.app, 'FINANCE');
    const ops = await operatorCookie(server.app, 'OPERATIONS');
    const support = await operatorCookie(server.app, 'SUPPORT');
    expect((await server.app.inject({ method: 'GET', url: overview, headers: { cookie: support } })).statusCode).toBe(403);
    const read = await server.app.inject({ method: 'GET', url: overview, headers: { cookie: finance } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ reconciles: true });
    expect((await server.app.inject({ method: 'GET', url: rounds, headers: { cookie: finance } })).json().rounds.length).toBeGreaterThan(0);
    const body = { contributionBp: 150, luckyIntervalMinutes: 10, luckyShareBp: 100, luckyCap: yuan(500), minStake: yuan(2), superThreshold: yuan(100000), superShareBp: 5000, reason: '调整' };
    expect((await server.app.inject({ method: 'PUT', url: settings, headers: operatorHeaders(finance), payload: body })).statusCode).toBe(403);
    for (const bad of [{ ...body, contributionBp: 'x' }, { ...body, contributionBp: 5000 }, { ...body, luckyIntervalMinutes: 0 }, { ...body, reason: '' }, {}]) {
      const response = await server.app.inject({ method: 'PUT', url: settings, headers: operatorHeaders(ops), payload: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    const saved = await server.app.inject({ method: 'PUT', url: settings, headers: operatorHeaders(ops), payload: body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contributionBp: 150 });
    const order = { id: 1, customerId: 1, drawType: 'UUFFC', playMode: 'REGULAR' as const, issueNumber: '1', totalStake: yuan(2), isAutobet: false, bets: [] };
    expect(jackpotHook.contribution(order, { status: 'WON', payout: 1, rebate: 0 })).toBe(300);
    const audit = await pool.query(`SELECT 1 FROM operator_audit_log WHERE action = 'jackpot.settings.update'`);
    expect(audit.rowCount).toBe(1);
  });
});
