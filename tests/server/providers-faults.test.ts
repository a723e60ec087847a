// The fault matrix of issue 20 against the sandbox provider (its own process), one test per row. Each
// row ends in its documented state (docs/providers/server.md, fault matrix), the ledger reconciles
// and no money is created or lost (providers-support.ts expectBooksBalanced).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveDueTransfers, resolveTransfer } from '../../src/server/providers/in-doubt.ts';
import { pullAllRecords } from '../../src/server/providers/records.ts';
import { adapterFor } from '../../src/server/providers/registry.ts';
import { sendTransfer, settleTransfer, startTransfer } from '../../src/server/providers/transfers.ts';
import { yuan } from '../../src/shared/money.ts';
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
