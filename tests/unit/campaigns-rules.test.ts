// The pure parts of campaigns: reward arithmetic, tiers, Beijing claim periods, each subtype's rule
// over its facts, and the operator input schema's Chinese messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CampaignInputSchema } from '../../src/shared/api/campaigns.ts';
import { ruleLines } from '../../src/shared/campaigns/describe.ts';
import { claimPeriod } from '../../src/shared/campaigns/periods.ts';
import { claimLimitOf, rewardFor, tierFor } from '../../src/shared/campaigns/rules.ts';
import { yuan } from '../../src/shared/money.ts';
import { firstLoss, granted, loginDays, mission, registeredInside, turnover } from '../../src/server/campaigns/rules/activity-rules.ts';
import { depositTotal, everyDeposit, nthDeposit, rangedDeposit, type CreditedDeposit } from '../../src/server/campaigns/rules/deposit-rules.ts';

const at = (iso: string) => new Date(iso);
const campaign = { key: 'once', start: at('2026-01-01T00:00:00+08:00'), end: at('2026-02-01T00:00:00+08:00') };
const dep = (id: number, whole: number, iso: string): CreditedDeposit => ({ id, reference: `D${id}`, amount: yuan(whole), creditedAt: at(iso) });

describe('rewards', () => {
  it('a percentage is floored and never passes its cap; a fixed reward ignores what qualified', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1e12 }), (qualifying, rateBp, cap) => {
        const bonus = rewardFor({ kind: 'PERCENT', rateBp, cap }, qualifying);
        expect(bonus).toBeLessThanOrEqual(cap);
        expect(bonus).toBe(Math.min(cap, Math.floor((qualifying * rateBp) / 10_000)));
        expect(Number.isSafeInteger(bonus)).toBe(true);
      }),
    );
    expect(rewardFor({ kind: 'PERCENT', rateBp: 10_000, cap: yuan(188) }, yuan(150))).toBe(yuan(150));
    expect(rewardFor({ kind: 'PERCENT', rateBp: 10_000, cap: yuan(188) }, yuan(500))).toBe(yuan(188));
    expect(rewardFor({ kind: 'FIXED', amount: yuan(8) }, yuan(500))).toBe(yuan(8));
  });

  it('a deposit falls in the first tier that holds it', () => {
    const tiers = [
      { minDeposit: yuan(100), maxDeposit: yuan(499), bonus: yuan(8) },
      { minDeposit: yuan(500), maxDeposit: yuan(999), bonus: yuan(58) },
    ];
    expect(tierFor(tiers, yuan(99))).toBeNull();
    expect(tierFor(tiers, yuan(499))?.bonus).toBe(yuan(8));
    expect(tierFor(tiers, yuan(500))?.bonus).toBe(yuan(58));
    expect(tierFor(tiers, yuan(1000))).toBeNull();
  });
});

describe('claim periods (Beijing time)', () => {
  const long = { startsAt: at('2025-01-01T00:00:00Z'), endsAt: at('2027-01-01T00:00:00Z') };
  it('a day, ISO week and month begin at Beijing midnight', () => {
    const lateUtc = at('2026-03-01T16:30:00Z'); // 2026-03-02 00:30 in Beijing, a Monday
    expect(claimPeriod('DAILY', lateUtc, long)).toEqual({ key: '2026-03-02', start: at('2026-03-02T00:00:00+08:00'), end: at('2026-03-03T00:00:00+08:00') });
    expect(claimPeriod('WEEKLY', lateUtc, long).key).toBe('week:2026-03-02');
    expect(claimPeriod('WEEKLY', at('2026-03-08T15:59:59Z'), long).key).toBe('week:2026-03-02');
    expect(claimPeriod('WEEKLY', at('2026-03-08T16:00:00Z'), long).key).toBe('week:2026-03-09');
    expect(claimPeriod('MONTHLY', at('2026-02-28T16:00:00Z'), long)).toMatchObject({ key: '2026-03', start: at('2026-03-01T00:00:00+08:00') });
    expect(claimPeriod('ONCE', lateUtc, long)).toEqual({ key: 'once', start: long.startsAt, end: long.endsAt });
  });

  it('every instant lies inside its own period, which stays inside the campaign', () => {
    fc.assert(
      fc.property(fc.integer({ min: long.startsAt.getTime(), max: long.endsAt.getTime() - 1 }), fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'ONCE' as const), (ms, limit) => {
        const period = claimPeriod(limit, new Date(ms), long);
        expect(period.start.getTime()).toBeLessThanOrEqual(ms);
        expect(period.end.getTime()).toBeGreaterThan(ms);
        expect(period.start >= long.startsAt && period.end <= long.endsAt).toBe(true);
      }),
    );
  });

  it('the claim limit follows the subtype', () => {
    expect(claimLimitOf({ subtype: 'DAILY_BET', minTurnover: 1 })).toBe('DAILY');
    expect(claimLimitOf({ subtype: 'WEEKLY_DEPOSIT', minTotal: 1 })).toBe('WEEKLY');
    expect(claimLimitOf({ subtype: 'EVERY_DEPOSIT', minDeposit: 1 })).toBe('PER_DEPOSIT');
    expect(claimLimitOf({ subtype: 'RANGED_DEPOSIT', tiers: [{ minDeposit: 1, maxDeposit: 2, bonus: 1 }], claimLimit: 'DAILY' })).toBe('DAILY');
    expect(claimLimitOf({ subtype: 'FIRST_DEPOSIT', minDeposit: 1 })).toBe('ONCE');
  });
});

describe('deposit rules', () => {
  it('FIRST_DEPOSIT / DEPOSIT_AGAIN look at the first / second deposit ever', () => {
    const deposits = [dep(1, 50, '2026-01-02T10:00:00+08:00'), dep(2, 300, '2026-01-03T10:00:00+08:00')];
    expect(nthDeposit(deposits, 0, yuan(100), campaign)).toEqual({ ok: false, reason: '首次充值未满 ¥100.00' });
    expect(nthDeposit(deposits, 1, yuan(100), campaign)).toEqual({ ok: true, periodKey: 'once', ref: 'D2', qualifying: yuan(300) });
    expect(nthDeposit([], 0, yuan(100), campaign)).toMatchObject({ ok: false, reason: '活动期间首次充值满 ¥100.00 即可领取' });
    expect(nthDeposit([dep(3, 500, '2025-12-31T23:59:59+08:00')], 0, yuan(100), campaign)).toMatchObject({ ok: false, reason: '首次充值不在活动期间内' });
  });

  it('RANGED_DEPOSIT pays the tier of the first deposit inside one', () => {
    const rules = { subtype: 'RANGED_DEPOSIT' as const, claimLimit: 'ONCE' as const, tiers: [{ minDeposit: yuan(200), maxDeposit: yuan(999), bonus: yuan(18) }] };
    expect(rangedDeposit([dep(1, 100, '2026-01-02T00:00:00+08:00'), dep(2, 250, '2026-01-02T01:00:00+08:00')], rules, campaign)).toMatchObject({ ok: true, ref: 'D2', bonus: yuan(18) });
    expect(rangedDeposit([dep(1, 100, '2026-01-02T00:00:00+08:00')], rules, campaign)).toMatchObject({ ok: false, reason: '活动期间单笔充值满 ¥200.00 即可领取' });
  });

  it('DAILY/WEEKLY_DEPOSIT sum the window; EVERY_DEPOSIT takes the oldest deposit not claimed', () => {
    const day = { key: '2026-01-05', start: at('2026-01-05T00:00:00+08:00'), end: at('2026-01-06T00:00:00+08:00') };
    const deposits = [dep(1, 60, '2026-01-04T23:00:00+08:00'), dep(2, 60, '2026-01-05T01:00:00+08:00'), dep(3, 50, '2026-01-05T02:00:00+08:00')];
    expect(depositTotal(deposits, yuan(100), day, '今日')).toEqual({ ok: true, periodKey: '2026-01-05', ref: null, qualifying: yuan(110) });
    expect(depositTotal(deposits, yuan(200), day, '今日')).toMatchObject({ ok: false, reason: '今日累计充值 ¥110.00，满 ¥200.00 即可领取' });
    expect(everyDeposit(deposits, yuan(55), campaign, new Set())).toMatchObject({ periodKey: 'deposit:1' });
    expect(everyDeposit(deposits, yuan(55), campaign, new Set(['deposit:1']))).toMatchObject({ periodKey: 'deposit:2' });
    expect(everyDeposit(deposits, yuan(55), campaign, new Set(['deposit:1', 'deposit:2']))).toMatchObject({ ok: false });
  });
});

describe('activity rules', () => {
  it('turnover, first loss, registration, logins, missions and grants', () => {
    expect(turnover(yuan(999), yuan(1000), campaign, 'DAILY')).toMatchObject({ ok: false, reason: '今日有效投注 ¥999.00，满 ¥1000.00 即可领取' });
    expect(turnover(yuan(1000), yuan(1000), campaign, 'DAILY')).toMatchObject({ ok: true, qualifying: yuan(1000) });
    const firstDepositAt = at('2026-01-02T00:00:00+08:00');
    const rule = { days: 1, minLoss: yuan(100) };
    expect(firstLoss({ firstDepositAt, loss: yuan(500) }, rule, campaign, at('2026-01-02T12:00:00+08:00'))).toMatchObject({ ok: false, reason: '首充后 1 天结束后可领取' });
    expect(firstLoss({ firstDepositAt, loss: yuan(500) }, rule, campaign, at('2026-01-03T00:00:00+08:00'))).toMatchObject({ ok: true, qualifying: yuan(500) });
    expect(firstLoss({ firstDepositAt, loss: yuan(50) }, rule, campaign, at('2026-01-04T00:00:00+08:00'))).toMatchObject({ ok: false });
    expect(firstLoss({ firstDepositAt: null, loss: 0 }, rule, campaign, at('2026-01-04T00:00:00+08:00'))).toMatchObject({ ok: false, reason: '活动期间首次充值后可参加' });
    expect(registeredInside(at('2025-12-31T00:00:00+08:00'), campaign)).toMatchObject({ ok: false, reason: '仅限活动期间注册的新会员' });
    expect(registeredInside(at('2026-01-10T00:00:00+08:00'), campaign)).toMatchObject({ ok: true });
    expect(loginDays(2, 3, campaign)).toMatchObject({ ok: false, reason: '活动期间已登录 2 天，满 3 天即可领取' });
    expect(loginDays(3, 3, campaign)).toMatchObject({ ok: true });
    expect(mission({ orders: 4, deposits: yuan(100) }, { minOrders: 5, minDeposit: yuan(200) }, campaign)).toMatchObject({
      ok: false,
      reason: '任务未完成：投注 4/5 单，充值 ¥100.00/¥200.00',
    });
    expect(mission({ orders: 5, deposits: yuan(200) }, { minOrders: 5, minDeposit: yuan(200) }, campaign)).toMatchObject({ ok: true });
    expect(granted(null, campaign)).toMatchObject({ ok: false, reason: '您不在本活动的名单中' });
    expect(granted({ amount: yuan(66) }, campaign)).toMatchObject({ ok: true, bonus: yuan(66) });
    expect(granted({ amount: null }, campaign)).not.toHaveProperty('bonus');
  });
});

describe('the operator input', () => {
  const valid = {
    title: '首充送',
    startsAt: 1,
    endsAt: 2,
    descriptionHtml: '<p>说明</p>',
    rules: { subtype: 'FIRST_DEPOSIT', minDeposit: yuan(100) },
    reward: { kind: 'FIXED', amount: yuan(8) },
  };
  const messageOf = (input: object) => {
    const parsed = CampaignInputSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('accepts a valid campaign and refuses bad ones in Chinese', () => {
    expect(messageOf(valid)).toBeNull();
    expect(messageOf({ ...valid, title: ' ' })).toBe('活动标题不可以为空');
    expect(messageOf({ ...valid, title: '长'.repeat(61) })).toBe('活动标题最多 60 个字');
    expect(messageOf({ ...valid, descriptionHtml: '<p><br></p>' })).toBe('内容不可以为空');
    expect(messageOf({ ...valid, descriptionHtml: `<p>${'长'.repeat(50_001)}</p>` })).toBe('内容过长');
    expect(messageOf({ ...valid, endsAt: 1 })).toBe('结束时间必须晚于开始时间');
    expect(messageOf({ ...valid, rules: { subtype: 'REGISTER' }, reward: { kind: 'PERCENT', rateBp: 100, cap: 1 } })).toBe('该类型活动只能设置固定金额奖励');
    expect(messageOf({ ...valid, rules: { subtype: 'FIRST_DEPOSIT', minDeposit: -1 } })).toBe('金额必须是大于 0 的整数单位');
    expect(messageOf({ ...valid, rules: { subtype: 'MISSION' } })).toBe('任务至少需要一个条件');
    expect(messageOf({ ...valid, rules: { subtype: 'RANGED_DEPOSIT', tiers: [{ minDeposit: 5, maxDeposit: 1, bonus: 1 }] } })).toBe('区间的最低金额不能大于最高金额');
    expect(messageOf({ ...valid, bannerColor: 'red' })).toBe('颜色格式有误，例如 #E03131');
    expect(CampaignInputSchema.safeParse({ ...valid, rules: { subtype: 'RED_PACKET' } }).success).toBe(false);
  });

  it('describes its rules in plain lines', () => {
    expect(ruleLines({ rules: { subtype: 'FIRST_DEPOSIT', minDeposit: yuan(100) }, reward: { kind: 'PERCENT', rateBp: 10_000, cap: yuan(188) }, stakeMultipleBp: 50_000, needsApproval: false })).toEqual([
      '参与条件：活动期间首次充值满 ¥100.00',
      '奖励 100%，最高 ¥188.00',
      '领取次数：每人一次',
      '打码要求：奖励金额的 5 倍流水后方可提现',
      '领取后立即到账',
    ]);
  });
});
