// Transfers between the main wallet and provider wallets against the real sandbox provider: both
// directions, the ledger codes, idempotent request keys, balances with freshness, 一键回收, the
// transfer list and the third-party statement, total balance, required stake — and many transfers
// fired at once from many connections never overdraw either wallet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAllRecords } from '../../src/server/providers/records.ts';
import { addRequiredStake } from '../../src/server/wallet/required-stake.ts';
import { yuan } from '../../src/shared/money.ts';
import { call, expectBooksBalanced, mainBalance, newPlayer, requestKey, startWorld, transferCall, type World } from './providers-support.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const ledgerTypes = async (pendingRef: string) =>
  (
    await world.server.db.database.pool.query<{ type: string; state: string }>(
      `SELECT type, state FROM ledger_transfers WHERE reference = $1 ORDER BY id`,
      [pendingRef],
    )
  ).rows;

describe('transfers', () => {
  it('moves money in and out with TOU → TO and TIU → TI, and the provider balance follows', async () => {
    const player = await newPlayer(world.server, 1_000);
    const sent = await transferCall(world.server, player, 'PP', 'IN', 200);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().transfer).toMatchObject({ provider: 'PP', direction: 'IN', amount: yuan(200), status: 'SUCCESS' });
    expect(sent.json().mainWallet).toBe(yuan(800));
    const row = await world.server.db.database.pool.query<{ reference: string }>('SELECT reference FROM provider_transfers WHERE id = $1', [Number(sent.json().transfer.id)]);
    expect(await ledgerTypes(`provider-transfer:${row.rows[0]!.reference}`)).toEqual([
      { type: 'TOU', state: 'POSTED' },
      { type: 'TO', state: 'POSTED' },
    ]);
    expect(await world.sandbox.adapter('PP').balance(player.ref)).toBe(yuan(200));

    const back = await transferCall(world.server, player, 'PP', 'OUT', 50);
    expect(back.json().transfer.status).toBe('SUCCESS');
    expect(back.json().mainWallet).toBe(yuan(850));

    const wallets = await call(world.server, 'GET', '/ajax/wallet/third-party', player.cookie);
    const pp = wallets.json().wallets.find((w: { provider: string }) => w.provider === 'PP');
    expect(pp).toMatchObject({ balance: yuan(150), state: 'OK' });
    expect(pp.updatedAt).not.toBeNull();

    const total = await call(world.server, 'GET', '/ajax/wallet/total-balance', player.cookie);
    expect(total.json()).toMatchObject({ mainWallet: yuan(850), total: yuan(1_000) });
    await expectBooksBalanced(world, [{ player, funds: 1_000, providers: ['PP'] }]);
  });

  it('answers a repeated request key with the first transfer, moving money once', async () => {
    const player = await newPlayer(world.server, 500);
    const key = requestKey('same');
    const first = await transferCall(world.server, player, 'PG', 'IN', 100, key);
    const again = await transferCall(world.server, player, 'PG', 'IN', 100, key);
    expect(again.json().transfer.id).toBe(first.json().transfer.id);
    expect(await mainBalance(world.server, player.id)).toBe(yuan(400));
    const other = await transferCall(world.server, player, 'PG', 'IN', 300, key);
    expect(other.statusCode).toBe(409);
    expect(await mainBalance(world.server, player.id)).toBe(yuan(400));
  });

  it('refuses more than the main wallet holds, and an OUT beyond the provider balance fails with nothing moved', async () => {
    const player = await newPlayer(world.server, 100);
    const tooMuch = await transferCall(world.server, player, 'PP', 'IN', 101);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('余额不足');
    const out = await transferCall(world.server, player, 'PP', 'OUT', 10);
    expect(out.statusCode).toBe(200);
    expect(out.json().transfer.status).toBe('FAILED');
    expect(await mainBalance(world.server, player.id)).toBe(yuan(100));
    await expectBooksBalanced(world, [{ player, funds: 100, providers: ['PP'] }]);
  });

  it('never overdraws either wallet when many transfers are fired at once from many connections', async () => {
    const player = await newPlayer(world.server, 300);
    const ins = await Promise.all(Array.from({ length: 12 }, () => transferCall(world.server, player, 'AG', 'IN', 100)));
    const okIns = ins.filter((r) => r.statusCode === 200 && r.json().transfer.status === 'SUCCESS').length;
    for (const r of ins) expect([200, 409]).toContain(r.statusCode);
    expect(okIns).toBeGreaterThanOrEqual(1);
    expect(okIns).toBeLessThanOrEqual(3);
    expect(await mainBalance(world.server, player.id)).toBe(yuan(300 - 100 * okIns));
    const outs = await Promise.all(Array.from({ length: 12 }, () => transferCall(world.server, player, 'AG', 'OUT', 100)));
    const okOuts = outs.filter((r) => r.statusCode === 200 && r.json().transfer.status === 'SUCCESS').length;
    expect(okOuts).toBeLessThanOrEqual(okIns);
    expect(await world.sandbox.adapter('AG').balance(player.ref)).toBe(yuan(100 * (okIns - okOuts)));
    await expectBooksBalanced(world, [{ player, funds: 300, providers: ['AG'] }]);
  });

  it('一键回收 brings every provider balance back, and the statements show every step', async () => {
    const player = await newPlayer(world.server, 1_000);
    await transferCall(world.server, player, 'PP', 'IN', 200);
    await transferCall(world.server, player, 'CQ9', 'IN', 100);
    await world.sandbox.play('PP', player.ref, 5);
    const recall = await call(world.server, 'POST', '/ajax/wallet/third-party/recall-all', player.cookie, { requestKey: requestKey('recall') });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(recall.json().failures).toEqual([]);
    await pullAllRecords(world.server.db.database.pool, world.server.ctx.config.providers);
    const atPp = await world.sandbox.adapter('PP').balance(player.ref);
    expect(atPp).toBeLessThan(yuan(1));
    expect(await world.sandbox.adapter('CQ9').balance(player.ref)).toBe(0);
    await expectBooksBalanced(world, [{ player, funds: 1_000, providers: ['PP', 'CQ9'] }]);

    const records = await call(world.server, 'GET', '/ajax/wallet/third-party/records', player.cookie);
    expect(records.statusCode, records.body).toBe(200);
    const types = new Set(records.json().items.map((i: { type: string }) => i.type));
    expect(types.has('TITP')).toBe(true);
    expect(types.has('TOTP')).toBe(true);
    expect(types.has('BET')).toBe(true);
    const onlyBets = await call(world.server, 'GET', '/ajax/wallet/third-party/records?type=BET&provider=PP', player.cookie);
    expect(onlyBets.json().items.length).toBe(5);
    const list = await call(world.server, 'GET', '/ajax/wallet/third-party/transfers', player.cookie);
    expect(list.json().items.length).toBe(4);
    const statement = await call(world.server, 'GET', '/ajax/wallet/transactions', player.cookie);
    const codes = statement.json().items.map((i: { type: string }) => i.type);
    expect(codes.filter((c: string) => c === 'TOU').length).toBe(2);
    expect(codes.filter((c: string) => c === 'TI').length).toBe(2);
  });

  // Guards: 一键回收 of a provider balance above the single-transfer maximum comes back in MAX_TRANSFER chunks
  // (request keys <requestKey>:<provider>:<n>), and a retry of the same request moves nothing more.
  it('一键回收 brings back a balance above the single-transfer maximum in chunks, and a retry is idempotent', async () => {
    const player = await newPlayer(world.server, 10_000_000);
    const sent = await transferCall(world.server, player, 'PP', 'IN', 10_000_000);
    expect(sent.json().transfer.status, sent.body).toBe('SUCCESS');
    // The player wins ¥2,000,000 at the provider (the provider wallet grows by itself).
    await world.sandbox.adapter('PP').transfer({ playerRef: player.ref, reference: `win-${requestKey()}`, direction: 'IN', amount: yuan(2_000_000) });
    const key = requestKey('recall');
    const recall = await call(world.server, 'POST', '/ajax/wallet/third-party/recall-all', player.cookie, { requestKey: key });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(recall.json().failures, recall.body).toEqual([]);
    expect(recall.json().transfers.map((t: { amount: number; status: string }) => [t.amount, t.status])).toEqual([
      [yuan(10_000_000), 'SUCCESS'],
      [yuan(2_000_000), 'SUCCESS'],
    ]);
    expect(recall.json().mainWallet).toBe(yuan(12_000_000));
    expect(await world.sandbox.adapter('PP').balance(player.ref)).toBe(0);
    const keys = await world.server.db.database.pool.query<{ request_key: string }>(
      `SELECT request_key FROM provider_transfers WHERE customer_id = $1 AND origin = 'RECALL' ORDER BY id`,
      [player.id],
    );
    expect(keys.rows.map((r) => r.request_key)).toEqual([`${key}:PP:0`, `${key}:PP:1`]);
    // The same request again (a retry): the same answer, nothing more moved — even with new money there.
    await world.sandbox.adapter('PP').transfer({ playerRef: player.ref, reference: `win-${requestKey()}`, direction: 'IN', amount: yuan(500) });
    const again = await call(world.server, 'POST', '/ajax/wallet/third-party/recall-all', player.cookie, { requestKey: key });
    expect(again.json().transfers.map((t: { id: string }) => t.id)).toEqual(recall.json().transfers.map((t: { id: string }) => t.id));
    expect(again.json().mainWallet).toBe(yuan(12_000_000));
  });

  it('counts the valid stake of pulled records toward required stake, once', async () => {
    const player = await newPlayer(world.server, 500);
    const pool = world.server.db.database.pool;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await addRequiredStake(client, player.id, yuan(100), 'ADJUSTMENT', 'test');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await transferCall(world.server, player, 'PG', 'IN', 50);
    await world.sandbox.play('PG', player.ref, 10);
    await pullAllRecords(pool, world.server.ctx.config.providers);
    await pullAllRecords(pool, world.server.ctx.config.providers);
    const valid = await pool.query<{ v: number }>(`SELECT coalesce(sum(valid_stake), 0)::bigint AS v FROM provider_bet_records WHERE customer_id = $1 AND status = 'SETTLED'`, [player.id]);
    expect(valid.rows[0]!.v).toBeGreaterThan(0);
    const stake = await call(world.server, 'PUT', '/ajax/wallet/required-stake/refresh', player.cookie, {});
    expect(stake.json().remaining).toBe(yuan(100) - valid.rows[0]!.v);
    const again = await call(world.server, 'PUT', '/ajax/wallet/required-stake/refresh', player.cookie, {});
    expect(again.json().remaining).toBe(yuan(100) - valid.rows[0]!.v);
  });
});
