// The VIP job (docs/campaigns/ranking-and-vip.md): monthly evaluation up and down, upgrades within
// the month, the monthly bonus paid exactly once even when the job runs many times at once, and the
// player's GET /ajax/vip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runVipJob } from '../../src/server/vip/job.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { playerAccountId, reconcile } from '../../src/server/wallet/ledger.ts';
import { loadCustomerWithdrawalSettings, loadWithdrawalSettings } from '../../src/server/wallet/withdrawals/settings.ts';
import { VIP_PATHS } from '../../src/shared/api/vip.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { at, balanceOf, earlierThisMonth, levelOf, newPlayer, settledOrder, TEST_ACCOUNT_PASSWORD } from './vip-support.ts';

let server: TestServer;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
});
afterAll(async () => {
  await server?.close();
});

// Seeded thresholds (0039_vip.sql): VIP_1 turnover 50000 元 (keep 25000), VIP_2 500000 元 (keep 250000); bonuses 88 / 888 元.
const YUAN = 10_000;

describe('monthly evaluation', () => {
  it('upgrades on the previous month, keeps a level on the keep threshold and lowers it below', async () => {
    const riser = await newPlayer(pool);
    const keeper = await newPlayer(pool, { vipLevel: 'VIP_2' });
    const faller = await newPlayer(pool, { vipLevel: 'VIP_2' });
    const trial = await newPlayer(pool, { trial: true });
    await settledOrder(pool, riser.id, 60_000 * YUAN, 0, at('2027-01-10T12:00:00+08:00'));
    await settledOrder(pool, keeper.id, 300_000 * YUAN, 0, at('2027-01-20T12:00:00+08:00'));
    await settledOrder(pool, faller.id, 30_000 * YUAN, 0, at('2027-01-31T23:59:00+08:00'));
    await settledOrder(pool, trial.id, 600_000 * YUAN, 0, at('2027-01-05T12:00:00+08:00'));
    // Settled after the month ended: not January's.
    await settledOrder(pool, faller.id, 600_000 * YUAN, 0, at('2027-02-01T00:00:01+08:00'));

    const result = await runVipJob(pool, at('2027-02-01T00:05:00+08:00'));
    expect(await levelOf(pool, riser.id)).toBe('VIP_1');
    expect(await levelOf(pool, keeper.id)).toBe('VIP_2');
    expect(await levelOf(pool, faller.id)).toBe('VIP_2'); // lowered to VIP_1 by January, raised again by February's running turnover
    expect(await levelOf(pool, trial.id)).toBe('NOT_VIP');
    const changes = result.changes.filter((c) => [riser.id, faller.id].includes(c.customerId));
    expect(changes).toEqual(
      expect.arrayContaining([
        { customerId: riser.id, previous: 'NOT_VIP', level: 'VIP_1' },
        { customerId: faller.id, previous: 'VIP_2', level: 'VIP_1' },
        { customerId: faller.id, previous: 'VIP_1', level: 'VIP_2' },
      ]),
    );
    const notices = result.events.filter((e) => e.customerId === riser.id).map((e) => e.type);
    expect(notices).toEqual(expect.arrayContaining(['vipLevelChanged', 'textPopup', 'balance']));
    // The bonus follows the evaluated level: VIP_1 for the riser and the faller, VIP_2 for the keeper.
    expect(await balanceOf(pool, riser.id)).toBe(88 * YUAN);
    expect(await balanceOf(pool, faller.id)).toBe(88 * YUAN);
    expect(await balanceOf(pool, keeper.id)).toBe(888 * YUAN);
    expect(await balanceOf(pool, trial.id)).toBe(0);
  });

  it('lowers a level an operator set when the month did not keep it', async () => {
    const manual = await newPlayer(pool, { vipLevel: 'VIP_1' });
    await runVipJob(pool, at('2027-03-01T00:05:00+08:00'));
    expect(await levelOf(pool, manual.id)).toBe('NOT_VIP');
    const changes = await pool.query('SELECT previous_level, level, reason FROM vip_level_changes WHERE customer_id = $1', [manual.id]);
    expect(changes.rows).toEqual([{ previous_level: 'VIP_1', level: 'NOT_VIP', reason: 'MONTHLY' }]);
  });
});

describe('exactly once', () => {
  it('evaluates and pays each customer once when the job runs many times at once', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(pool)));
    for (const p of players) await settledOrder(pool, p.id, 60_000 * YUAN, 0, at('2027-03-15T12:00:00+08:00'));
    const now = at('2027-04-01T00:10:00+08:00');
    const runs = await Promise.all(Array.from({ length: 6 }, () => runVipJob(pool, now)));
    for (const p of players) {
      expect(await levelOf(pool, p.id)).toBe('VIP_1');
      expect(await balanceOf(pool, p.id)).toBe(88 * YUAN);
      const paid = await pool.query('SELECT amount FROM vip_bonus_payments WHERE customer_id = $1', [p.id]);
      expect(paid.rows).toEqual([{ amount: 88 * YUAN }]);
      const changes = await pool.query('SELECT count(*)::int AS n FROM vip_level_changes WHERE customer_id = $1', [p.id]);
      expect(changes.rows[0].n).toBe(1);
      const required = await pool.query(`SELECT amount FROM required_stake_events WHERE customer_id = $1 AND kind = 'BONUS'`, [p.id]);
      expect(required.rows).toEqual([{ amount: 88 * YUAN }]);
    }
    const ids = new Set(players.map((p) => p.id));
    const published = runs.flatMap((r) => r.events).filter((e) => ids.has(e.customerId!) && e.type === 'vipLevelChanged');
    expect(published).toHaveLength(players.length);
    expect((await reconcile(pool)).ok).toBe(true);
    // A later run in the same month pays nothing more.
    await runVipJob(pool, at('2027-04-20T00:00:00+08:00'));
    for (const p of players) expect(await balanceOf(pool, p.id)).toBe(88 * YUAN);
  });
});

describe('upgrade within the month', () => {
  it('raises at once when the running month reaches a higher level, never lowers', async () => {
    const player = await newPlayer(pool);
    await runVipJob(pool, at('2027-05-01T00:01:00+08:00'));
    await settledOrder(pool, player.id, 50_000 * YUAN, 0, at('2027-05-03T10:00:00+08:00'));
    const result = await runVipJob(pool, at('2027-05-03T10:30:00+08:00'));
    expect(result.changes).toContainEqual({ customerId: player.id, previous: 'NOT_VIP', level: 'VIP_1' });
    expect(await levelOf(pool, player.id)).toBe('VIP_1');
    expect(await balanceOf(pool, player.id)).toBe(0); // the bonus follows the monthly evaluation only
  });
});

describe('GET /ajax/vip', () => {
  it('answers 401 without a session and 403 to a trial account', async () => {
    expect((await server.app.inject({ method: 'GET', url: VIP_PATHS.overview })).statusCode).toBe(401);
    const trial = await newPlayer(pool, { trial: true });
    const cookie = await loginCookie(server.app, trial.username, TEST_ACCOUNT_PASSWORD);
    const refused = await server.app.inject({ method: 'GET', url: VIP_PATHS.overview, headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TRIAL_FORBIDDEN');
  });

  it("shows the level, this month's figures and the progress to the next level", async () => {
    const player = await newPlayer(pool);
    await settledOrder(pool, player.id, 12_500 * YUAN, 0, earlierThisMonth(60_000));
    const cookie = await loginCookie(server.app, player.username, TEST_ACCOUNT_PASSWORD);
    const response = await server.app.inject({ method: 'GET', url: VIP_PATHS.overview, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ level: 'NOT_VIP', turnover: 12_500 * YUAN, deposits: 0 });
    expect(body.progress).toEqual({ nextLevel: 'VIP_1', percent: 25, turnoverNeeded: 37_500 * YUAN, depositsNeeded: 10_000 * YUAN });
    expect(body.levels.map((l: { level: string }) => l.level)).toEqual(['NOT_VIP', 'VIP_1', 'VIP_2']);
  });
});

describe('withdrawal limits', () => {
  it("takes the daily limits from the customer's level where the level sets them", async () => {
    const base = await loadWithdrawalSettings(pool);
    const vip = await newPlayer(pool, { vipLevel: 'VIP_2' });
    const plain = await newPlayer(pool);
    await pool.query(`UPDATE vip_levels SET daily_withdrawal_count = 9, daily_withdrawal_amount = NULL WHERE level = 'VIP_2'`);
    try {
      expect(await loadCustomerWithdrawalSettings(pool, vip.id)).toMatchObject({ dailyCountLimit: 9, dailyAmountLimit: base.dailyAmountLimit });
      expect(await loadCustomerWithdrawalSettings(pool, plain.id)).toMatchObject({ dailyCountLimit: base.dailyCountLimit });
    } finally {
      await pool.query(`UPDATE vip_levels SET daily_withdrawal_count = NULL WHERE level = 'VIP_2'`);
    }
  });
});

describe('lock order', () => {
  it('pays a bonus while a deposit of the same player holds its required stake: the bonus waits, neither fails', async () => {
    const player = await newPlayer(pool);
    await settledOrder(pool, player.id, 60_000 * YUAN, 0, at('2027-06-15T12:00:00+08:00'));
    const wallet = await withTransaction(pool, (client) => playerAccountId(client, player.id));
    // A deposit being credited holds the player's required-stake row (deposits/credit.ts adds the
    // requirement first) and then posts to the wallet.
    const deposit = await pool.connect();
    try {
      await deposit.query('BEGIN');
      await deposit.query('INSERT INTO required_stakes (customer_id) VALUES ($1) ON CONFLICT (customer_id) DO NOTHING', [player.id]);
      await deposit.query('SELECT 1 FROM required_stakes WHERE customer_id = $1 FOR UPDATE', [player.id]);
      const job = runVipJob(pool, at('2027-07-01T00:10:00+08:00'));
      await expect
        .poll(
          async () =>
            (
              await pool.query(
                `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%required_stakes%'`,
              )
            ).rowCount,
          { timeout: 30_000 },
        )
        .toBe(1);
      // The bonus, waiting for that row, must not hold the wallet meanwhile (a deadlock otherwise).
      await deposit.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [wallet]);
      await deposit.query('COMMIT');
      await job;
    } finally {
      deposit.release();
    }
    expect(await balanceOf(pool, player.id)).toBe(88 * YUAN);
  });
});
