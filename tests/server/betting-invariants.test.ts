// Invariants of betting money, checked against a real PostgreSQL:
// - property-based: random sequences of bets, retries, cancels, draws and settlements;
// - a Jepsen-style bank check: concurrent clients betting and cancelling while a reader sums every
//   account in one snapshot — the total never changes and no player balance is ever below zero.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { schedulerFor } from '../support/orders.ts';
import { issueCreditsMismatched, ORDER_WIN_PAID_SQL, ORDER_WIN_TIMES_SQL } from './settlement-support.ts';

let server: TestServer;
const clock = new ManualClock(beijing('2026-11-22 12:00:05'));
let scheduler: ReturnType<typeof schedulerFor>;
const players = ['demo_player', 'demo_member1', 'demo_member2', 'demo_agent'];
const cookies = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'UUPK10')`);
  scheduler = schedulerFor(server, clock);
  await scheduler.tick();
  for (const p of players) cookies.set(p, await loginCookie(server.app, p));
});
afterAll(() => server.close());

const pool = () => server.db.database.pool;

async function currentIssue(drawType: string): Promise<string | null> {
  const body = (await server.app.inject({ url: `/ajax/draws/${drawType}/current` })).json();
  return body.current && body.current.state === 'OPEN' && body.current.closesAt > clock.now() ? body.current.issueNumber : null;
}

function betBody(kind: 'regular' | 'board', issueNumber: string, size: number, digits: number[]) {
  return kind === 'regular'
    ? { drawType: 'UUFFC', playMode: 'REGULAR', issueNumber, bets: [{ methodId: 'ZX5', selection: { rows: digits.map((d) => [d]) }, mode: 'JIAO', multiplier: size }] }
    : { drawType: 'UUPK10', playMode: 'BOARD', issueNumber, bets: [{ betTypeId: 'RANK_1', selection: String((digits[0]! % 10) + 1), stake: size * 10_000 }] };
}

/** Every invariant of the money, over the whole database. */
async function checkInvariants() {
  const report = await reconcile(pool());
  expect(report).toMatchObject({ ok: true, totalOfEntries: 0 });
  const negative = await pool().query(`SELECT id FROM ledger_accounts WHERE kind = 'PLAYER_MAIN' AND balance < 0`);
  expect(negative.rows).toEqual([]);
  // Each order's money matches its status exactly once: one BET; one win payment iff won with a
  // payout (its own transfer, or its line in its player's transfer for the issue); one REF iff
  // cancelled; nothing else.
  expect(await issueCreditsMismatched(pool())).toEqual([]);
  const mismatched = await pool().query(`
    SELECT o.id, o.status, o.total_stake, o.payout,
           (SELECT count(*) FROM ledger_transfers t WHERE t.idempotency_key = 'bet:' || o.id) AS bets,
           ${ORDER_WIN_PAID_SQL} AS won, ${ORDER_WIN_TIMES_SQL} AS wins,
           (SELECT coalesce(sum(e.amount), 0) FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
              JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'PLAYER_MAIN'
             WHERE t.idempotency_key = 'refund:' || o.id) AS refunded
      FROM orders o`);
  for (const row of mismatched.rows) {
    expect(Number(row.bets), `order ${row.id}`).toBe(1);
    expect(Number(row.won), `order ${row.id}`).toBe(row.status === 'WON' ? row.payout : 0);
    expect(Number(row.wins), `order ${row.id}`).toBe(row.status === 'WON' && row.payout > 0 ? 1 : 0);
    expect(Number(row.refunded), `order ${row.id}`).toBe(row.status.endsWith('CANCELED') ? row.total_stake : 0);
  }
  // A player's balance is exactly their funding, less stakes, plus payouts, rebates and refunds.
  const drift = await pool().query(`
    SELECT a.id FROM ledger_accounts a JOIN customers c ON c.id = a.customer_id
     WHERE a.kind = 'PLAYER_MAIN' AND a.balance <> (
       SELECT coalesce(sum(e.amount) FILTER (WHERE t.type IN ('DEP', 'TRIAL')), 0)
            - coalesce((SELECT sum(total_stake) FROM orders WHERE customer_id = c.id), 0)
            + coalesce((SELECT sum(payout + rebate) FROM order_outcomes WHERE customer_id = c.id AND status IN ('WON', 'LOST')), 0)
            + coalesce((SELECT sum(total_stake) FROM orders WHERE customer_id = c.id AND status LIKE '%CANCELED'), 0)
         FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id WHERE e.account_id = a.id)`);
  expect(drift.rows).toEqual([]);
}

describe('betting money invariants', () => {
  it('hold under random sequences of bets, retries, cancels, draws and settlements', async () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('bet' as const), player: fc.integer({ min: 0, max: 3 }), board: fc.boolean(), size: fc.integer({ min: 1, max: 40 }), digits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 }) }),
      fc.record({ kind: fc.constant('retry' as const) }),
      fc.record({ kind: fc.constant('concurrentRetry' as const), copies: fc.integer({ min: 2, max: 5 }), fresh: fc.boolean() }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('draw' as const), seconds: fc.integer({ min: 20, max: 90 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 40 }), async (actions) => {
        const sent: { player: string; body: Record<string, unknown>; orderId?: string }[] = [];
        for (const a of actions) {
          if (a.kind === 'bet') {
            const player = players[a.player]!;
            const issue = await currentIssue(a.board ? 'UUPK10' : 'UUFFC');
            if (!issue) continue;
            const body = { clientKey: randomUUID(), ...betBody(a.board ? 'board' : 'regular', issue, a.size, a.digits) };
            const response = await server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie: cookies.get(player)!, ...MUTATION_HEADERS }, payload: body });
            expect([200, 409]).toContain(response.statusCode);
            sent.push({ player, body, orderId: response.statusCode === 200 ? response.json().order.orderId : undefined });
          } else if (a.kind === 'retry' && sent.length > 0) {
            const last = sent[sent.length - 1]!;
            const response = await server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie: cookies.get(last.player)!, ...MUTATION_HEADERS }, payload: last.body });
            if (last.orderId) expect(response.json().order.orderId).toBe(last.orderId);
          } else if (a.kind === 'concurrentRetry' && sent.length > 0) {
            // The same key sent several times at once: a fresh order's key (the copies race to
            // place it) or the last one's again (they all replay it). One order, one stake, whatever.
            const last = sent[sent.length - 1]!;
            const body = a.fresh ? { ...last.body, clientKey: randomUUID() } : last.body;
            const responses = await Promise.all(
              Array.from({ length: a.copies }, () =>
                server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie: cookies.get(last.player)!, ...MUTATION_HEADERS }, payload: body }),
              ),
            );
            const ids = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.json().order.orderId as string));
            expect(ids.size).toBeLessThanOrEqual(1);
            if (!a.fresh && last.orderId) expect([...ids]).toEqual([last.orderId]);
            const placed = await pool().query('SELECT count(*)::int AS n FROM orders WHERE client_key = $1', [body.clientKey]);
            expect(placed.rows[0].n).toBe(ids.size);
            if (a.fresh) sent.push({ player: last.player, body, orderId: [...ids][0] });
          } else if (a.kind === 'cancel' && sent.some((s) => s.orderId)) {
            const withOrder = sent.filter((s) => s.orderId);
            const target = withOrder[a.pick % withOrder.length]!;
            const response = await server.app.inject({ method: 'PUT', url: `/ajax/orders/${target.orderId}/cancel`, headers: { cookie: cookies.get(target.player)!, ...MUTATION_HEADERS } });
            expect([200, 409]).toContain(response.statusCode);
          } else if (a.kind === 'draw') {
            clock.advance(a.seconds * 1000);
            await scheduler.tick();
          }
        }
        await checkInvariants();
      }),
      // Sized to take about 20–30 s on the shared two-core machine.
      { numRuns: 24 },
    );
  }, 120_000);

  it('bank check: concurrent betting and cancelling never creates or loses money', async () => {
    const snapshotTotal = async () => {
      const client = await pool().connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        const sums = await client.query<{ players: number; all: number; negative: number }>(
          `SELECT coalesce(sum(balance) FILTER (WHERE kind = 'PLAYER_MAIN'), 0)::bigint AS players,
                  sum(balance)::bigint AS all,
                  count(*) FILTER (WHERE kind = 'PLAYER_MAIN' AND balance < 0)::int AS negative FROM ledger_accounts`,
        );
        const house = await client.query<{ h: number }>(`SELECT coalesce(sum(balance), 0)::bigint AS h FROM ledger_accounts WHERE code LIKE 'house:%'`);
        await client.query('COMMIT');
        return { ...sums.rows[0]!, playersPlusHouse: Number(sums.rows[0]!.players) + Number(house.rows[0]!.h) };
      } finally {
        client.release();
      }
    };
    const start = await snapshotTotal();
    let running = true;
    const readings: Awaited<ReturnType<typeof snapshotTotal>>[] = [];
    const reader = (async () => {
      while (running) {
        readings.push(await snapshotTotal());
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const client = async (player: string, seed: number) => {
      const mine: string[] = [];
      for (let i = 0; i < 25; i++) {
        const issue = await currentIssue(i % 2 ? 'UUFFC' : 'UUPK10');
        if (issue && (seed + i) % 4 !== 3) {
          const payload = { clientKey: randomUUID(), ...betBody(i % 2 ? 'regular' : 'board', issue, 1 + ((seed * 7 + i) % 30), [1, 2, 3, 4, (seed + i) % 10]) };
          // Every fifth bet is sent three times at once with the same key (a client retrying).
          const responses = await Promise.all(
            Array.from({ length: (seed + i) % 5 === 0 ? 3 : 1 }, () =>
              server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie: cookies.get(player)!, ...MUTATION_HEADERS }, payload }),
            ),
          );
          const ids = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.json().order.orderId as string));
          expect(ids.size).toBeLessThanOrEqual(1);
          mine.push(...ids);
        } else if (mine.length > 0) {
          await server.app.inject({ method: 'PUT', url: `/ajax/orders/${mine[(seed + i) % mine.length]}/cancel`, headers: { cookie: cookies.get(player)!, ...MUTATION_HEADERS } });
        }
      }
    };
    const drawer = (async () => {
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 40));
        clock.advance(30_000);
        await scheduler.tick();
      }
    })();
    await Promise.all([...players.flatMap((p, i) => [client(p, i), client(p, i + 10)]), drawer]);
    running = false;
    await reader;
    expect(readings.length).toBeGreaterThan(5);
    for (const r of readings) {
      expect(Number(r.all)).toBe(0);
      expect(r.negative).toBe(0);
      expect(r.playersPlusHouse).toBe(start.playersPlusHouse);
    }
    await checkInvariants();
  }, 120_000);
});
