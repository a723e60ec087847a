// Claim periods in Beijing time (UTC+8, no daylight saving): the key a claim is unique under and the
// window it counts deposits, bets or logins in.
import type { ClaimLimit } from './rules.ts';

const BEIJING_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

export interface ClaimPeriod {
  key: string;
  start: Date;
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

function beijingParts(at: Date) {
  const shifted = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), date: shifted.getUTCDate(), weekday: shifted.getUTCDay() };
}

const beijingMidnight = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date) - BEIJING_OFFSET_MS);

/**
 * The period of `limit` that contains `at`, bounded by the campaign's own [starts, ends). ONCE is the
 * whole campaign; PER_DEPOSIT too (each deposit is its own key, chosen by the rule).
 */
export function claimPeriod(limit: ClaimLimit, at: Date, campaign: { startsAt: Date; endsAt: Date }): ClaimPeriod {
  const { year, month, date, weekday } = beijingParts(at);
  let key = 'once';
  let start = campaign.startsAt;
  let end = campaign.endsAt;
  if (limit === 'DAILY') {
    start = beijingMidnight(year, month, date);
    end = new Date(start.getTime() + DAY_MS);
    key = `${year}-${pad(month + 1)}-${pad(date)}`;
  } else if (limit === 'WEEKLY') {
    const sinceMonday = (weekday + 6) % 7;
    start = beijingMidnight(year, month, date - sinceMonday);
    end = new Date(start.getTime() + 7 * DAY_MS);
    const monday = beijingParts(start);
    key = `week:${monday.year}-${pad(monday.month + 1)}-${pad(monday.date)}`;
  } else if (limit === 'MONTHLY') {
    start = beijingMidnight(year, month, 1);
    end = beijingMidnight(year, month + 1, 1);
    key = `${year}-${pad(month + 1)}`;
  }
  return {
    key,
    start: start < campaign.startsAt ? campaign.startsAt : start,
    end: end > campaign.endsAt ? campaign.endsAt : end,
  };
}
