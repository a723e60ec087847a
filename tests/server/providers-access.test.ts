// Who may use the third-party endpoints (anonymous, trial, a disabled provider or catalogue), bad
// input on every endpoint (refused in Chinese, nothing changed), the catalogue and launch against the
// sandbox, and the back office's provider pages: permissions, audited switches, fault controls, the
// in-doubt queue with its history and resolution, reconciliation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yuan } from '../../src/shared/money.ts';
import { THIRD_PARTY_CLOSED_MESSAGE } from '../../src/shared/api/third-party.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { call, expectBooksBalanced, mainBalance, newPlayer, requestKey, startWorld, transferCall, type Player, type World } from './providers-support.ts';

let world: World;
let player: Player;
let trial: Player;
beforeAll(async () => {
  world = await startWorld();
  player = await newPlayer(world.server, 1_000);
  trial = await newPlayer(world.server, 1_000, 'TRIAL');
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const PLAYER_ROUTES: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/ajax/third-party/launch?gameProvider=PP&gameCatalog=SLOT_MACHINE'],
  ['GET', '/ajax/wallet/third-party'],
  ['POST', '/ajax/wallet/third-party/PP/refresh'],
  ['POST', '/ajax/wallet/third-party/transfers', { provider: 'PP', direction: 'IN', amount: yuan(1), requestKey: 'anonymous-key' }],
  ['GET', '/ajax/wallet/third-party/transfers'],
  ['POST', '/ajax/wallet/third-party/recall-all', { requestKey: 'anonymous-key' }],
  ['GET', '/ajax/wallet/third-party/records'],
];

async function setProvider(provider: string, body: Record<string, unknown>) {
  const cookie = await operatorCookie(world.server.app, 'OPERATIONS');
  const response = await world.server.app.inject({ method: 'PUT', url: `/ajax/backoffice/providers/${provider}`, headers: operatorHeaders(cookie), payload: { reason: '测试切换', ...body } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('access', () => {
  it('asks anonymous visitors to log in; the catalogue is public', async () => {
    for (const [method, url, body] of PLAYER_ROUTES) {
      const response = await call(world.server, method, url, undefined, body);
      expect(response.statusCode, url).toBe(401);
    }
    expect((await call(world.server, 'GET', '/ajax/fishing-joy')).statusCode).toBe(200);
    const slots = await call(world.server, 'GET', '/ajax/slot-machine/PP');
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json()).toMatchObject({ provider: 'PP', sandbox: true });
    expect(slots.json().games.length).toBeGreaterThan(0);
    const stream = await call(world.server, 'GET', '/ajax/third-party/sports-stream');
    expect(stream.statusCode, stream.body).toBe(200);
    expect(stream.json().sandbox).toBe(true);
  });

  it('lists fishing rooms per enabled fishing provider', async () => {
    const fishing = (await call(world.server, 'GET', '/ajax/fishing-joy')).json().fishingJoys;
    expect(Object.keys(fishing).sort()).toEqual(['AG', 'CQ9', 'JDB']);
    expect(fishing.AG[0]).toMatchObject({ gameId: expect.any(String), gameName: expect.any(String), iconURL: expect.any(String) });
  });

  it('lets a trial account launch and read but never transfer (试玩账号不能转账)', async () => {
    const transfer = await transferCall(world.server, trial, 'PP', 'IN', 10);
    expect(transfer.statusCode).toBe(403);
    expect(transfer.json().message).toBe('试玩账号不能转账');
    const recall = await call(world.server, 'POST', '/ajax/wallet/third-party/recall-all', trial.cookie, { requestKey: requestKey() });
    expect(recall.json().message).toBe('试玩账号不能转账');
    const launch = await call(world.server, 'GET', '/ajax/third-party/launch?gameProvider=PP&gameCatalog=SLOT_MACHINE&autoTransfer=true', trial.cookie);
    expect(launch.statusCode, launch.body).toBe(200);
    expect(launch.json().autoTransfer).toBeNull();
    expect(await mainBalance(world.server, trial.id)).toBe(yuan(1_000));
    expect((await call(world.server, 'GET', '/ajax/wallet/third-party', trial.cookie)).statusCode).toBe(200);
  });

  it('launches a player, with the automatic transfer when asked', async () => {
    const someone = await newPlayer(world.server, 300);
    const plain = await call(world.server, 'GET', '/ajax/third-party/launch?gameProvider=PG&gameCatalog=SLOT_MACHINE', someone.cookie);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ sandbox: true, autoTransfer: null });
    expect(plain.json().url).toMatch(/^http/);
    const auto = await call(world.server, 'GET', '/ajax/third-party/launch?gameProvider=PG&gameCatalog=SLOT_MACHINE&autoTransfer=true', someone.cookie);
    expect(auto.json().autoTransfer).toEqual({ amount: yuan(300), status: 'SUCCESS' });
    expect(await mainBalance(world.server, someone.id)).toBe(0);
    const none = await call(world.server, 'GET', '/ajax/third-party/launch?gameProvider=PG&gameCatalog=SLOT_MACHINE&autoTransfer=true', someone.cookie);
    expect(none.json().autoTransfer).toEqual({ amount: 0, status: 'SKIPPED' });
    await expectBooksBalanced(world, [{ player: someone, funds: 300, providers: ['PG'] }]);
  });

  it('closes a disabled provider or catalogue with 第三方游戏暂时关闭，请稍后再试, yet money can still come back', async () => {
    const someone = await newPlayer(world.server, 500);
    await transferCall(world.server, someone, 'IM', 'IN', 100);
    await setProvider('IM', { enabled: false });
    const enabled = (await call(world.server, 'GET', '/ajax/enabled-games')).json().thirdPartyGameProviders;
    expect(enabled).not.toContain('IM');
    const launch = await call(world.server, 'GET', '/ajax/third-party/launch?gameProvider=IM&gameCatalog=SPORTS_BETTING', someone.cookie);
    expect(launch.statusCode).toBe(403);
    expect(launch.json().message).toBe(THIRD_PARTY_CLOSED_MESSAGE);
    const sendMore = await transferCall(world.server, someone, 'IM', 'IN', 10);
    expect(sendMore.json().message).toBe(THIRD_PARTY_CLOSED_MESSAGE);
    const back = await transferCall(world.server, someone, 'IM', 'OUT', 100);
    expect(back.json().transfer.status).toBe('SUCCESS');
    await setProvider('IM', { enabled: true });

    await setProvider('AG', { catalogues: { SLOT_MACHINE: false } });
    const slots = await call(world.server, 'GET', '/ajax/slot-machine/AG');
    expect(slots.statusCode).toBe(403);
    expect(slots.json().message).toBe(THIRD_PARTY_CLOSED_MESSAGE);
    const live = await call(world.server, 'GET', '/ajax/third-party/launch?gameProvider=AG&gameCatalog=LIVE_BETTING', someone.cookie);
    expect(live.statusCode, live.body).toBe(200);
    await setProvider('AG', { catalogues: { SLOT_MACHINE: true } });
    const off = await call(world.server, 'GET', '/ajax/slot-machine/MG');
    expect(off.json().message).toBe(THIRD_PARTY_CLOSED_MESSAGE);
    // A provider with every catalogue off is not listed.
    await setProvider('KY', { catalogues: { CARD_GAME: false } });
    expect((await call(world.server, 'GET', '/ajax/enabled-games')).json().thirdPartyGameProviders).not.toContain('KY');
    await setProvider('KY', { catalogues: { CARD_GAME: true } });
  });
});

describe('bad input', () => {
  const bad: [string, unknown][] = [
    ['amount not whole 元', { provider: 'PP', direction: 'IN', amount: 15_000, requestKey: requestKey() }],
    ['negative amount', { provider: 'PP', direction: 'IN', amount: -yuan(1), requestKey: requestKey() }],
    ['zero amount', { provider: 'PP', direction: 'IN', amount: 0, requestKey: requestKey() }],
    ['amount as text', { provider: 'PP', direction: 'IN', amount: '100', requestKey: requestKey() }],
    ['huge amount', { provider: 'PP', direction: 'IN', amount: yuan(20_000_000), requestKey: requestKey() }],
    ['unknown provider', { provider: 'NOPE', direction: 'IN', amount: yuan(1), requestKey: requestKey() }],
    ['bad direction', { provider: 'PP', direction: 'SIDEWAYS', amount: yuan(1), requestKey: requestKey() }],
    ['NUL in key', { provider: 'PP', direction: 'IN', amount: yuan(1), requestKey: 'abc\u0000defgh' }],
    ['short key', { provider: 'PP', direction: 'IN', amount: yuan(1), requestKey: 'a' }],
    ['10k key', { provider: 'PP', direction: 'IN', amount: yuan(1), requestKey: 'k'.repeat(10_000) }],
    ['no body', undefined],
  ];
  it.each(bad)('refuses a transfer with %s in Chinese and moves nothing', async (_name, body) => {
    const before = await mainBalance(world.server, player.id);
    const response = await call(world.server, 'POST', '/ajax/wallet/third-party/transfers', player.cookie, body);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect(await mainBalance(world.server, player.id)).toBe(before);
  });

  it('says why a transfer amount is wrong', async () => {
    const fraction = await call(world.server, 'POST', '/ajax/wallet/third-party/transfers', player.cookie, { provider: 'PP', direction: 'IN', amount: 15_000, requestKey: requestKey() });
    expect(fraction.json().message).toBe('转账金额须为整数元');
    const huge = await call(world.server, 'POST', '/ajax/wallet/third-party/transfers', player.cookie, { provider: 'PP', direction: 'IN', amount: yuan(20_000_000), requestKey: requestKey() });
    expect(huge.json().message).toBe('单笔转账金额不能超过10,000,000元');
  });

  it.each([
    ['/ajax/slot-machine/NOPE', 404],
    ['/ajax/slot-machine/AVIA', 404],
    [`/ajax/slot-machine/${'x'.repeat(300)}`, 414],
    ['/ajax/third-party/launch?gameProvider=PP&gameCatalog=LOTTERY', 400],
    ['/ajax/third-party/launch?gameProvider=AVIA&gameCatalog=SLOT_MACHINE', 403],
    ['/ajax/third-party/launch?gameProvider=PP&gameCatalog=SLOT_MACHINE&device=TV', 400],
    [`/ajax/third-party/launch?gameProvider=PP&gameCatalog=SLOT_MACHINE&gameId=${'g'.repeat(100)}`, 400],
    ['/ajax/third-party/launch?gameProvider=PP&gameCatalog=SLOT_MACHINE&autoTransfer=yes', 400],
    ['/ajax/wallet/third-party/transfers?page=0', 400],
    ['/ajax/wallet/third-party/transfers?page=abc', 400],
    ['/ajax/wallet/third-party/records?from=2020-01-01', 400],
    ['/ajax/wallet/third-party/records?from=2026-02-30', 400],
    ['/ajax/wallet/third-party/records?type=DEP', 400],
    ['/ajax/wallet/third-party/records?provider=NOPE', 400],
    ['/ajax/wallet/third-party/records?from=2099-01-02&to=2099-01-01', 400],
  ] as const)('GET %s → %i in Chinese', async (url, status) => {
    const response = await call(world.server, 'GET', url, player.cookie);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a refresh of an unknown provider and a recall with a bad key', async () => {
    expect((await call(world.server, 'POST', '/ajax/wallet/third-party/NOPE/refresh', player.cookie)).statusCode).toBe(404);
    expect((await call(world.server, 'POST', '/ajax/wallet/third-party/recall-all', player.cookie, { requestKey: '../../' })).statusCode).toBe(400);
  });
});

describe('back office', () => {
  it('lets only the permitted roles read and change providers, and audits each change', async () => {
    const risk = await operatorCookie(world.server.app, 'RISK');
    const list = await world.server.app.inject({ method: 'GET', url: '/ajax/backoffice/providers', headers: { cookie: risk } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().providers.find((p: { provider: string }) => p.provider === 'PP')).toMatchObject({ enabled: true, sandbox: true });
    expect(list.json().providers.map((p: { provider: string }) => p.provider)).not.toContain('AVIA');
    const change = await world.server.app.inject({ method: 'PUT', url: '/ajax/backoffice/providers/PP', headers: operatorHeaders(risk), payload: { enabled: false, reason: '风控不能改' } });
    expect(change.statusCode).toBe(403);
    const ops = await operatorCookie(world.server.app, 'OPERATIONS');
    const noReason = await world.server.app.inject({ method: 'PUT', url: '/ajax/backoffice/providers/PP', headers: operatorHeaders(ops), payload: { enabled: false } });
    expect(noReason.statusCode).toBe(400);
    const wrongCatalogue = await world.server.app.inject({ method: 'PUT', url: '/ajax/backoffice/providers/PP', headers: operatorHeaders(ops), payload: { catalogues: { FISHING_JOY: true }, reason: '不提供捕鱼' } });
    expect(wrongCatalogue.statusCode).toBe(400);
    const before = await world.server.db.database.pool.query(`SELECT 1 FROM operator_audit_log WHERE action = 'providers.update'`);
    await setProvider('LEG', { enabled: true, catalogues: { CARD_GAME: true } });
    const after = await world.server.db.database.pool.query<{ before: unknown; after: unknown; reason: string }>(
      `SELECT before, after, reason FROM operator_audit_log WHERE action = 'providers.update' ORDER BY id`,
    );
    expect(after.rowCount).toBe((before.rowCount ?? 0) + 1);
    expect(after.rows.at(-1)!.reason).toBe('测试切换');
  });

  it('reads and sets the sandbox faults, audited', async () => {
    const ops = await operatorCookie(world.server.app, 'OPERATIONS');
    const read = await world.server.app.inject({ method: 'GET', url: '/ajax/backoffice/providers/PP/faults', headers: { cookie: ops } });
    expect(read.json()).toMatchObject({ sandbox: true, reachable: true, faults: { down: false } });
    const set = await world.server.app.inject({ method: 'PUT', url: '/ajax/backoffice/providers/PP/faults', headers: operatorHeaders(ops), payload: { faults: { balanceFails: true }, reason: '演练余额失败' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().faults.balanceFails).toBe(true);
    const audited = await world.server.db.database.pool.query(`SELECT 1 FROM operator_audit_log WHERE action = 'providers.sandbox.faults'`);
    expect(audited.rowCount).toBe(1);
    const bad = await world.server.app.inject({ method: 'PUT', url: '/ajax/backoffice/providers/PP/faults', headers: operatorHeaders(ops), payload: { faults: { delayMs: -5 }, reason: '错误数值' } });
    expect(bad.statusCode).toBe(400);
    await world.sandbox.clearFaults();
  });

  it('shows the in-doubt queue with its history, resolves one by asking the provider, and reconciles', async () => {
    const someone = await newPlayer(world.server, 500);
    await world.sandbox.setFaults('PP', { transferTimeout: 'SUCCEED' });
    const sent = await transferCall(world.server, someone, 'PP', 'IN', 100);
    expect(sent.json().transfer.status).toBe('IN_DOUBT');
    await world.sandbox.clearFaults();
    const finance = await operatorCookie(world.server.app, 'FINANCE');
    const queue = await world.server.app.inject({ method: 'GET', url: '/ajax/backoffice/provider-transfers?status=OPEN', headers: { cookie: finance } });
    expect(queue.json().items.map((t: { id: number }) => String(t.id))).toContain(sent.json().transfer.id);
    const ops = await operatorCookie(world.server.app, 'OPERATIONS');
    const refused = await world.server.app.inject({ method: 'POST', url: `/ajax/backoffice/provider-transfers/${sent.json().transfer.id}/resolve`, headers: operatorHeaders(ops), payload: { reason: '运营无权处理' } });
    expect(refused.statusCode).toBe(403);
    const resolved = await world.server.app.inject({ method: 'POST', url: `/ajax/backoffice/provider-transfers/${sent.json().transfer.id}/resolve`, headers: operatorHeaders(finance), payload: { reason: '立即查询服务商' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().transfer.status).toBe('SUCCESS');
    expect(resolved.json().events.map((e: { outcome: string }) => e.outcome)).toEqual(['CREATED', 'IN_DOUBT', 'SUCCESS']);
    expect(resolved.json().events.at(-1).actor).toMatch(/^OPERATOR:/);
    const missing = await world.server.app.inject({ method: 'GET', url: '/ajax/backoffice/provider-transfers/999999999', headers: { cookie: finance } });
    expect(missing.statusCode).toBe(404);
    await world.sandbox.play('PP', someone.ref, 3);
    // The reconciliation page reads the records stored by the last pull (its GET writes nothing): pull first.
    const pulled = await world.server.app.inject({
      method: 'POST',
      url: '/ajax/backoffice/providers/PP/records/pull',
      headers: operatorHeaders(finance),
      payload: {},
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const reconciliation = await world.server.app.inject({ method: 'GET', url: '/ajax/backoffice/providers/PP/reconciliation', headers: { cookie: finance } });
    expect(reconciliation.statusCode, reconciliation.body).toBe(200);
    expect(reconciliation.json().ok).toBe(true);
    expect(reconciliation.json().players.find((p: { customerId: number }) => p.customerId === someone.id)).toMatchObject({ difference: 0 });
    await expectBooksBalanced(world, [{ player: someone, funds: 500, providers: ['PP'] }]);
  });
});
