// The fault matrix of issue 20 against the sandbox provider (its own process), one test per row. Each
// row ends in its documented state (docs/providers/server.md, fault matrix), the ledger reconciles
// and no money is created or lost (providers-support.ts expectBooksBalanced).
// A second part runs against a local fake provider (signed answers, bound to the request) that can answer
// wrongly: about another amount, direction or player, a stale balance, an impossible bet record.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoProviders } from '../../src/server/db/seed-providers.ts';
import { responsePurpose, signHeaders } from '../../src/server/payments/signing.ts';
import { resolveDueTransfers, resolveTransfer } from '../../src/server/providers/in-doubt.ts';
import { pullAllRecords, pullRecords } from '../../src/server/providers/records.ts';
import { adapterFor } from '../../src/server/providers/registry.ts';
import { fromWireAmount, toWireAmount } from '../../src/server/providers/sandbox-protocol.ts';
import { sendTransfer, settleTransfer, startTransfer } from '../../src/server/providers/transfers.ts';
import { yuan } from '../../src/shared/money.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { call, expectBooksBalanced, mainBalance, newPlayer, requestKey, startWorld, transferCall, transferRow, type World } from './providers-support.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.sandbox.clearFaults();
});

const pool = () => world.server.db.database.pool;
const config = () => world.server.ctx.config.providers;
const wallet = async (cookie: string, provider: string) =>
  (await call(world.server, 'GET', '/ajax/wallet/third-party', cookie)).json().wallets.find((w: { provider: string }) => w.provider === provider);

/** The resolver's pass, with this transfer made due now (its back-off would otherwise wait 5 s). */
async function runResolver(id: string): Promise<void> {
  await pool().query('UPDATE provider_transfers SET next_check_at = now() WHERE id = $1', [Number(id)]);
  await resolveDueTransfers(pool(), config());
}

describe('fault matrix', () => {
  it('transfer-in time-out that succeeded: in doubt and held, then posted (TO) once the provider confirms', async () => {
    const player = await newPlayer(world.server, 500);
    await world.sandbox.setFaults('PP', { transferTimeout: 'SUCCEED' });
    const sent = await transferCall(world.server, player, 'PP', 'IN', 200);
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().transfer.id;
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    expect(await mainBalance(world.server, player.id)).toBe(yuan(300));
    expect((await wallet(player.cookie, 'PP')).state).toBe('IN_DOUBT');
    // Nothing else goes to this provider while it is in doubt.
    const next = await transferCall(world.server, player, 'PP', 'IN', 10);
    expect(next.statusCode).toBe(409);
    await world.sandbox.clearFaults();
    await runResolver(id);
    const row = await transferRow(world.server, id);
    expect(row.status).toBe('SUCCESS');
    expect(await mainBalance(world.server, player.id)).toBe(yuan(300));
    expect(await world.sandbox.adapter('PP').balance(player.ref)).toBe(yuan(200));
    const types = await pool().query<{ type: string }>('SELECT type FROM ledger_transfers WHERE reference = $1 ORDER BY id', [`provider-transfer:${row.reference}`]);
    expect(types.rows.map((r) => r.type)).toEqual(['TOU', 'TO']);
    const events = await pool().query<{ actor: string; outcome: string }>('SELECT actor, outcome FROM provider_transfer_events WHERE transfer_id = $1 ORDER BY id', [Number(id)]);
    expect(events.rows.map((e) => `${e.actor}:${e.outcome}`)).toEqual(['PLAYER:CREATED', 'PLAYER:IN_DOUBT', 'JOB:SUCCESS']);
    await expectBooksBalanced(world, [{ player, funds: 500, providers: ['PP'] }]);
  });

  it('transfer-in time-out that failed: in doubt and held, then voided back (TOUFAIL)', async () => {
    const player = await newPlayer(world.server, 500);
    await world.sandbox.setFaults('PG', { transferTimeout: 'FAIL' });
    const sent = await transferCall(world.server, player, 'PG', 'IN', 200);
    const id = sent.json().transfer.id;
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    expect(await mainBalance(world.server, player.id)).toBe(yuan(300));
    await runResolver(id);
    const row = await transferRow(world.server, id);
    expect(row.status).toBe('FAILED');
    expect(await mainBalance(world.server, player.id)).toBe(yuan(500));
    const types = await pool().query<{ type: string }>('SELECT type FROM ledger_transfers WHERE reference = $1 ORDER BY id', [`provider-transfer:${row.reference}`]);
    expect(types.rows.map((r) => r.type)).toEqual(['TOU', 'TOUFAIL']);
    await expectBooksBalanced(world, [{ player, funds: 500, providers: ['PG'] }]);
  });

  it('a reference the provider never saw stays in doubt within the window and fails after it; a failing query changes nothing', async () => {
    const player = await newPlayer(world.server, 500);
    // Step 1 only: held, never sent (the process stopped before asking the provider).
    const { row } = await startTransfer(pool(), { customerId: player.id, provider: 'AG', direction: 'IN', amount: yuan(100), requestKey: requestKey(), origin: 'PLAYER' });
    await world.sandbox.setFaults('AG', { down: true });
    await resolveTransfer(pool(), config(), row.id, 'JOB');
    expect((await transferRow(world.server, row.id)).status).toBe('PENDING');
    await world.sandbox.clearFaults();
    await resolveTransfer(pool(), config(), row.id, 'JOB');
    expect((await transferRow(world.server, row.id)).status).toBe('IN_DOUBT');
    expect(await mainBalance(world.server, player.id)).toBe(yuan(400));
    await resolveTransfer(pool(), { ...config(), inDoubtWindowMs: 0 }, row.id, 'JOB');
    expect((await transferRow(world.server, row.id)).status).toBe('FAILED');
    expect(await mainBalance(world.server, player.id)).toBe(yuan(500));
    await expectBooksBalanced(world, [{ player, funds: 500, providers: ['AG'] }]);
  });

  it('duplicate reference: a transfer sent again under the same reference moves money once (provider replays or rejects)', async () => {
    for (const duplicateReference of ['REPLAY', 'REJECT'] as const) {
      const player = await newPlayer(world.server, 500);
      await world.sandbox.setFaults('CQ9', { duplicateReference });
      const adapter = await adapterFor(pool(), config(), 'CQ9');
      const { row } = await startTransfer(pool(), { customerId: player.id, provider: 'CQ9', direction: 'IN', amount: yuan(100), requestKey: requestKey(), origin: 'PLAYER' });
      // First delivery reached the provider, but its answer was lost and nothing was recorded here.
      expect((await sendTransfer(pool(), adapter, row)).status).toBe('SUCCESS');
      // The same row sent again (the same reference): the first outcome is what counts.
      const again = await sendTransfer(pool(), adapter, row);
      expect(again.status).toBe('SUCCESS');
      await settleTransfer(pool(), row.id, again, 'JOB');
      expect(await world.sandbox.adapter('CQ9').balance(player.ref)).toBe(yuan(100));
      expect(await mainBalance(world.server, player.id)).toBe(yuan(400));
      // The same request key fired many times at once is one transfer.
      const key = requestKey('dup');
      const answers = await Promise.all(Array.from({ length: 8 }, () => transferCall(world.server, player, 'CQ9', 'OUT', 30, key)));
      expect(new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().transfer.id)).size).toBe(1);
      expect(await world.sandbox.adapter('CQ9').balance(player.ref)).toBe(yuan(70));
      await expectBooksBalanced(world, [{ player, funds: 500, providers: ['CQ9'] }]);
    }
  });

  it('provider down during 一键回收: the others come back, the down one keeps its money and is reported; a later 回收 completes', async () => {
    const player = await newPlayer(world.server, 1_000);
    await transferCall(world.server, player, 'PP', 'IN', 200);
    await transferCall(world.server, player, 'JDB', 'IN', 300);
    await world.sandbox.setFaults('JDB', { down: true });
    const recall = await call(world.server, 'POST', '/ajax/wallet/third-party/recall-all', player.cookie, { requestKey: requestKey('recall') });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(recall.json().failures).toEqual([{ provider: 'JDB', message: expect.stringContaining('无法连接') }]);
    expect(recall.json().transfers.map((t: { provider: string; status: string }) => `${t.provider}:${t.status}`)).toEqual(['PP:SUCCESS']);
    expect(recall.json().mainWallet).toBe(yuan(700));
    expect((await wallet(player.cookie, 'JDB')).state).toBe('STALE');
    await world.sandbox.clearFaults();
    await expectBooksBalanced(world, [{ player, funds: 1_000, providers: ['PP', 'JDB'] }]);
    const later = await call(world.server, 'POST', '/ajax/wallet/third-party/recall-all', player.cookie, { requestKey: requestKey('recall') });
    expect(later.json().failures).toEqual([]);
    expect(later.json().mainWallet).toBe(yuan(1_000));
    await expectBooksBalanced(world, [{ player, funds: 1_000, providers: ['PP', 'JDB'] }]);
  });

  it('balance query failing: the wallet keeps its last confirmed balance marked STALE, then refreshes', async () => {
    const player = await newPlayer(world.server, 500);
    await transferCall(world.server, player, 'KY', 'IN', 100);
    const before = await wallet(player.cookie, 'KY');
    await world.sandbox.setFaults('KY', { balanceFails: true });
    const refreshed = await call(world.server, 'POST', '/ajax/wallet/third-party/KY/refresh', player.cookie);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ provider: 'KY', balance: yuan(100), state: 'STALE', updatedAt: before.updatedAt });
    const total = await call(world.server, 'GET', '/ajax/wallet/total-balance', player.cookie);
    expect(total.json().total).toBe(yuan(500));
    await world.sandbox.clearFaults();
    const ok = await call(world.server, 'POST', '/ajax/wallet/third-party/KY/refresh', player.cookie);
    expect(ok.json()).toMatchObject({ balance: yuan(100), state: 'OK' });
    await expectBooksBalanced(world, [{ player, funds: 500, providers: ['KY'] }]);
  });

  it("records arriving twice or out of order are stored once each, with the provider's figures", async () => {
    const player = await newPlayer(world.server, 500);
    await transferCall(world.server, player, 'PG', 'IN', 100);
    await world.sandbox.setFaults('PG', { recordsTwice: true, recordsOutOfOrder: true });
    await world.sandbox.play('PG', player.ref, 25);
    await pullAllRecords(pool(), config());
    await pullAllRecords(pool(), config());
    const truth = await world.sandbox.adapter('PG').betRecords(null, 500);
    const mine = truth.records.filter((r) => r.playerRef === player.ref);
    const distinct = new Map(mine.map((r) => [r.recordId, r]));
    const stored = await pool().query<{ n: number; stake: number; payout: number; valid: number; versions: number }>(
      `SELECT count(*)::int AS n, sum(stake)::bigint AS stake, sum(payout)::bigint AS payout, sum(valid_stake)::bigint AS valid, max(versions)::int AS versions
         FROM provider_bet_records WHERE customer_id = $1`,
      [player.id],
    );
    expect(stored.rows[0]!.n).toBe(distinct.size);
    expect(stored.rows[0]!.stake).toBe([...distinct.values()].reduce((s, r) => s + r.stake, 0));
    expect(stored.rows[0]!.payout).toBe([...distinct.values()].reduce((s, r) => s + r.payout, 0));
    expect(stored.rows[0]!.versions).toBe(1);
    await world.sandbox.clearFaults();
    await expectBooksBalanced(world, [{ player, funds: 500, providers: ['PG'] }]);
    const statement = await call(world.server, 'GET', '/ajax/wallet/third-party/records?type=BET', player.cookie);
    expect(statement.json().items.length).toBe(Math.min(distinct.size, 20));
  });
});

// ── A fake game provider speaking the sandbox protocol, whose answers a test can rewrite ──────────────

interface FakeTransfer {
  reference: string;
  playerRef: string;
  direction: 'IN' | 'OUT';
  amount: string;
  status: 'SUCCESS' | 'FAILED';
  failureReason: string | null;
  balanceAfter: string;
  createdAt: string;
}

type TransferAsked = { reference: string; playerRef: string; direction: 'IN' | 'OUT'; amount: string };

interface FakeProvider {
  url: string;
  merchantId: string;
  secret: string;
  /** What the provider answers about a transfer it is asked to make; 'HANG': it makes it and never answers. */
  answerTransfer: (request: TransferAsked) => FakeTransfer | 'HANG';
  transfers: Map<string, FakeTransfer>;
  records: unknown[];
  balance: string;
  close(): Promise<void>;
}

const truthfully = (r: TransferAsked): FakeTransfer => ({
  ...r,
  status: 'SUCCESS',
  failureReason: null,
  balanceAfter: r.amount,
  createdAt: new Date().toISOString(),
});

async function startFakeProvider(): Promise<FakeProvider> {
  const merchantId = `fake-${randomBytes(3).toString('hex')}`;
  const secret = randomBytes(24).toString('hex');
  const fake: FakeProvider = {
    url: '',
    merchantId,
    secret,
    answerTransfer: truthfully,
    transfers: new Map(),
    records: [],
    balance: '0.00',
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const nonce = String(req.headers['x-nonce'] ?? '');
      const reply = (status: number, payload: unknown) => {
        const text = JSON.stringify(payload);
        res.writeHead(status, { 'content-type': 'application/json', ...signHeaders(secret, merchantId, responsePurpose(status, nonce), text) });
        res.end(text);
      };
      const parts = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter(Boolean); // api, provider, ...
      if (req.method === 'POST' && parts[2] === 'players') return reply(200, { playerRef: JSON.parse(body).playerRef, created: true });
      if (req.method === 'POST' && parts[2] === 'transfers') {
        const request = JSON.parse(body) as TransferAsked;
        const answer = fake.answerTransfer(request);
        if (answer === 'HANG') {
          fake.transfers.set(request.reference, truthfully(request));
          return; // never answered: the platform times out (in doubt)
        }
        fake.transfers.set(request.reference, answer);
        return reply(200, answer);
      }
      if (req.method === 'GET' && parts[2] === 'transfers' && parts[3]) {
        const found = fake.transfers.get(decodeURIComponent(parts[3]));
        return found ? reply(200, found) : reply(404, { code: 'NOT_FOUND', message: '无此转账' });
      }
      if (req.method === 'GET' && parts[2] === 'players' && parts[4] === 'balance')
        return reply(200, { playerRef: decodeURIComponent(parts[3]!), balance: fake.balance });
      if (req.method === 'GET' && parts[2] === 'records') return reply(200, { records: fake.records, nextCursor: 'c1', hasMore: false });
      reply(404, { code: 'NO_ROUTE', message: 'no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

describe("a provider's wrong answers (fake provider)", () => {
  let fake: FakeProvider;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeProvider();
    server = await startTestServer({
      PROVIDER_SANDBOX_URL: fake.url,
      PROVIDER_MERCHANT_ID: fake.merchantId,
      PROVIDER_SECRET: fake.secret,
      PROVIDER_TIMEOUT_MS: '1000',
      PROVIDER_RESOLVE_INTERVAL_MS: '0',
      PROVIDER_RECORDS_INTERVAL_MS: '0',
    });
    await seedDemoProviders(server.db.database.pool);
  }, 60_000);
  beforeEach(() => {
    fake.answerTransfer = truthfully;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  const fakePool = () => server.db.database.pool;
  const statusOf = async (id: number) =>
    (
      await fakePool().query<{ status: string; last_error: string | null; next_check_at: Date | null }>(
        'SELECT status, last_error, next_check_at FROM provider_transfers WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  // Guards: a signed SUCCESS for another amount than asked is not posted as the whole transfer; it waits, held,
  // for an operator (no automatic re-check), whose 立即查询 settles it once the provider's answer matches.
  it('a SUCCESS for another amount stays IN_DOUBT for an operator, out of the job, until the provider answers right', async () => {
    const player = await newPlayer(server, 1_000);
    fake.answerTransfer = (r) => ({
      ...truthfully(r),
      amount: toWireAmount(fromWireAmount(r.amount) / 2),
      balanceAfter: toWireAmount(fromWireAmount(r.amount) / 2),
    });
    const sent = await transferCall(server, player, 'PP', 'IN', 100);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    const id = Number(sent.json().transfer.id);
    const row = await statusOf(id);
    expect(row.last_error).toMatch(/^服务商应答与转账不符.*金额 50（应为 100）/);
    expect(row.next_check_at).toBeNull();
    expect(await mainBalance(server, player.id)).toBe(yuan(900)); // held, not posted nor returned
    // The job leaves it alone; asking again hears the same mismatching answer and settles nothing.
    await fakePool().query("UPDATE provider_transfers SET created_at = now() - interval '1 hour' WHERE id = $1", [id]);
    await resolveDueTransfers(fakePool(), server.ctx.config.providers);
    await resolveTransfer(fakePool(), server.ctx.config.providers, id, 'JOB');
    expect(await statusOf(id)).toMatchObject({ status: 'IN_DOUBT', next_check_at: null });
    // The operator's queue lists it with the reason; 立即查询 settles it once the provider's record is right.
    const finance = await operatorCookie(server.app, 'FINANCE');
    const queue = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/provider-transfers?status=OPEN', headers: operatorHeaders(finance) });
    expect(queue.json().items.find((t: { id: number }) => t.id === id)).toMatchObject({
      status: 'IN_DOUBT',
      lastError: expect.stringMatching(/^服务商应答与转账不符/),
    });
    const reference = (await transferRow(server, id)).reference;
    fake.transfers.set(reference, { ...fake.transfers.get(reference)!, amount: '100.00', balanceAfter: '100.00' });
    fake.balance = '100.00';
    const resolved = await server.app.inject({
      method: 'POST',
      url: `/ajax/backoffice/provider-transfers/${id}/resolve`,
      headers: operatorHeaders(finance),
      payload: { reason: '服务商已更正' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().transfer.status).toBe('SUCCESS');
    expect(await mainBalance(server, player.id)).toBe(yuan(900));
  });

  // Guards: a signed SUCCESS for the other direction never credits the main wallet (money from nothing).
  it('a SUCCESS for the other direction does not credit the main wallet', async () => {
    const player = await newPlayer(server, 1_000);
    await transferCall(server, player, 'PG', 'IN', 100);
    fake.answerTransfer = (r) => ({ ...truthfully(r), direction: 'IN', balanceAfter: '200.00' });
    const back = await transferCall(server, player, 'PG', 'OUT', 100);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().transfer.status).toBe('IN_DOUBT');
    expect((await statusOf(Number(back.json().transfer.id))).last_error).toMatch(/方向 IN（应为 OUT）/);
    expect(await mainBalance(server, player.id)).toBe(yuan(900));
  });

  // Guards: a transfer the provider keeps contradicting is not stuck: after checking with the provider, one
  // operator files 人工处理 and a second approves it (four-eyes); the approval settles it once.
  it('人工处理 of a contradicted transfer needs a second operator and settles it once', async () => {
    const player = await newPlayer(server, 1_000);
    fake.answerTransfer = (r) => ({ ...truthfully(r), amount: toWireAmount(fromWireAmount(r.amount) / 2) });
    const sent = await transferCall(server, player, 'JDB', 'IN', 100);
    const id = Number(sent.json().transfer.id);
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    const first = await operatorCookie(server.app, 'FINANCE');
    const second = await operatorCookie(server.app, 'FINANCE');
    const detail = await server.app.inject({ method: 'GET', url: `/ajax/backoffice/provider-transfers/${id}`, headers: operatorHeaders(first) });
    expect(detail.json().transfer.needsManual).toBe(true);
    const settle = (cookie: string) =>
      server.app.inject({
        method: 'POST',
        url: `/ajax/backoffice/provider-transfers/${id}/settle`,
        headers: operatorHeaders(cookie),
        payload: { outcome: 'FAILED', reason: '服务商确认未入账' },
      });
    const filed = await settle(first);
    expect(filed.statusCode, filed.body).toBe(200);
    expect((await settle(second)).json().message).toBe('该转账已提交人工处理，请等待另一位操作员审批');
    const approvalId = filed.json().approvalId as number;
    const decide = (cookie: string) =>
      server.app.inject({ method: 'POST', url: `/ajax/backoffice/approvals/${approvalId}/approve`, headers: operatorHeaders(cookie), payload: { reason: '已核对' } });
    expect((await decide(first)).statusCode).toBe(403);
    expect(await mainBalance(server, player.id)).toBe(yuan(900));
    const approved = await decide(second);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: 'FAILED' });
    expect(await mainBalance(server, player.id)).toBe(yuan(1_000));
    expect((await settle(first)).json().message).toBe('该转账已处理完毕');
    expect((await reconcile(fakePool())).ok).toBe(true);
  });

  // Guards: 人工处理 is only for a transfer the provider contradicted: any other open one is left to the checks.
  it('refuses 人工处理 of a transfer that is merely waiting for its check', async () => {
    const player = await newPlayer(server, 1_000);
    fake.answerTransfer = () => 'HANG';
    const sent = await transferCall(server, player, 'JDB', 'IN', 100);
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    const cookie = await operatorCookie(server.app, 'FINANCE');
    const refused = await server.app.inject({
      method: 'POST',
      url: `/ajax/backoffice/provider-transfers/${sent.json().transfer.id}/settle`,
      headers: operatorHeaders(cookie),
      payload: { outcome: 'SUCCESS', reason: '想当然' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('只有服务商应答与转账不符的转账需要人工处理，请先立即查询服务商');
  });

  // Guards: the in-doubt resolver does not settle a transfer from a status record of another player.
  it('the resolver does not settle a transfer from a status of another player', async () => {
    const player = await newPlayer(server, 1_000);
    fake.answerTransfer = () => 'HANG';
    const sent = await transferCall(server, player, 'CQ9', 'IN', 100);
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    const id = Number(sent.json().transfer.id);
    const reference = (await transferRow(server, id)).reference;
    fake.transfers.set(reference, { ...fake.transfers.get(reference)!, playerRef: 'jl999999999' });
    await resolveTransfer(fakePool(), server.ctx.config.providers, id, 'JOB');
    const after = await statusOf(id);
    expect(after).toMatchObject({ status: 'IN_DOUBT', next_check_at: null });
    expect(after.last_error).toMatch(/玩家 jl999999999（应为 jl\d+）/);
  });

  // Guards: a status answer's balanceAfter is history — the resolver does not store it as the fresh balance.
  it('an in-doubt transfer settled by the resolver shows the balance now, not its old balanceAfter', async () => {
    const player = await newPlayer(server, 1_000);
    fake.answerTransfer = () => 'HANG';
    const sent = await transferCall(server, player, 'KY', 'IN', 100);
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    fake.balance = '40.00'; // meanwhile the player lost ¥60 at the provider
    await resolveTransfer(fakePool(), server.ctx.config.providers, Number(sent.json().transfer.id), 'JOB');
    const wallets = await call(server, 'GET', '/ajax/wallet/third-party', player.cookie);
    expect(wallets.json().wallets.find((w: { provider: string }) => w.provider === 'KY')).toMatchObject({ balance: yuan(40), state: 'OK' });
    const total = await call(server, 'GET', '/ajax/wallet/total-balance', player.cookie);
    expect(total.json().total).toBe(yuan(940));
  });

  // Guards: a bet record with an impossible date is a failed pull (recorded, returned), never a rejection from PostgreSQL.
  it('a bet record with an impossible date is reported as a failed pull, and the pass goes on', async () => {
    fake.records = [
      {
        recordId: 'r-bad',
        playerRef: 'jl1',
        catalogue: 'SLOT_MACHINE',
        gameId: 'g1',
        stake: '1.00',
        payout: '0.00',
        validStake: '1.00',
        placedAt: '2024-02-31 25:61',
        settledAt: null,
        status: 'OPEN',
      },
    ];
    try {
      await expect(pullRecords(fakePool(), server.ctx.config.providers, 'AG')).resolves.toMatchObject({ provider: 'AG', stored: 0, error: expect.any(String) });
      const cursor = await fakePool().query<{ last_error: string | null }>('SELECT last_error FROM provider_record_cursors WHERE provider = $1', ['AG']);
      expect(cursor.rows[0]!.last_error).toMatch(/ProviderUnavailableError/);
      // A negative stake is as unreadable; the whole pass still answers, one result per provider.
      fake.records = [{ ...(fake.records[0] as object), placedAt: new Date().toISOString(), stake: '-1.00' }];
      const pass = await pullAllRecords(fakePool(), server.ctx.config.providers);
      expect(pass.find((r) => r.provider === 'AG')).toMatchObject({ error: expect.any(String), stored: 0 });
      expect(await fakePool().query('SELECT 1 FROM provider_bet_records WHERE record_id = $1', ['r-bad'])).toMatchObject({ rowCount: 0 });
      // A page the schema lets through but PostgreSQL refuses (a NUL in a text field): recorded and returned too.
      fake.records = [{ ...(fake.records[0] as object), stake: '1.00', gameId: 'g\u0000' }];
      await expect(pullRecords(fakePool(), server.ctx.config.providers, 'AG')).resolves.toMatchObject({
        stored: 0,
        error: expect.stringMatching(/^Error: 保存第三方注单失败/),
      });
    } finally {
      fake.records = [];
    }
  });
});
