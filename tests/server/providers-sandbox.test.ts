// The sandbox game provider service through the platform's sandbox adapter: catalogue, players,
// idempotent transfers (also fired at once from many connections), bet records by cursor, signatures,
// the game pages behind the launch URL, and every fault control.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderInDoubtError, ProviderUnavailableError } from '../../src/server/providers/adapter.ts';
import { SandboxProviderAdapter } from '../../src/server/providers/sandbox-adapter.ts';
import { yuan } from '../../src/shared/money.ts';
import { NO_PROVIDER_FAULTS } from '../../src/shared/providers/sandbox-faults.ts';
import { startSandboxProvider, type SandboxProviderProcess } from '../support/providers.ts';

let sandbox: SandboxProviderProcess;
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}x${counter++}`;
const RETURN_URL = 'http://127.0.0.1:1/return';

beforeAll(async () => {
  sandbox = await startSandboxProvider();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await sandbox.clearFaults();
});

/** A new player at `provider` with `amount` transferred in. */
async function fundedPlayer(adapter: SandboxProviderAdapter, amount = yuan(100)): Promise<string> {
  const playerRef = unique('jl');
  await adapter.ensurePlayer(playerRef);
  const transfer = await adapter.transfer({ playerRef, reference: unique('in'), direction: 'IN', amount });
  expect(transfer.status).toBe('SUCCESS');
  return playerRef;
}

async function allRecords(adapter: SandboxProviderAdapter, from: string | null = null, limit = 7) {
  const records = [];
  let cursor = from;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await adapter.betRecords(cursor, limit);
    records.push(...page.records);
    cursor = page.nextCursor;
    if (!page.hasMore) return { records, cursor };
  }
  throw new Error('the record feed never ended');
}

describe('catalogue', () => {
  it('serves each provider only the catalogues of spec §3.5, with icons it serves itself', async () => {
    const pp = sandbox.adapter('PP');
    const slots = await pp.listGames('SLOT_MACHINE');
    expect(slots.length).toBeGreaterThanOrEqual(4);
    expect(await pp.listGames('CARD_GAME')).toEqual([]);
    const icon = await fetch(slots[0]!.iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await icon.text()).toContain('沙箱');

    const rooms = await sandbox.adapter('JDB').listGames('FISHING_JOY');
    expect(rooms.map((r) => r.room)).toEqual(['R1', 'R2', 'R3']);
    for (const [provider, catalogue] of [['KY', 'CARD_GAME'], ['AG', 'LIVE_BETTING'], ['IBC', 'SPORTS_BETTING']] as const) {
      expect((await sandbox.adapter(provider).listGames(catalogue))[0]!.name).toMatch(/大厅/);
    }
  });

  it('does not serve AVIA', async () => {
    await expect(sandbox.adapter('AVIA').listGames('SLOT_MACHINE')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('has a stream for sports providers only', async () => {
    expect(sandbox.adapter('PP').streamUrl).toBeUndefined();
    const { url } = await sandbox.adapter('IBC').streamUrl!();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('沙箱');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });
});

describe('wallets and transfers', () => {
  it('moves money in and out by reference, keeps wallets per provider, and fails an out-transfer above the balance', async () => {
    const pp = sandbox.adapter('PP');
    const pg = sandbox.adapter('PG');
    const playerRef = await fundedPlayer(pp, yuan(200));
    expect(await pp.balance(playerRef)).toBe(yuan(200));
    expect(await pg.balance(playerRef)).toBe(0);

    const tooMuch = await pp.transfer({ playerRef, reference: unique('out'), direction: 'OUT', amount: yuan(201) });
    expect(tooMuch).toMatchObject({ status: 'FAILED', balanceAfter: yuan(200) });
    const out = await pp.transfer({ playerRef, reference: unique('out'), direction: 'OUT', amount: yuan(50) });
    expect(out).toMatchObject({ status: 'SUCCESS', balanceAfter: yuan(150) });
    expect(await pp.balance(playerRef)).toBe(yuan(150));
    expect(await pp.transferStatus(out.reference)).toEqual(out);
    expect(await pp.transferStatus(tooMuch.reference)).toEqual(tooMuch);
    expect(await pp.transferStatus(unique('never'))).toBeNull();
  });

  it('answers a reused reference with the first transfer, and refuses it for a different transfer', async () => {
    const pp = sandbox.adapter('PP');
    const playerRef = await fundedPlayer(pp, yuan(10));
    const reference = unique('in');
    const first = await pp.transfer({ playerRef, reference, direction: 'IN', amount: yuan(5) });
    const again = await pp.transfer({ playerRef, reference, direction: 'IN', amount: yuan(5) });
    expect(again).toEqual(first);
    expect(await pp.balance(playerRef)).toBe(yuan(15));
    await expect(pp.transfer({ playerRef, reference, direction: 'IN', amount: yuan(6) })).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await pp.balance(playerRef)).toBe(yuan(15));
  });

  it('refuses a transfer for a player it does not know, and input that is not a transfer', async () => {
    const pp = sandbox.adapter('PP');
    await expect(pp.transfer({ playerRef: unique('ghost'), reference: unique('in'), direction: 'IN', amount: yuan(1) })).rejects.toBeInstanceOf(ProviderUnavailableError);
    const playerRef = await fundedPlayer(pp, yuan(1));
    for (const amount of [0, -yuan(1)]) {
      await expect(pp.transfer({ playerRef, reference: unique('bad'), direction: 'IN', amount })).rejects.toBeInstanceOf(ProviderUnavailableError);
    }
    await expect(pp.transfer({ playerRef, reference: 'bad ref\u0000', direction: 'IN', amount: yuan(1) })).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await pp.balance(playerRef)).toBe(yuan(1));
  });

  it('moves money once when the same reference arrives from many connections at once', async () => {
    const pp = sandbox.adapter('PP');
    const playerRef = await fundedPlayer(pp, yuan(1));
    const reference = unique('race');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => new SandboxProviderAdapter({ provider: 'PP', baseUrl: sandbox.url, merchantId: sandbox.env.PROVIDER_MERCHANT_ID!, secret: sandbox.env.PROVIDER_SECRET!, timeoutMs: 30_000 }))
        .map((client) => client.transfer({ playerRef, reference, direction: 'IN', amount: yuan(7) })),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await pp.balance(playerRef)).toBe(yuan(8));
  });

  it('never lets concurrent out-transfers take more than the balance', async () => {
    const pp = sandbox.adapter('PP');
    const playerRef = await fundedPlayer(pp, yuan(10));
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => pp.transfer({ playerRef, reference: unique('out'), direction: 'OUT', amount: yuan(3) })),
    );
    expect(answers.filter((a) => a.status === 'SUCCESS')).toHaveLength(3);
    expect(await pp.balance(playerRef)).toBe(yuan(1));
  });
});

describe('signatures', () => {
  it('refuses requests signed with another secret, and distrusts answers signed wrongly', async () => {
    const stranger = new SandboxProviderAdapter({ provider: 'PP', baseUrl: sandbox.url, merchantId: sandbox.env.PROVIDER_MERCHANT_ID!, secret: 'x'.repeat(32), timeoutMs: 5_000 });
    await expect(stranger.listGames('SLOT_MACHINE')).rejects.toBeInstanceOf(ProviderUnavailableError);

    const pp = sandbox.adapter('PP');
    const playerRef = await fundedPlayer(pp, yuan(3));
    await sandbox.setFaults('PP', { wrongSignature: true });
    await expect(pp.balance(playerRef)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const reference = unique('in');
    await expect(pp.transfer({ playerRef, reference, direction: 'IN', amount: yuan(2) })).rejects.toBeInstanceOf(ProviderInDoubtError);
    await sandbox.clearFaults();
    expect(await pp.transferStatus(reference)).toMatchObject({ status: 'SUCCESS' });
  });
});

describe('bet records', () => {
  it('pages records in a stable order by cursor, and the same cursor gives the same records', async () => {
    const cq9 = sandbox.adapter('CQ9');
    const start = (await allRecords(cq9)).cursor;
    const playerRef = await fundedPlayer(cq9, yuan(50));
    await sandbox.play('CQ9', playerRef, 20);
    const { records, cursor } = await allRecords(cq9, start);
    expect(records).toHaveLength(20);
    expect(new Set(records.map((r) => r.recordId)).size).toBe(20);
    expect(records.every((r) => r.playerRef === playerRef && r.stake === yuan(1) && r.validStake === yuan(1) && r.status === 'SETTLED')).toBe(true);
    expect((await allRecords(cq9, start)).records).toEqual(records);
    expect((await cq9.betRecords(cursor, 10)).records).toEqual([]);
    // The wallet is what the records say: transferred in − stakes + payouts.
    const net = records.reduce((sum, r) => sum + r.payout - r.stake, 0);
    expect(await cq9.balance(playerRef)).toBe(yuan(50) + net);
  });

  it('sends records twice and out of order under the faults, and nothing is lost', async () => {
    const pt = sandbox.adapter('PT');
    const start = (await allRecords(pt)).cursor;
    const playerRef = await fundedPlayer(pt, yuan(50));
    await sandbox.play('PT', playerRef, 15);
    const clean = (await allRecords(pt, start)).records;
    await sandbox.setFaults('PT', { recordsTwice: true, recordsOutOfOrder: true });
    const noisy = (await allRecords(pt, start, 6)).records;
    expect(noisy.length).toBeGreaterThan(clean.length);
    const deduplicated = [...new Map(noisy.map((r) => [r.recordId, r])).values()].sort((a, b) => a.recordId.localeCompare(b.recordId));
    expect(deduplicated).toEqual(clean);
    expect(noisy.map((r) => r.recordId)).not.toEqual([...noisy.map((r) => r.recordId)].sort());
  });

  it('refuses a cursor that is not one', async () => {
    await expect(sandbox.adapter('PP').betRecords('not-a-cursor', 10)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('faults', () => {
  it('keeps faults per provider and reads them back', async () => {
    await sandbox.setFaults('PP', { down: true });
    expect(await sandbox.adapter('PP').faults()).toEqual({ ...NO_PROVIDER_FAULTS, down: true });
    expect(await sandbox.adapter('PG').faults()).toEqual(NO_PROVIDER_FAULTS);
    await expect(sandbox.adapter('PP').listGames('SLOT_MACHINE')).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect((await sandbox.adapter('PG').listGames('SLOT_MACHINE')).length).toBeGreaterThan(0);
  });

  it('down: a transfer certainly did not happen', async () => {
    const bbin = sandbox.adapter('BBIN');
    const playerRef = await fundedPlayer(bbin, yuan(5));
    await sandbox.setFaults('BBIN', { down: true });
    const reference = unique('out');
    await expect(bbin.transfer({ playerRef, reference, direction: 'OUT', amount: yuan(5) })).rejects.toBeInstanceOf(ProviderUnavailableError);
    await sandbox.clearFaults();
    expect(await bbin.transferStatus(reference)).toBeNull();
    expect(await bbin.balance(playerRef)).toBe(yuan(5));
  });

  it('transfer time-out that succeeded: in doubt, then the status query says SUCCESS and the money moved', async () => {
    const ag = sandbox.adapter('AG');
    const playerRef = await fundedPlayer(ag, yuan(5));
    await sandbox.setFaults('AG', { transferTimeout: 'SUCCEED' });
    const reference = unique('in');
    await expect(sandbox.adapter('AG', 1_000).transfer({ playerRef, reference, direction: 'IN', amount: yuan(3) })).rejects.toBeInstanceOf(ProviderInDoubtError);
    expect(await ag.transferStatus(reference)).toMatchObject({ status: 'SUCCESS', balanceAfter: yuan(8) });
    expect(await ag.balance(playerRef)).toBe(yuan(8));
  });

  it('transfer time-out that failed: in doubt, then the status query says FAILED and nothing moved', async () => {
    const mg = sandbox.adapter('MG');
    const playerRef = await fundedPlayer(mg, yuan(5));
    await sandbox.setFaults('MG', { transferTimeout: 'FAIL' });
    const reference = unique('out');
    await expect(sandbox.adapter('MG', 1_000).transfer({ playerRef, reference, direction: 'OUT', amount: yuan(2) })).rejects.toBeInstanceOf(ProviderInDoubtError);
    expect(await mg.transferStatus(reference)).toMatchObject({ status: 'FAILED' });
    expect(await mg.balance(playerRef)).toBe(yuan(5));
  });

  it('a slow answer past the time-out leaves a transfer in doubt (the transfer itself went through)', async () => {
    const playerRef = await fundedPlayer(sandbox.adapter('JDB'), yuan(5));
    await sandbox.setFaults('JDB', { delayMs: 3_000 });
    const reference = unique('in');
    await expect(sandbox.adapter('JDB', 1_000).transfer({ playerRef, reference, direction: 'IN', amount: yuan(1) })).rejects.toBeInstanceOf(ProviderInDoubtError);
    await sandbox.clearFaults();
    expect(await sandbox.adapter('JDB').transferStatus(reference)).toMatchObject({ status: 'SUCCESS' });
  });

  it('duplicate reference refused by the provider: the adapter answers with the first transfer', async () => {
    const pp = sandbox.adapter('PP');
    const playerRef = await fundedPlayer(pp, yuan(5));
    const reference = unique('out');
    const first = await pp.transfer({ playerRef, reference, direction: 'OUT', amount: yuan(2) });
    await sandbox.setFaults('PP', { duplicateReference: 'REJECT' });
    expect(await pp.transfer({ playerRef, reference, direction: 'OUT', amount: yuan(2) })).toEqual(first);
    expect(await pp.balance(playerRef)).toBe(yuan(3));
  });

  it('balance query failing: unavailable, while transfers still work', async () => {
    const pg = sandbox.adapter('PG');
    const playerRef = await fundedPlayer(pg, yuan(5));
    await sandbox.setFaults('PG', { balanceFails: true });
    await expect(pg.balance(playerRef)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await pg.transfer({ playerRef, reference: unique('out'), direction: 'OUT', amount: yuan(5) })).toMatchObject({ status: 'SUCCESS', balanceAfter: 0 });
  });

  it('a stopped service: every call is unavailable (the connection is refused)', async () => {
    const other = await startSandboxProvider();
    const adapter = other.adapter('PP');
    await adapter.ensurePlayer('jl1');
    await other.close();
    await expect(adapter.balance('jl1')).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(adapter.transfer({ playerRef: 'jl1', reference: unique('in'), direction: 'IN', amount: yuan(1) })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('refuses fault settings that are not', async () => {
    await expect(sandbox.adapter('PP').setFaults({ delayMs: -1 })).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(sandbox.adapter('PP').setFaults({ nonsense: true } as never)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('game pages', () => {
  const open = async (url: string) => {
    const launch = await fetch(url, { redirect: 'manual' });
    expect(launch.status).toBe(303);
    const sessionUrl = new URL(launch.headers.get('location')!, url).href;
    return sessionUrl;
  };
  const page = async (url: string) => {
    const response = await fetch(url);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('set-cookie')).toBeNull();
    return { status: response.status, html: await response.text() };
  };
  const post = (url: string, form: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const roundOf = (html: string) => /name="round" value="(\d+)"/.exec(html)![1]!;

  it('plays the slot: each spin debits the provider wallet and makes a record; a form sent twice plays once', async () => {
    const pp = sandbox.adapter('PP');
    const playerRef = await fundedPlayer(pp, yuan(20));
    const start = (await allRecords(pp)).cursor;
    const { url } = await pp.launchUrl({ playerRef, catalogue: 'SLOT_MACHINE', gameId: null, room: null, device: 'MOBILE', returnUrl: RETURN_URL });
    const session = await open(url);
    const first = await page(session);
    expect(first.status).toBe(200);
    expect(first.html).toContain('沙箱');
    expect(first.html).toContain('96.60%');
    expect(first.html).toContain(RETURN_URL);
    expect(first.html).not.toMatch(/<script/);

    const round = roundOf(first.html);
    expect((await post(`${session}/spin`, { stake: '20000', round })).status).toBe(303);
    expect((await post(`${session}/spin`, { stake: '20000', round })).status).toBe(303);
    const second = await page(session);
    expect(second.html).toContain('data-last-round="1"');
    const { records } = await allRecords(pp, start);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ playerRef, stake: yuan(2), catalogue: 'SLOT_MACHINE' });
    expect(await pp.balance(playerRef)).toBe(yuan(18) + records[0]!.payout);

    // A stake that is not offered plays nothing.
    await post(`${session}/spin`, { stake: '123', round: roundOf(second.html) });
    expect((await allRecords(pp, start)).records).toHaveLength(1);
  });

  it('opens a launch URL once only, and refuses a forged one', async () => {
    const pp = sandbox.adapter('PP');
    const playerRef = await fundedPlayer(pp, yuan(1));
    const { url } = await pp.launchUrl({ playerRef, catalogue: 'SLOT_MACHINE', gameId: null, room: null, device: 'DESKTOP', returnUrl: RETURN_URL });
    await open(url);
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(403);
    const forged = new URL(url);
    forged.searchParams.set('t', `${forged.searchParams.get('t')!.split('.')[0]}.AAAA`);
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(403);
    expect((await fetch(`${sandbox.url}/play/s/nope`)).status).toBe(404);
  });

  it('plays the fishing room at its stake', async () => {
    const jdb = sandbox.adapter('JDB');
    const playerRef = await fundedPlayer(jdb, yuan(5));
    const start = (await allRecords(jdb)).cursor;
    const { url } = await jdb.launchUrl({ playerRef, catalogue: 'FISHING_JOY', gameId: null, room: 'R2', device: 'MOBILE', returnUrl: RETURN_URL });
    const session = await open(url);
    const first = await page(session);
    expect(first.html).toContain('进阶房');
    await post(`${session}/shoot`, { fish: 'turtle', round: roundOf(first.html) });
    const { records } = await allRecords(jdb, start);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ stake: yuan(1), catalogue: 'FISHING_JOY' });
    expect([0, 48_000]).toContain(records[0]!.payout);
  });

  it('shows labelled lobbies for card, live and sports; refuses a game or catalogue the provider lacks', async () => {
    for (const [provider, catalogue] of [['KY', 'CARD_GAME'], ['AG', 'LIVE_BETTING'], ['IBC', 'SPORTS_BETTING']] as const) {
      const adapter = sandbox.adapter(provider);
      const { url } = await adapter.launchUrl({ playerRef: unique('jl'), catalogue, gameId: null, room: null, device: 'MOBILE', returnUrl: RETURN_URL });
      const { status, html } = await page(await open(url));
      expect(status).toBe(200);
      expect(html).toContain('沙箱');
      expect(html).toContain('大厅');
    }
    const pp = sandbox.adapter('PP');
    const input = { playerRef: unique('jl'), room: null, device: 'MOBILE', returnUrl: RETURN_URL } as const;
    await expect(pp.launchUrl({ ...input, catalogue: 'CARD_GAME', gameId: null })).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(pp.launchUrl({ ...input, catalogue: 'SLOT_MACHINE', gameId: 'no-such-game' })).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(pp.launchUrl({ ...input, catalogue: 'SLOT_MACHINE', gameId: null, returnUrl: 'javascript:alert(1)' })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
