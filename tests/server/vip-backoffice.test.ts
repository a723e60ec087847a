// Back office VIP thresholds and ranking prizes: permissions, audited writes, bad input refused
// with Chinese messages and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runRankingJob } from '../../src/server/weekly-ranking/job.ts';
import { VIP_ADMIN_PATHS } from '../../src/shared/api/vip.ts';
import { WEEKLY_RANKING_ADMIN_PATHS } from '../../src/shared/api/weekly-ranking.ts';
import { BACKOFFICE_API } from '../../src/shared/backoffice/session.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { at, earlierThisMonth, levelOf, newPlayer, settledOrder } from './vip-support.ts';

let server: TestServer;
let pool: pg.Pool;
let ops: string;
let finance: string;
const url = (p: string) => `${BACKOFFICE_API}${p}`;
const YUAN = 10_000;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  ops = await operatorCookie(server.app, 'OPERATIONS');
  finance = await operatorCookie(server.app, 'FINANCE');
});
afterAll(async () => {
  await server?.close();
});

const VIP_1 = {
  qualifyTurnover: 40_000 * YUAN,
  qualifyDeposits: null,
  keepTurnover: 20_000 * YUAN,
  keepDeposits: null,
  monthlyBonus: 100 * YUAN,
  bonusStakeMultipleBp: 20_000,
  dailyWithdrawalCount: 5,
  dailyWithdrawalAmount: 50_000 * YUAN,
  reason: '调整 VIP1 门槛',
};

describe('VIP levels', () => {
  it('lets operations change a level, audited, and refuses finance', async () => {
    const refused = await server.app.inject({ method: 'PUT', url: url(VIP_ADMIN_PATHS.level('VIP_1')), headers: operatorHeaders(finance), payload: VIP_1 });
    expect(refused.statusCode).toBe(403);
    const saved = await server.app.inject({ method: 'PUT', url: url(VIP_ADMIN_PATHS.level('VIP_1')), headers: operatorHeaders(ops), payload: VIP_1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().levels[1]).toMatchObject({ level: 'VIP_1', qualifyTurnover: 40_000 * YUAN, dailyWithdrawalCount: 5 });
    const audit = await pool.query(`SELECT reason FROM operator_audit_log WHERE action = 'vip.level.update' AND target_id = 'VIP_1'`);
    expect(audit.rows).toEqual([{ reason: '调整 VIP1 门槛' }]);
    const read = await server.app.inject({ method: 'GET', url: url(VIP_ADMIN_PATHS.levels), headers: { cookie: finance } });
    expect(read.json().levels[1].monthlyBonus).toBe(100 * YUAN);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const before = (await pool.query('SELECT * FROM vip_levels ORDER BY rank')).rows;
    for (const [level, payload] of [
      ['VIP_1', { ...VIP_1, monthlyBonus: -1 }],
      ['VIP_1', { ...VIP_1, qualifyTurnover: 1.5 }],
      ['VIP_1', { ...VIP_1, dailyWithdrawalCount: 0 }],
      ['VIP_1', { ...VIP_1, reason: '' }],
      ['NOT_VIP', VIP_1],
      ['VIP_9', VIP_1],
    ] as const) {
      const response = await server.app.inject({ method: 'PUT', url: url(VIP_ADMIN_PATHS.level(level)), headers: operatorHeaders(ops), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await pool.query('SELECT * FROM vip_levels ORDER BY rank')).rows).toEqual(before);
  });

  it('runs the job on request, audited, and shows the distribution', async () => {
    const player = await newPlayer(pool);
    await settledOrder(pool, player.id, 45_000 * YUAN, 0, earlierThisMonth(60_000));
    const run = await server.app.inject({ method: 'POST', url: url(VIP_ADMIN_PATHS.run), headers: operatorHeaders(ops), payload: { reason: '手动评定' } });
    expect(run.statusCode).toBe(200);
    expect(await levelOf(pool, player.id)).toBe('VIP_1');
    const audit = await pool.query(`SELECT count(*)::int AS n FROM operator_audit_log WHERE action = 'vip.run'`);
    expect(audit.rows[0].n).toBe(1);
    const distribution = (await server.app.inject({ method: 'GET', url: url(VIP_ADMIN_PATHS.distribution), headers: { cookie: finance } })).json();
    expect(distribution.levels.find((l: { level: string }) => l.level === 'VIP_1').customers).toBeGreaterThanOrEqual(1);
  });
});

describe('ranking prizes', () => {
  it('replaces the prizes per place, audited; finance may read but not write', async () => {
    const payload = { prizes: [{ place: 1, amount: 1000 * YUAN }, { place: 2, amount: 500 * YUAN }], reason: '本周奖金' };
    expect((await server.app.inject({ method: 'PUT', url: url(WEEKLY_RANKING_ADMIN_PATHS.prizes), headers: operatorHeaders(finance), payload })).statusCode).toBe(403);
    const saved = await server.app.inject({ method: 'PUT', url: url(WEEKLY_RANKING_ADMIN_PATHS.prizes), headers: operatorHeaders(ops), payload });
    expect(saved.statusCode).toBe(200);
    const read = await server.app.inject({ method: 'GET', url: url(WEEKLY_RANKING_ADMIN_PATHS.prizes), headers: { cookie: finance } });
    expect(read.json().prizes).toEqual([{ place: 1, amount: 1000 * YUAN }, { place: 2, amount: 500 * YUAN }]);
    const audit = await pool.query(`SELECT count(*)::int AS n FROM operator_audit_log WHERE action = 'weekly_ranking.prizes.update'`);
    expect(audit.rows[0].n).toBe(1);
  });

  it('refuses duplicate or out-of-range places and changes nothing', async () => {
    const before = (await pool.query('SELECT place, amount FROM weekly_ranking_prizes ORDER BY place')).rows;
    for (const prizes of [
      [{ place: 1, amount: 1 }, { place: 1, amount: 2 }],
      [{ place: 21, amount: 1 }],
      [{ place: 0, amount: 1 }],
      [{ place: 1, amount: -5 }],
      'x',
    ]) {
      const response = await server.app.inject({ method: 'PUT', url: url(WEEKLY_RANKING_ADMIN_PATHS.prizes), headers: operatorHeaders(ops), payload: { prizes, reason: '测试修改' } });
      expect(response.statusCode).toBe(400);
    }
    expect((await pool.query('SELECT place, amount FROM weekly_ranking_prizes ORDER BY place')).rows).toEqual(before);
  });

  it('lists weeks and answers 404 for a week without data, 400 for a bad date', async () => {
    const player = await newPlayer(pool);
    await settledOrder(pool, player.id, 10 * YUAN, 100 * YUAN, at('2027-08-03T12:00:00+08:00'));
    await pool.query('UPDATE weekly_ranking_cursor SET counted_until = $1', [at('2027-08-01T00:00:00+08:00')]);
    await runRankingJob(pool, at('2027-08-04T00:00:00+08:00'));
    const weeks = (await server.app.inject({ method: 'GET', url: url(WEEKLY_RANKING_ADMIN_PATHS.weeks), headers: { cookie: finance } })).json();
    expect(weeks.weeks[0]).toMatchObject({ week: '2027-08-02', players: 1, closedAt: null });
    const detail = (await server.app.inject({ method: 'GET', url: url(WEEKLY_RANKING_ADMIN_PATHS.week('2027-08-02')), headers: { cookie: finance } })).json();
    expect(detail.entries[0]).toMatchObject({ rank: 1, customerId: player.id, username: player.username, netWin: 90 * YUAN });
    expect((await server.app.inject({ method: 'GET', url: url(WEEKLY_RANKING_ADMIN_PATHS.week('2020-01-06')), headers: { cookie: finance } })).statusCode).toBe(404);
    // Not a date, or a date PostgreSQL cannot hold (year 0): a Chinese 400, never a 500.
    for (const week of ['nope', '0000-01-03', '2027-02-30']) {
      const answer = await server.app.inject({ method: 'GET', url: url(WEEKLY_RANKING_ADMIN_PATHS.week(week)), headers: { cookie: finance } });
      expect(answer.statusCode, week).toBe(400);
      expect(answer.json().message, week).toBe('日期格式不正确');
    }
  });
});
