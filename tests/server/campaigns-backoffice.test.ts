// Issue 22 items 1 and 6 in the back office: creating (bad input refused in Chinese, changing
// nothing; the description sanitised), the status moves, who may do what, the audit rows, MANUAL
// lists, the other claim subtypes over real deposits, orders and logins, and the bonus cost report.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_ADMIN_PATHS, CAMPAIGN_PATHS } from '../../src/shared/api/campaigns.ts';
import { yuan } from '../../src/shared/money.ts';
import { playerBalance } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { signedInOperator } from '../support/operators.ts';
import { asOperator, campaignInput, creditedDeposit, newPlayer, publishedCampaign, send } from './campaigns-support.ts';

let server: TestServer;
let ops: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['OPERATIONS', 'FINANCE', 'SUPPORT', 'RISK', 'DRAW'] as const) cookies[role] = (await signedInOperator(server.app, role)).cookie;
  ops = cookies.OPERATIONS!;
});
afterAll(async () => {
  await server?.close();
});

const pool = () => server.db.database.pool;
const campaignCount = async () => (await pool().query('SELECT count(*)::int AS n FROM campaigns')).rows[0].n as number;
const claim = (cookie: string, id: number) => send(server, 'POST', CAMPAIGN_PATHS.claim(id), cookie);
const stateOf = async (cookie: string, id: number) => (await send(server, 'GET', CAMPAIGN_PATHS.detail(id), cookie)).json().claim;

async function settledOrder(customerId: number, stakeWhole: number, payoutWhole = 0, drawType = 'UUFFC'): Promise<void> {
  await pool().query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, payout, prize_group, settled_at)
     VALUES ($1, $2, $3, 'REGULAR', '1', $4, 1, $5, $6, 1950, now())`,
    [customerId, randomUUID(), drawType, payoutWhole > 0 ? 'WON' : 'LOST', yuan(stakeWhole), yuan(payoutWhole)],
  );
}

describe('creating and editing', () => {
  it('refuses bad input with Chinese messages and changes nothing', async () => {
    const before = await campaignCount();
    const cases: [object, string][] = [
      [{ ...campaignInput(), title: '' }, '活动标题不可以为空'],
      [{ ...campaignInput(), endsAt: 0 }, '结束时间必须晚于开始时间'],
      [{ ...campaignInput(), descriptionHtml: '   ' }, '内容不可以为空'],
      [{ ...campaignInput(), descriptionHtml: '<script>alert(1)</script>' }, '内容不可以为空（脚本、样式等不允许的内容已被移除）'],
      [{ ...campaignInput(), rules: { subtype: 'REGISTER' } }, '该类型活动只能设置固定金额奖励'],
      [{ ...campaignInput(), rules: { subtype: 'RED_PACKET' } }, '提交的内容格式有误，请检查后重试'],
      [{ ...campaignInput(), stakeMultipleBp: -1 }, '打码倍数有误'],
    ];
    for (const [body, message] of cases) {
      const response = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.campaigns, ops, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    for (const body of ['nope', null, [], { rules: 5 }]) {
      expect([400, 415]).toContain((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.campaigns, ops, body)).statusCode);
    }
    expect(await campaignCount()).toBe(before);
  });

  it('stores the description sanitised, derives the tab, audits every write and moves through its statuses', async () => {
    const created = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.campaigns, ops, {
      ...campaignInput({ festival: 'MID_AUTUMN' }),
      descriptionHtml: '<p onclick="x()">中秋<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json();
    expect(campaign).toMatchObject({ status: 'DRAFT', phase: 'DRAFT', displayTab: 'FESTIVAL', descriptionHtml: '<p>中秋<a>链接</a></p>' });
    const audit = await pool().query(`SELECT action FROM operator_audit_log WHERE target_type = 'campaign' AND target_id = $1 ORDER BY id`, [String(campaign.id)]);
    expect(audit.rows.map((r) => r.action)).toEqual(['campaigns.create']);

    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.status(campaign.id), ops, { action: 'PAUSE' })).json().message).toBe('只有已发布的活动可以暂停');
    for (const [action, status] of [['PUBLISH', 'SCHEDULED'], ['PAUSE', 'PAUSED'], ['RESUME', 'SCHEDULED'], ['END', 'ENDED']] as const) {
      const moved = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.status(campaign.id), ops, { action });
      expect(moved.json().status).toBe(status);
    }
    const edit = await asOperator(server, 'PUT', CAMPAIGN_ADMIN_PATHS.campaign(campaign.id), ops, campaignInput());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('已结束的活动不能修改');
    const actions = await pool().query(`SELECT action FROM operator_audit_log WHERE target_type = 'campaign' AND target_id = $1 ORDER BY id`, [String(campaign.id)]);
    expect(actions.rows.map((r) => r.action)).toEqual(['campaigns.create', 'campaigns.publish', 'campaigns.pause', 'campaigns.resume', 'campaigns.end']);
  });

  it('only the roles of the matrix may read, manage and approve', async () => {
    const id = await publishedCampaign(server, ops);
    expect((await asOperator(server, 'GET', CAMPAIGN_ADMIN_PATHS.campaigns, cookies.SUPPORT!)).statusCode).toBe(403);
    expect((await asOperator(server, 'GET', CAMPAIGN_ADMIN_PATHS.campaigns, cookies.FINANCE!)).statusCode).toBe(200);
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.status(id), cookies.FINANCE!, { action: 'PAUSE' })).statusCode).toBe(403);
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.campaigns, cookies.DRAW!, campaignInput())).statusCode).toBe(403);
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.approve(1), ops, {})).statusCode).toBe(403);
    expect((await send(server, 'GET', CAMPAIGN_ADMIN_PATHS.campaigns, null)).statusCode).toBe(401);
    const player = await newPlayer(server);
    expect((await send(server, 'GET', CAMPAIGN_ADMIN_PATHS.campaigns, player.cookie)).statusCode).toBe(401);
  });
});

describe('MANUAL lists', () => {
  it('only listed customers may claim, with their own amount when one is given', async () => {
    const id = await publishedCampaign(server, ops, { rules: { subtype: 'MANUAL' }, reward: { kind: 'FIXED', amount: yuan(10) } });
    const [listed, special, other] = [await newPlayer(server), await newPlayer(server), await newPlayer(server)];
    expect(await stateOf(other.cookie, id)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '您不在本活动的名单中' });
    const added = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.grants(id), ops, { usernames: [listed.username, 'nobody_here'] });
    expect(added.json().unknownUsernames).toEqual(['nobody_here']);
    await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.grants(id), ops, { usernames: [special.username], amount: yuan(66) });
    expect((await claim(listed.cookie, id)).json().claim.amount).toBe(yuan(10));
    expect((await claim(special.cookie, id)).json().claim.amount).toBe(yuan(66));
    expect((await claim(other.cookie, id)).statusCode).toBe(409);
    expect((await asOperator(server, 'GET', CAMPAIGN_ADMIN_PATHS.grants(id), cookies.FINANCE!)).json().grants).toHaveLength(2);

    const deposit = await publishedCampaign(server, ops);
    const refused = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.grants(deposit), ops, { usernames: [listed.username] });
    expect(refused.json().message).toBe('只有人工派发或推广活动可以设置名单');
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.grants(id), ops, { usernames: [] })).statusCode).toBe(400);
  });
});

describe('the other claim subtypes over real data', () => {
  it('DAILY_BET counts today’s settled turnover, once a day; LIMITED_BET only its draw types', async () => {
    const daily = await publishedCampaign(server, ops, { rules: { subtype: 'DAILY_BET', minTurnover: yuan(100) }, reward: { kind: 'FIXED', amount: yuan(5) } });
    const limited = await publishedCampaign(server, ops, { rules: { subtype: 'LIMITED_BET', minTurnover: yuan(100), drawTypes: ['CQSSC'] }, reward: { kind: 'PERCENT', rateBp: 100, cap: yuan(50) } });
    const player = await newPlayer(server);
    await settledOrder(player.id, 60);
    expect(await stateOf(player.cookie, daily)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '今日有效投注 ¥60.00，满 ¥100.00 即可领取' });
    await settledOrder(player.id, 60);
    expect((await claim(player.cookie, daily)).json().claim).toMatchObject({ status: 'PAID', amount: yuan(5) });
    expect((await claim(player.cookie, daily)).statusCode).toBe(409);
    expect(await stateOf(player.cookie, limited)).toMatchObject({ state: 'NOT_CLAIMABLE' });
    await settledOrder(player.id, 200, 0, 'CQSSC');
    expect(await stateOf(player.cookie, limited)).toMatchObject({ state: 'CLAIMABLE', amount: yuan(2) });
  });

  it('EVERY_DEPOSIT pays each deposit once; FIRST_LOSS_COMPENSATION pays COMP once the days are over', async () => {
    const every = await publishedCampaign(server, ops, { rules: { subtype: 'EVERY_DEPOSIT', minDeposit: yuan(100) }, reward: { kind: 'PERCENT', rateBp: 500, cap: yuan(100) } });
    const player = await newPlayer(server);
    await creditedDeposit(server, player.id, 200);
    await creditedDeposit(server, player.id, 400);
    expect((await claim(player.cookie, every)).json().claim.amount).toBe(yuan(10));
    expect((await claim(player.cookie, every)).json().claim.amount).toBe(yuan(20));
    expect((await claim(player.cookie, every)).statusCode).toBe(409);
    expect(await stateOf(player.cookie, every)).toMatchObject({ state: 'CLAIMED' });

    const loss = await publishedCampaign(server, ops, {
      startsAt: Date.now() - 3 * 86_400_000,
      rules: { subtype: 'FIRST_LOSS_COMPENSATION', days: 1, minLoss: yuan(100) },
      reward: { kind: 'PERCENT', rateBp: 1_000, cap: yuan(500) },
    });
    const loser = await newPlayer(server);
    await creditedDeposit(server, loser.id, 1_000);
    await settledOrder(loser.id, 500, 100);
    expect(await stateOf(loser.cookie, loss)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '首充后 1 天结束后可领取' });
    await pool().query(`UPDATE deposits SET credited_at = now() - interval '2 days' WHERE customer_id = $1`, [loser.id]);
    await pool().query(`UPDATE orders SET settled_at = now() - interval '36 hours' WHERE customer_id = $1`, [loser.id]);
    const paid = await claim(loser.cookie, loss);
    expect(paid.json().claim).toMatchObject({ status: 'PAID', amount: yuan(40) });
    const types = await pool().query(
      `SELECT t.type FROM ledger_transfers t WHERE t.idempotency_key = $1`,
      [`campaign-claim:${paid.json().claim.id}`],
    );
    expect(types.rows[0].type).toBe('COMP');
  });

  it('LOGIN counts distinct days; REGISTER only new members; MISSION all its conditions', async () => {
    const login = await publishedCampaign(server, ops, { startsAt: Date.now() - 5 * 86_400_000, rules: { subtype: 'LOGIN', days: 2 }, reward: { kind: 'FIXED', amount: yuan(3) } });
    const register = await publishedCampaign(server, ops, { rules: { subtype: 'REGISTER' }, reward: { kind: 'FIXED', amount: yuan(8) } });
    const mission = await publishedCampaign(server, ops, { rules: { subtype: 'MISSION', minOrders: 2, minDeposit: yuan(100) }, reward: { kind: 'FIXED', amount: yuan(9) } });
    const player = await newPlayer(server);
    await pool().query(`UPDATE customers SET created_at = now() - interval '30 days' WHERE id = $1`, [player.id]);
    expect(await stateOf(player.cookie, register)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '仅限活动期间注册的新会员' });
    expect(await stateOf(player.cookie, login)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '活动期间已登录 1 天，满 2 天即可领取' });
    await pool().query(`INSERT INTO customer_logins (customer_id, outcome, created_at) VALUES ($1, 'SUCCESS', now() - interval '2 days')`, [player.id]);
    expect((await claim(player.cookie, login)).json().claim.amount).toBe(yuan(3));

    await settledOrder(player.id, 10);
    await creditedDeposit(server, player.id, 100);
    expect(await stateOf(player.cookie, mission)).toMatchObject({ reason: '任务未完成：投注 1/2 单' });
    await settledOrder(player.id, 10);
    expect((await claim(player.cookie, mission)).statusCode).toBe(200);
    expect(await playerBalance(pool(), player.id)).toBe(yuan(100 + 3 + 9));
  });
});

describe('the bonus cost report', () => {
  it('sums what each campaign paid and the required stake it added, as JSON and CSV', async () => {
    const id = await publishedCampaign(server, ops, { title: '=报表测试', reward: { kind: 'FIXED', amount: yuan(20) }, stakeMultipleBp: 30_000 });
    for (let i = 0; i < 2; i += 1) {
      const player = await newPlayer(server);
      await creditedDeposit(server, player.id, 100);
      expect((await claim(player.cookie, id)).statusCode).toBe(200);
    }
    const report = await asOperator(server, 'GET', CAMPAIGN_ADMIN_PATHS.report, cookies.RISK!);
    expect(report.json().rows.find((r: { campaignId: number }) => r.campaignId === id)).toMatchObject({
      claimsPaid: 2,
      amountPaid: yuan(40),
      requiredStakeAdded: yuan(120),
      claimsPending: 0,
    });
    const csv = await asOperator(server, 'GET', CAMPAIGN_ADMIN_PATHS.reportCsv, cookies.FINANCE!);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('活动编号,活动标题,类型,已派发笔数,已派发金额,新增打码量');
    expect(csv.body).toContain(`${id},'=报表测试,首充优惠,2,40.00,120.00,0,0.00,0,`);
  });
});
