// The rules over bets, logins, registration, missions and grants: each compares a fact of the window
// (read by facts.ts) with the campaign's threshold.
import type { Money } from '../../../shared/money.ts';
import { notYet, yuanText, type Qualification, type Window } from './outcome.ts';

const PERIOD_WORD: Record<string, string> = { DAILY: '今日', WEEKLY: '本周', MONTHLY: '本月', ONCE: '活动期间' };

/** Settled turnover of the window reaches the threshold (DAILY/WEEKLY/MONTHLY/LIMITED_BET). */
export function turnover(stake: Money, minTurnover: Money, window: Window, period: keyof typeof PERIOD_WORD | string): Qualification {
  const word = PERIOD_WORD[period] ?? '活动期间';
  if (stake < minTurnover) return notYet(`${word}有效投注 ${yuanText(stake)}，满 ${yuanText(minTurnover)} 即可领取`);
  return { ok: true, periodKey: window.key, ref: null, qualifying: stake };
}

/** Net loss (stake − payout) of the first days after the first deposit reaches the threshold, once they are over. */
export function firstLoss(
  facts: { firstDepositAt: Date | null; loss: Money },
  rule: { days: number; minLoss: Money },
  campaign: Window,
  now: Date,
): Qualification {
  if (!facts.firstDepositAt || facts.firstDepositAt < campaign.start || facts.firstDepositAt >= campaign.end) {
    return notYet('活动期间首次充值后可参加');
  }
  const over = new Date(facts.firstDepositAt.getTime() + rule.days * 86_400_000);
  if (now < over) return notYet(`首充后 ${rule.days} 天结束后可领取`);
  if (facts.loss < rule.minLoss) return notYet(`首充后 ${rule.days} 天内亏损满 ${yuanText(rule.minLoss)} 可领取补偿`);
  return { ok: true, periodKey: campaign.key, ref: null, qualifying: facts.loss };
}

export function registeredInside(registeredAt: Date, campaign: Window): Qualification {
  if (registeredAt < campaign.start || registeredAt >= campaign.end) return notYet('仅限活动期间注册的新会员');
  return { ok: true, periodKey: campaign.key, ref: null, qualifying: 0 };
}

export function loginDays(days: number, needed: number, campaign: Window): Qualification {
  if (days < needed) return notYet(`活动期间已登录 ${days} 天，满 ${needed} 天即可领取`);
  return { ok: true, periodKey: campaign.key, ref: null, qualifying: 0 };
}

export function mission(facts: { orders: number; deposits: Money }, rule: { minOrders: number; minDeposit: Money }, campaign: Window): Qualification {
  const missing: string[] = [];
  if (facts.orders < rule.minOrders) missing.push(`投注 ${facts.orders}/${rule.minOrders} 单`);
  if (facts.deposits < rule.minDeposit) missing.push(`充值 ${yuanText(facts.deposits)}/${yuanText(rule.minDeposit)}`);
  if (missing.length > 0) return notYet(`任务未完成：${missing.join('，')}`);
  return { ok: true, periodKey: campaign.key, ref: null, qualifying: facts.deposits };
}

export function granted(grant: { amount: Money | null } | null, campaign: Window): Qualification {
  if (!grant) return notYet('您不在本活动的名单中');
  return { ok: true, periodKey: campaign.key, ref: null, qualifying: 0, ...(grant.amount !== null ? { bonus: grant.amount } : {}) };
}
