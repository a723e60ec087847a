// Player protection beyond lottery bets: money sent to a third-party game wallet is played, so it is
// refused during cooling-off or self-exclusion and counts toward loss limits until it comes back (in
// the server's measure and in placement's SQL one alike); money brought back is always allowed; deposit
// orders still open count toward deposit limits. Each check holds under parallel requests.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yuan } from '../../src/shared/money.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { creditDeposit } from '../../src/server/wallet/deposits/credit.ts';
import type { DepositRow } from '../../src/server/wallet/deposits/rows.ts';
import { call, mainBalance, newPlayer, requestKey, startWorld, transferCall, type World } from './providers-support.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const pool = () => world.server.db.database.pool;

async function selfExclude(customerId: number, column: 'self_excluded_until' | 'cooling_off_until') {
  await pool().query(`INSERT INTO protection_settings (customer_id, ${column}) VALUES ($1, now() + interval '180 days')`, [customerId]);
}

describe('player protection reaches the third-party wallets', () => {
  it('refuses a transfer into a provider wallet during self-exclusion, moving nothing', async () => {
    const player = await newPlayer(world.server, 1_000);
    await selfExclude(player.id, 'self_excluded_until');
    const sent = await transferCall(world.server, player, 'PP', 'IN', 500);
    expect(sent.statusCode, sent.body).toBe(403);
    expect(sent.json().message).toMatch(/自我排除/);
    expect(await mainBalance(world.server, player.id)).toBe(yuan(1_000));
    expect(await world.sandbox.adapter('PP').balance(player.ref)).toBe(0);
  });

  it('refuses to open a game during cooling-off, moving nothing to the provider', async () => {
    const player = await newPlayer(world.server, 1_000);
    await selfExclude(player.id, 'cooling_off_until');
    const launched = await call(world.server, 'GET', '/ajax/third-party/launch?gameProvider=PP&gameCatalog=SLOT_MACHINE&autoTransfer=true', player.cookie);
    expect(launched.statusCode, launched.body).toBe(403);
    expect(launched.json().message).toMatch(/^您正处于冷静期，.*前不能投注或充值$/);
    expect(await mainBalance(world.server, player.id)).toBe(yuan(1_000));
    expect(await world.sandbox.adapter('PP').balance(player.ref)).toBe(0);
  });

  it('still lets a self-excluded player bring money back from a provider', async () => {
    const player = await newPlayer(world.server, 1_000);
    expect((await transferCall(world.server, player, 'PG', 'IN', 300)).json().transfer.status).toBe('SUCCESS');
    await selfExclude(player.id, 'self_excluded_until');
    const back = await transferCall(world.server, player, 'PG', 'OUT', 300, requestKey('out'));
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().transfer.status).toBe('SUCCESS');
  });
});

describe('deposit limits count deposits still being paid', () => {
  it('refuses a second deposit that, with one still pending, would pass the daily deposit limit', async () => {
    const player = await newPlayer(world.server, 0);
    await pool().query(`INSERT INTO protection_limits (customer_id, kind, period, amount) VALUES ($1, 'DEPOSIT', 'DAILY', $2)`, [player.id, yuan(200)]);
    const make = () =>
      call(world.server, 'POST', '/ajax/wallet/deposit', player.cookie, {
        clientKey: randomUUID(),
        methodCode: 'MANUAL_BANK_TRANSFER',
        amount: '200',
        payerName: '张三',
      });
    const first = await make();
    expect(first.statusCode, first.body).toBe(200);
    const second = await make();
    // Both confirmed (as the operator or the gateway will) the player would have deposited ¥400 against a ¥200 limit.
    const created = await pool().query<DepositRow>('SELECT * FROM deposits WHERE customer_id = $1 ORDER BY id', [player.id]);
    for (const row of created.rows) {
      await withTransaction(pool(), async (client) => {
        const locked = (await client.query<DepositRow>('SELECT * FROM deposits WHERE id = $1 FOR UPDATE', [row.id])).rows[0]!;
        await creditDeposit(client, locked, { paidAmount: locked.amount });
      });
    }
    const deposited = await pool().query<{ total: number }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         JOIN ledger_transfers t ON t.id = e.transfer_id WHERE a.customer_id = $1 AND a.kind = 'PLAYER_MAIN' AND t.type = 'DEP'`,
      [player.id],
    );
    expect(deposited.rows[0]!.total).toBeLessThanOrEqual(yuan(200));
    expect(second.statusCode, second.body).toBe(403);
  });
});

describe('loss limits count money sent to third-party games', () => {
  const lossLimit = (customerId: number, amount: number) =>
    pool().query(`INSERT INTO protection_limits (customer_id, kind, period, amount) VALUES ($1, 'LOSS', 'DAILY', $2)`, [customerId, amount]);
  const sqlRefusal = async (customerId: number, stake: number) =>
    (await pool().query<{ refusal: string | null }>('SELECT bet_protection_refusal($1, $2, now()) AS refusal', [customerId, stake])).rows[0]!.refusal;

  it('refuses a transfer that would pass the loss limit, and placement sees the money sent as lost until it returns', async () => {
    const player = await newPlayer(world.server, 1_000);
    await lossLimit(player.id, yuan(300));
    expect((await transferCall(world.server, player, 'PP', 'IN', 200)).json().transfer.status).toBe('SUCCESS');
    const over = await transferCall(world.server, player, 'PG', 'IN', 150);
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json().message).toBe('已达到每日亏损限额（¥300.00），本期还可投注 ¥100.00');
    expect(await world.sandbox.adapter('PG').balance(player.ref)).toBe(0);
    // Placement's own measure (bet_protection_refusal) agrees: ¥100 left, not ¥300.
    expect(await sqlRefusal(player.id, yuan(150))).toBe('已达到每日亏损限额（¥300.00），本期还可投注 ¥100.00');
    expect(await sqlRefusal(player.id, yuan(100))).toBeNull();
    // Brought back, the money is no longer counted as lost.
    expect((await transferCall(world.server, player, 'PP', 'OUT', 200, requestKey('back'))).json().transfer.status).toBe('SUCCESS');
    expect(await sqlRefusal(player.id, yuan(300))).toBeNull();
    expect((await transferCall(world.server, player, 'PG', 'IN', 300)).json().transfer.status).toBe('SUCCESS');
  });

  it('lets exactly as much through as the limit allows when transfers to several games arrive at once', async () => {
    const player = await newPlayer(world.server, 1_000);
    await lossLimit(player.id, yuan(300));
    const providers = ['AG', 'BBIN', 'CQ9', 'JDB', 'KY', 'MG', 'PT', 'PP'] as const;
    const sent = await Promise.all(providers.map((provider) => transferCall(world.server, player, provider, 'IN', 100)));
    const statuses = sent.map((r) => r.statusCode).sort();
    expect(statuses, sent.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    expect(await mainBalance(world.server, player.id)).toBe(yuan(700));
  });
});

describe('deposit limits count deposits still open', () => {
  it('accepts exactly as many open orders as the limit holds when they are made at once', async () => {
    const player = await newPlayer(world.server, 0);
    await pool().query(`INSERT INTO protection_limits (customer_id, kind, period, amount) VALUES ($1, 'DEPOSIT', 'DAILY', $2)`, [player.id, yuan(300)]);
    const made = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(world.server, 'POST', '/ajax/wallet/deposit', player.cookie, {
          clientKey: randomUUID(),
          methodCode: 'MANUAL_BANK_TRANSFER',
          amount: '100',
          payerName: '张三',
        }),
      ),
    );
    expect(made.map((r) => r.statusCode).sort(), made.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    const open = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM deposits WHERE customer_id = $1', [player.id]);
    expect(open.rows[0]!.n).toBe(3);
  });
});
