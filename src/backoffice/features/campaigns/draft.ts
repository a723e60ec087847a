// The editor's form state (amounts typed in 元, times in Beijing time) and the API input built from it.
import type { AdminCampaign, CampaignInput } from '../../../shared/api/campaigns.ts';
import type { CampaignRules, CampaignSubtype } from '../../../shared/campaigns/rules.ts';
import type { CampaignTag, Festival } from '../../../shared/enums.ts';
import { formatYuan, parseYuan } from '../../../shared/money.ts';
import { fromBeijingInput, toBeijingInput } from '../content/beijing-time.ts';

export interface Tier {
  min: string;
  max: string;
  bonus: string;
}

export interface Draft {
  title: string;
  subtype: CampaignSubtype;
  tag: CampaignTag;
  festival: Festival | '';
  startsAt: string;
  endsAt: string;
  descriptionHtml: string;
  bannerColor: string;
  /** The threshold of the subtype (min deposit, total, turnover, loss), in 元. */
  threshold: string;
  days: string;
  drawTypes: string;
  minOrders: string;
  tiers: Tier[];
  rangedLimit: 'ONCE' | 'DAILY';
  rewardKind: 'FIXED' | 'PERCENT';
  amount: string;
  ratePercent: string;
  cap: string;
  stakeMultiple: string;
  needsApproval: boolean;
  budget: string;
}

export const EMPTY_DRAFT: Draft = {
  title: '',
  subtype: 'FIRST_DEPOSIT',
  tag: 'NONE',
  festival: '',
  startsAt: '',
  endsAt: '',
  descriptionHtml: '',
  bannerColor: '',
  threshold: '100',
  days: '1',
  drawTypes: '',
  minOrders: '0',
  tiers: [{ min: '100', max: '999', bonus: '8' }],
  rangedLimit: 'ONCE',
  rewardKind: 'FIXED',
  amount: '8',
  ratePercent: '100',
  cap: '188',
  stakeMultiple: '1',
  needsApproval: false,
  budget: '',
};

/** A typed 元 amount in 0.0001 元, or NaN (the server then names the field). */
const units = (text: string) => {
  try {
    return parseYuan(text);
  } catch {
    return Number.NaN;
  }
};
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

function rulesOf(d: Draft): CampaignRules {
  const t = units(d.threshold);
  switch (d.subtype) {
    case 'FIRST_DEPOSIT':
    case 'DEPOSIT_AGAIN':
    case 'EVERY_DEPOSIT':
      return { subtype: d.subtype, minDeposit: t };
    case 'DAILY_DEPOSIT':
    case 'WEEKLY_DEPOSIT':
      return { subtype: d.subtype, minTotal: t };
    case 'DAILY_BET':
    case 'WEEKLY_BET':
    case 'MONTHLY_BET':
      return { subtype: d.subtype, minTurnover: t };
    case 'LIMITED_BET':
      return { subtype: d.subtype, minTurnover: t, drawTypes: d.drawTypes.split(/[\s,，]+/).filter(Boolean) };
    case 'RANGED_DEPOSIT':
      return { subtype: d.subtype, claimLimit: d.rangedLimit, tiers: d.tiers.map((tier) => ({ minDeposit: units(tier.min), maxDeposit: units(tier.max), bonus: units(tier.bonus) })) };
    case 'FIRST_LOSS_COMPENSATION':
      return { subtype: d.subtype, days: whole(d.days), minLoss: t };
    case 'LOGIN':
      return { subtype: d.subtype, days: whole(d.days) };
    case 'MISSION':
      return { subtype: d.subtype, minOrders: whole(d.minOrders), minDeposit: d.threshold.trim() === '' ? 0 : t };
    default:
      return { subtype: d.subtype };
  }
}

export function inputOf(d: Draft): CampaignInput {
  return {
    title: d.title,
    tag: d.tag,
    festival: d.festival === '' ? null : d.festival,
    startsAt: Date.parse(fromBeijingInput(d.startsAt) ?? '') || 0,
    endsAt: Date.parse(fromBeijingInput(d.endsAt) ?? '') || 0,
    descriptionHtml: d.descriptionHtml,
    bannerColor: d.bannerColor.trim() === '' ? null : d.bannerColor.trim(),
    rules: rulesOf(d),
    reward: d.rewardKind === 'FIXED' ? { kind: 'FIXED', amount: units(d.amount) } : { kind: 'PERCENT', rateBp: Math.round(Number(d.ratePercent) * 100), cap: units(d.cap) },
    stakeMultipleBp: Math.round(Number(d.stakeMultiple) * 10_000),
    needsApproval: d.needsApproval,
    budget: d.budget.trim() === '' ? null : units(d.budget),
  };
}

const yuanText = (amount: number) => formatYuan(amount).replace(/\.00$/, '');

export function draftOf(c: AdminCampaign): Draft {
  const r = c.rules as Record<string, unknown> & CampaignRules;
  const threshold = (r as { minDeposit?: number; minTotal?: number; minTurnover?: number; minLoss?: number });
  const t = threshold.minDeposit ?? threshold.minTotal ?? threshold.minTurnover ?? threshold.minLoss;
  return {
    ...EMPTY_DRAFT,
    title: c.title,
    subtype: c.subtype,
    tag: c.tag,
    festival: c.festival ?? '',
    startsAt: toBeijingInput(new Date(c.startsAt).toISOString()),
    endsAt: toBeijingInput(new Date(c.endsAt).toISOString()),
    descriptionHtml: c.descriptionHtml,
    bannerColor: c.bannerColor ?? '',
    threshold: t === undefined ? '' : yuanText(t),
    days: 'days' in r ? String(r.days) : '1',
    drawTypes: r.subtype === 'LIMITED_BET' ? r.drawTypes.join(',') : '',
    minOrders: r.subtype === 'MISSION' ? String(r.minOrders) : '0',
    tiers: r.subtype === 'RANGED_DEPOSIT' ? r.tiers.map((tier) => ({ min: yuanText(tier.minDeposit), max: yuanText(tier.maxDeposit), bonus: yuanText(tier.bonus) })) : EMPTY_DRAFT.tiers,
    rangedLimit: r.subtype === 'RANGED_DEPOSIT' ? r.claimLimit : 'ONCE',
    rewardKind: c.reward.kind,
    amount: c.reward.kind === 'FIXED' ? yuanText(c.reward.amount) : EMPTY_DRAFT.amount,
    ratePercent: c.reward.kind === 'PERCENT' ? String(c.reward.rateBp / 100) : EMPTY_DRAFT.ratePercent,
    cap: c.reward.kind === 'PERCENT' ? yuanText(c.reward.cap) : EMPTY_DRAFT.cap,
    stakeMultiple: String(c.stakeMultipleBp / 10_000),
    needsApproval: c.needsApproval,
    budget: c.budget === null ? '' : yuanText(c.budget),
  };
}
