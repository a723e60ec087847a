// One player's bad order never fails other players' bets (issue 15, defect 3). Orders that arrive
// together are placed by one statement (src/server/orders/place-batch.ts); an input PostgreSQL would
// refuse is stopped by validation before it reaches a batch, and if a batched statement still fails,
// its orders are placed one by one so that only the refused one fails.
//
// To fail a statement inside a batch whatever the validation, this file's own database carries two
// constraints that refuse some orders that pass every check of ours: a client key starting 'poison-',
// and the orders of one autobet. They stand for any refusal PostgreSQL may still make.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/errors.ts';
import { HOUSE_SHARDS } from '../../src/server/orders/accounts.ts';
import { placeOrder } from '../../src/server/orders/place.ts';
import { AutobetRunner } from '../../src/server/autobet/runner.ts';
import { createSession } from '../../src/server/session/store.ts';
import { SESSION_COOKIE } from '../../src/server/session/tokens.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import type { PlaceOrder } from '../../src/shared/api/orders.ts';
import { yuan } from '../../src/shared/money.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { fundedPlayer } from './settlement-support.ts';

const FUNDS = yuan(10_000);
const STAKE = yuan(2);
const UNSTORABLE = '订单内容无法保存，未能投注，请检查后重试';

let server: TestServer;
let issueNumber: string;
const pool = () => server.db.database.pool;

beforeAll(async () => {
  server = await startTestServer();
  await pool().query(`UPDATE own_games SET enabled = draw_type = 'UUFFC'`);
  await pool().query(`ALTER TABLE orders ADD CONSTRAINT test_refuses_poison_keys CHECK (client_key NOT LIKE 'poison-%')`);
  issueNumber = `ISO${process.pid}`;
  const now = server.ctx.clock.now();
  await pool().query(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
     VALUES ('UUFFC', $1, '2026-11-22', 900001, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), to_timestamp($3 / 1000.0), 'OPEN')`,
    [issueNumber, now - 60_000, now + 24 * 3_600_000],
  );
});
afterAll(() => server.close());

interface Player {
  customerId: number;
  cookie: string;
}

/** Funded players with live sessions, all on the placement lane of `lane` (customer mod shards mod 2). */
async function playersOnOneLane(count: number, prefix: string): Promise<Player[]> {
  const players: Player[] = [];
  while (players.length < count) {
    const customerId = await fundedPlayer(pool(), FUNDS, prefix);
    if ((customerId % HOUSE_SHARDS) % 2 !== 0) continue;
    const { token } = await createSession(pool(), { customerId, remember: false, lifetimeMs: 3_600_000 });
    players.push({ customerId, cookie: `${SESSION_COOKIE}=${token}` });
  }
  return players;
}

const honestBody = (clientKey = randomUUID()): PlaceOrder => ({
  clientKey,
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  issueNumber,
  bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
});

const post = (player: Player, payload: object) =>
  server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie: player.cookie, ...MUTATION_HEADERS }, payload });

const ordersUnder = async (customerId: number, clientKey: string) =>
  Number((await pool().query('SELECT count(*) FROM orders WHERE customer_id = $1 AND client_key = $2', [customerId, clientKey])).rows[0].count);

/** The money of these players: each order has one BET transfer, each wallet is its funds less its stakes. */
async function expectLedgerHolds(players: readonly Player[]) {
  expect(await reconcile(pool())).toMatchObject({ ok: true, totalOfEntries: 0 });
  const ids = players.map((p) => p.customerId);
  const bets = await pool().query(
    `SELECT o.id, (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'bet:' || o.id) AS transfers
       FROM orders o WHERE o.customer_id = ANY($1::bigint[])`,
    [ids],
  );
  for (const row of bets.rows) expect(row.transfers, `order ${row.id}`).toBe(1);
  const drift = await pool().query(
    `SELECT a.customer_id FROM ledger_accounts a
      WHERE a.customer_id = ANY($1::bigint[]) AND a.kind = 'PLAYER_MAIN'
        AND a.balance <> $2 - coalesce((SELECT sum(o.total_stake) FROM orders o WHERE o.customer_id = a.customer_id), 0)`,
    [ids, FUNDS],
  );
  expect(drift.rows).toEqual([]);
}

describe('a poisoning client betting in parallel with honest players', () => {
  it('NUL bytes in the issue number or client key: every honest order 200 and placed once, the bad ones 400', async () => {
    const [poisoner, ...honest] = await playersOnOneLane(9, 'nul');
    const poisons: Record<string, unknown>[] = [
      { ...honestBody(), issueNumber: `${issueNumber}\u0000` },
      { ...honestBody(), clientKey: `${randomUUID()}\u0000` },
      { ...honestBody(`\u0000${randomUUID()}`), issueNumber: `\u0000` },
    ];
    const sent: { player: Player; body: PlaceOrder; poison: boolean }[] = [];
    for (let i = 0; i < 64; i++) {
      if (i % 4 === 1) sent.push({ player: poisoner!, body: poisons[i % poisons.length] as PlaceOrder, poison: true });
      else sent.push({ player: honest[i % honest.length]!, body: honestBody(), poison: false });
    }
    const responses = await Promise.all(sent.map((s) => post(s.player, s.body)));

    const honestStatuses = responses.filter((_, i) => !sent[i]!.poison).map((r) => r.statusCode);
    expect(honestStatuses).toEqual(honestStatuses.map(() => 200));
    for (const response of responses.filter((_, i) => sent[i]!.poison)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const s of sent.filter((s) => !s.poison)) expect(await ordersUnder(s.player.customerId, s.body.clientKey)).toBe(1);
    expect(Number((await pool().query('SELECT count(*) FROM orders WHERE customer_id = $1', [poisoner!.customerId])).rows[0].count)).toBe(0);
    await expectLedgerHolds([poisoner!, ...honest]);
  });

  it('an order the database refuses: only it fails (400), every honest order is placed exactly once', async () => {
    const [poisoner, ...honest] = await playersOnOneLane(9, 'refused');
    const sent: { player: Player; body: PlaceOrder; poison: boolean }[] = [];
    for (let i = 0; i < 64; i++) {
      if (i % 4 === 1) sent.push({ player: poisoner!, body: honestBody(`poison-${randomUUID()}`), poison: true });
      else sent.push({ player: honest[i % honest.length]!, body: honestBody(), poison: false });
    }
    const responses = await Promise.all(sent.map((s) => post(s.player, s.body)));

    const honestStatuses = responses.filter((_, i) => !sent[i]!.poison).map((r) => r.statusCode);
    expect(honestStatuses).toEqual(honestStatuses.map(() => 200));
    for (const response of responses.filter((_, i) => sent[i]!.poison)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION', message: UNSTORABLE });
    }
    for (const s of sent.filter((s) => !s.poison)) expect(await ordersUnder(s.player.customerId, s.body.clientKey)).toBe(1);
    await expectLedgerHolds([poisoner!, ...honest]);
  });

  it('one refused order in a full batch: the 31 others are placed once each, and stay placed once when sent again', async () => {
    const players = await playersOnOneLane(8, 'batch');
    const bodies = Array.from({ length: 32 }, (_, i) => honestBody(i === 13 ? `poison-${randomUUID()}` : randomUUID()));
    const bettor = (i: number) => ({ customerId: players[i % players.length]!.customerId, prizeGroup: 1950 });
    const now = server.ctx.clock.now();
    // Submitted in one turn of the event loop: the 32 orders go to their lane together, as one batch.
    const outcomes = await Promise.allSettled(bodies.map((body, i) => placeOrder(pool(), bettor(i), body, now)));

    const refused = outcomes[13]!;
    expect(refused.status).toBe('rejected');
    const reason = (refused as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(AppError);
    expect(reason).toMatchObject({ statusCode: 400, message: UNSTORABLE });
    const placed = outcomes.filter((_, i) => i !== 13);
    expect(placed.map((o) => o.status)).toEqual(placed.map(() => 'fulfilled'));
    const orderIds = placed.map((o) => (o as PromiseFulfilledResult<Awaited<ReturnType<typeof placeOrder>>>).value.order.orderId);
    expect(new Set(orderIds).size).toBe(31);

    const again = await Promise.all(bodies.map((body, i) => (i === 13 ? null : placeOrder(pool(), bettor(i), body, now))));
    expect(again.filter((a) => a !== null).map((a) => a!.order.orderId)).toEqual(orderIds);
    for (const [i, body] of bodies.entries()) expect(await ordersUnder(bettor(i).customerId, body.clientKey)).toBe(i === 13 ? 0 : 1);
    await expectLedgerHolds(players);
  });

  it('autobet entries share the lanes: a refused entry is skipped with a Chinese note, the rest is placed', async () => {
    const [owner, ...honest] = await playersOnOneLane(5, 'autobet');
    const autobet = async (customerId: number) => {
      const bets = [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }];
      const created = await pool().query<{ id: number }>(
        `INSERT INTO autobets (customer_id, client_key, draw_type, play_mode, bets, plan, stop_on_win, total_planned)
         VALUES ($1, $2, 'UUFFC', 'REGULAR', $3, '{"kind":"SAME","issues":1,"multiplier":1}', false, $4) RETURNING id`,
        [customerId, randomUUID(), JSON.stringify(bets), STAKE],
      );
      const id = Number(created.rows[0]!.id);
      await pool().query(`INSERT INTO autobet_entries (autobet_id, seq, issue_number, multiplier, stake) VALUES ($1, 1, $2, 1, $3)`, [id, issueNumber, STAKE]);
      return id;
    };
    const refusedPlan = await autobet(owner!.customerId);
    const goodPlan = await autobet(honest[0]!.customerId);
    await pool().query(`ALTER TABLE orders ADD CONSTRAINT test_refuses_one_autobet CHECK (autobet_id <> ${refusedPlan})`);

    const bodies = Array.from({ length: 24 }, () => honestBody());
    const [responses] = await Promise.all([
      Promise.all(bodies.map((body, i) => post(honest[i % honest.length]!, body))),
      new AutobetRunner(pool()).run(server.ctx.clock.now()),
    ]);

    expect(responses.map((r) => r.statusCode)).toEqual(bodies.map(() => 200));
    for (const [i, body] of bodies.entries()) expect(await ordersUnder(honest[i % honest.length]!.customerId, body.clientKey)).toBe(1);
    const entries = await pool().query<{ autobet_id: number; status: string; note: string | null; order_id: number | null }>(
      'SELECT autobet_id, status, note, order_id FROM autobet_entries WHERE autobet_id = ANY($1::bigint[])',
      [[refusedPlan, goodPlan]],
    );
    const entryOf = (id: number) => entries.rows.find((e) => Number(e.autobet_id) === id)!;
    expect(entryOf(refusedPlan)).toMatchObject({ status: 'CANCEL', note: UNSTORABLE, order_id: null });
    expect(entryOf(goodPlan)).toMatchObject({ status: 'BET' });
    expect(await ordersUnder(honest[0]!.customerId, `autobet:${goodPlan}:1`)).toBe(1);
    await expectLedgerHolds([owner!, ...honest]);
  });
});
