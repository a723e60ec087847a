// Limit periods are Beijing calendar periods (UTC+8, no daylight saving): the day from 00:00, the
// week from Monday 00:00, the month from the 1st 00:00. A player reads 「每日」 as "today".
import type { LimitPeriod } from '../../shared/api/accounts.ts';

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export const PERIOD_NAMES: Record<LimitPeriod, string> = { DAILY: '每日', WEEKLY: '每周', MONTHLY: '每月' };

export function periodStart(period: LimitPeriod, now: Date): Date {
  const local = new Date(now.getTime() + BEIJING_OFFSET_MS);
  let startLocal: number;
  if (period === 'DAILY') {
    startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  } else if (period === 'WEEKLY') {
    const daysSinceMonday = (local.getUTCDay() + 6) % 7;
    startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - daysSinceMonday * DAY_MS;
  } else {
    startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  }
  return new Date(startLocal - BEIJING_OFFSET_MS);
}

/** 'YYYY-MM-DD HH:mm' in Beijing time, for messages. */
export function beijingDateTime(date: Date): string {
  const local = new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

/** `months` calendar months after `from` (the day clamped to the target month's length). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
