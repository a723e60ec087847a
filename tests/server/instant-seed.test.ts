// Instant (秒开) seeds are committed before any bet (issue 15, defect 7): GET /ajax/instant-seed makes
// the player's seed and shows its hash; an instant bet on a seed whose hash was never shown is refused
// and changes nothing; concurrent first requests agree on one seed; concurrent rotations never answer
// 500 (one wins at a time, the others get a clean 409); bets racing rotations draw from shown seeds.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInstantDraw } from '../../src/shared/draws/index.ts';
import { yuan } from '../../src/shared/money.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { SEED_NOT_SHOWN_MESSAGE, SEED_ROTATED_MESSAGE } from '../../src/server/orders/instant.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { placeRequest } from '../support/orders.ts';
import { call, createCustomer, login } from './accounts-support.ts';

let server: TestServer;
const pool = () => server.db.database.pool;

beforeAll(async () => {
  server = await startTestServer();
  await pool().query(`UPDATE own_games SET enabled = true WHERE draw_type = 'MKSSC'`);
});
afterAll(() => server.close());

let players = 0;

/** A new player of this test alone, with ¥1,000 deposited through the ledger, logged in. */
async function newPlayer(): Promise<{ id: number; cookie: string }> {
  const username = `seed${process.pid % 10_000}x${players++}`;
  const id = await createCustomer(server, { username });
  await withTransaction(pool(), async (client) => {
    await postTransfer(client, {
      idempotencyKey: `instant-seed-test:${id}`,
      type: 'DEP',
      legs: [
        { accountId: await systemAccountId(client, 'external:test-funding', 'EXTERNAL'), amount: -yuan(1000) },
        { accountId: await playerAccountId(client, id), amount: yuan(1000) },
      ],
    });
  });
  return { id, cookie: await login(server, username, 'abc12345') };
}

const instantBet = (cookie: string, extra: Record<string, unknown> = {}) =>
  placeRequest(server, cookie, {
    drawType: 'MKSSC',
    playMode: 'REGULAR',
    bets: [{ methodId: 'DWD', selection: { rows: [[1, 2], [], [], [], []] }, mode: 'LI', multiplier: 1 }],
    ...extra,
  });
const showSeed = (cookie: string) => call(server, 'GET', '/ajax/instant-seed', { cookie });
const rotate = (cookie: string, clientSeed?: string) =>
  call(server, 'PUT', '/ajax/instant-seed/rotate', { cookie, payload: clientSeed ? { clientSeed } : {} });
const balance = async (cookie: string) => (await call(server, 'GET', '/ajax/wallet/main-wallet-balance', { cookie })).json().balance as number;
const seedRows = async (customerId: number) =>
  (await pool().query<{ server_seed_hash: string; active: boolean; shown: boolean }>(
    'SELECT server_seed_hash, active, hash_shown_at IS NOT NULL AS shown FROM instant_seeds WHERE customer_id = $1 ORDER BY id',
    [customerId],
  )).rows;
const orderCount = async (customerId: number) =>
  Number((await pool().query('SELECT count(*) FROM orders WHERE customer_id = $1', [customerId])).rows[0].count);

describe('the seed is committed before the first instant bet', () => {
  it('refuses an instant bet before the seed hash was shown, with a Chinese 409, and changes nothing', async () => {
    const player = await newPlayer();
    const before = await balance(player.cookie);
    const refused = await instantBet(player.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: SEED_NOT_SHOWN_MESSAGE });
    expect(await balance(player.cookie)).toBe(before);
    expect(await orderCount(player.id)).toBe(0);
    // The bet made no seed of its own either: the first seed comes from the player asking for it.
    expect(await seedRows(player.id)).toEqual([]);
  });

  it('refuses a bet on a seed that exists but whose hash was never returned', async () => {
    const player = await newPlayer();
    await pool().query(
      `INSERT INTO instant_seeds (customer_id, server_seed, server_seed_hash, client_seed) VALUES ($1, $2, $3, 'x')`,
      [player.id, 'ab'.repeat(32), 'cd'.repeat(32)],
    );
    const refused = await instantBet(player.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SEED_NOT_SHOWN_MESSAGE);
    expect(await orderCount(player.id)).toBe(0);
    // Showing it is what allows bets on it.
    expect((await showSeed(player.cookie)).json().serverSeedHash).toBe('cd'.repeat(32));
    expect((await seedRows(player.id))[0]!.shown).toBe(true);
  });

  it('GET /ajax/instant-seed makes the seed once; a bet then draws from the shown hash, verifiably after rotation', async () => {
    const player = await newPlayer();
    const first = await showSeed(player.cookie);
    expect(first.statusCode).toBe(200);
    const shown = first.json();
    expect(shown).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nextNonce: 0 });
    expect((await showSeed(player.cookie)).json()).toEqual(shown);

    const placed = await instantBet(player.cookie, { clientSeed: 'my-first-seed' });
    expect(placed.statusCode).toBe(200);
    const { order } = placed.json();
    expect(order.fairness).toMatchObject({ serverSeedHash: shown.serverSeedHash, clientSeed: 'my-first-seed', nonce: 0, serverSeed: null });
    const second = (await instantBet(player.cookie)).json().order;
    expect(second.fairness).toMatchObject({ serverSeedHash: shown.serverSeedHash, clientSeed: 'my-first-seed', nonce: 1 });
    expect((await showSeed(player.cookie)).json()).toMatchObject({ serverSeedHash: shown.serverSeedHash, nextNonce: 2 });

    const rotated = await rotate(player.cookie, 'next-seed');
    expect(rotated.statusCode).toBe(200);
    const serverSeed = rotated.json().revealed.serverSeed as string;
    for (const o of [order, second]) {
      const check = await verifyInstantDraw({
        drawType: 'MKSSC',
        serverSeed,
        serverSeedHash: shown.serverSeedHash,
        clientSeed: o.fairness.clientSeed,
        nonce: o.fairness.nonce,
        publishedResult: o.result,
      });
      expect(check.verdict).toBe('PASS');
    }
    // The new seed's hash was shown by the rotation's answer: bets on it need no other call.
    const next = (await instantBet(player.cookie)).json().order;
    expect(next.fairness).toMatchObject({ serverSeedHash: rotated.json().current.serverSeedHash, clientSeed: 'next-seed', nonce: 0 });
  });

  it('many first requests at once, from many connections, agree on one seed', async () => {
    const player = await newPlayer();
    const answers = await Promise.all(Array.from({ length: 16 }, () => showSeed(player.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.json().serverSeedHash)).size).toBe(1);
    const rows = await seedRows(player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ active: true, shown: true, server_seed_hash: answers[0]!.json().serverSeedHash });
  });
});

describe('rotations at once', () => {
  it('never answer 500: each rotation wins in turn or gets a clean 409, and one seed stays active', async () => {
    const player = await newPlayer();
    const initial = (await rotate(player.cookie)).json().current.serverSeedHash as string;
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => rotate(player.cookie, `race-${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409), statuses.join(',')).toBe(true);
    const won = answers.filter((a) => a.statusCode === 200).map((a) => a.json());
    expect(won.length).toBeGreaterThan(0);
    for (const lost of answers.filter((a) => a.statusCode === 409)) expect(lost.json()).toEqual({ code: 'CONFLICT', message: SEED_ROTATED_MESSAGE });
    // Winners form one chain: each revealed the seed the one before it made, starting from the first.
    const revealed = won.map((w) => w.revealed.serverSeedHash as string);
    const made = won.map((w) => w.current.serverSeedHash as string);
    expect(new Set([initial, ...made])).toEqual(new Set([...revealed, (await showSeed(player.cookie)).json().serverSeedHash]));
    const rows = await seedRows(player.id);
    expect(rows.filter((r) => r.active)).toHaveLength(1);
    expect(rows).toHaveLength(1 + won.length);
    expect(rows.every((r) => r.shown)).toBe(true);
  });

  it('bets racing rotations are each drawn from a seed whose hash had been returned, and none fails', async () => {
    const player = await newPlayer();
    const shownHashes = new Set<string>([(await rotate(player.cookie)).json().current.serverSeedHash]);
    const work = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? rotate(player.cookie, `mixed-${i}`) : instantBet(player.cookie)));
    const answers = await Promise.all(work);
    const bets: { fairness: { serverSeedHash: string; nonce: number } }[] = [];
    answers.forEach((answer, i) => {
      if (i % 3 === 0) {
        expect([200, 409]).toContain(answer.statusCode);
        if (answer.statusCode === 200) shownHashes.add(answer.json().current.serverSeedHash);
      } else {
        expect(answer.statusCode, answer.body).toBe(200);
        bets.push(answer.json().order);
      }
    });
    for (const bet of bets) expect(shownHashes.has(bet.fairness.serverSeedHash)).toBe(true);
    // No nonce was used twice on one seed.
    const used = bets.map((b) => `${b.fairness.serverSeedHash}:${b.fairness.nonce}`);
    expect(new Set(used).size).toBe(used.length);
  });
});
