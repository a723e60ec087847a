// Turns schedule data into numbers the issue functions compute with, and lists what is wrong with a
// schedule (in Chinese, for the back office) before anything is computed from it.
import { DrawInputError } from '../draw-input-error.ts';
import { DAY_SECONDS, SECOND_MS, parseDay, parseTimeOfDay, type DayNumber } from './beijing-time.ts';
import { compileCalendar, isOpenDay, type CompiledCalendar } from './calendar.ts';
import type { DrawSchedule, DrawWindow } from './schedule-types.ts';

export interface CompiledWindow {
  /** Seconds after the sales day's midnight; may exceed one day (after-midnight draws). */
  firstOffset: number;
  /** 0 for a single draw. */
  intervalSeconds: number;
  count: number;
  salesOpenOffset: number | undefined;
  /** 1-based sequence of the window's first issue within the sales day. */
  firstSequence: number;
}

export interface CompiledAnchor {
  day: DayNumber;
  firstIssue: number;
}

export interface CompiledSchedule {
  schedule: DrawSchedule;
  calendar: CompiledCalendar;
  windows: readonly CompiledWindow[];
  issuesPerDay: number;
  salesCloseMs: number;
  /** Counter formats only, in day order. */
  anchors: readonly CompiledAnchor[];
}

/** Every draw of a sales day lies within two calendar days, so a day's issues never reach past the next one. */
const MAX_OFFSET_SECONDS = 2 * DAY_SECONDS;

const cache = new WeakMap<DrawSchedule, CompiledSchedule>();

export function compileSchedule(schedule: DrawSchedule): CompiledSchedule {
  const cached = cache.get(schedule);
  if (cached) return cached;
  const problems = scheduleProblems(schedule);
  if (problems.length > 0) {
    throw new DrawInputError('INVALID_SCHEDULE', `${schedule.drawType} 的开奖计划有误：${problems.join('；')}`);
  }
  const compiled = compileValid(schedule);
  cache.set(schedule, compiled);
  return compiled;
}

/** What is wrong with a schedule, in Chinese; empty when it is usable. */
export function scheduleProblems(schedule: DrawSchedule): string[] {
  const problems: string[] = [];
  const attempt = <T>(compute: () => T): T | undefined => {
    try {
      return compute();
    } catch (error) {
      problems.push(error instanceof DrawInputError ? error.message : String(error));
      return undefined;
    }
  };

  const windows = schedule.windows.map((window, index) => attempt(() => compileWindow(window, index)));
  if (schedule.windows.length === 0) problems.push('至少需要一个开奖时段');
  const close = schedule.salesCloseSeconds;
  if (!Number.isInteger(close) || close < 0) problems.push('封盘秒数必须是非负整数');

  let previousLast = -Infinity;
  for (const [index, window] of windows.entries()) {
    if (!window) continue;
    const last = window.firstOffset + (window.count - 1) * window.intervalSeconds;
    if (window.firstOffset <= previousLast) problems.push(`第 ${index + 1} 个时段与前一时段重叠或顺序颠倒`);
    if (last >= MAX_OFFSET_SECONDS) problems.push(`第 ${index + 1} 个时段超出了次日`);
    if (window.count > 1 && close >= window.intervalSeconds) {
      problems.push(`第 ${index + 1} 个时段的封盘秒数必须小于开奖间隔`);
    }
    if (window.salesOpenOffset !== undefined && window.salesOpenOffset >= window.firstOffset - close) {
      problems.push(`第 ${index + 1} 个时段的开盘时间必须早于首期封盘时间`);
    }
    previousLast = last;
  }
  const first = windows[0];
  if (first && previousLast >= first.firstOffset + DAY_SECONDS) {
    problems.push('一个销售日的最后一期必须早于下一销售日的第一期');
  }

  const calendar = attempt(() => compileCalendar(schedule.calendar));
  if (!schedule.calendar.weekdays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)) {
    problems.push('星期必须是 0（周日）到 6（周六）');
  }
  if (schedule.calendar.weekdays.length === 0 && schedule.calendar.extraDates.length === 0) {
    problems.push('没有任何开奖日');
  }

  const perDay = windows.reduce((sum, w) => sum + (w?.count ?? 0), 0);
  const format = schedule.issueNumber;
  if (format.kind === 'dated' && 10 ** format.sequenceDigits <= perDay) {
    problems.push(`期号序号 ${format.sequenceDigits} 位不足以容纳每天 ${perDay} 期`);
  }
  if (format.kind === 'yearly' && 10 ** format.sequenceDigits <= perDay * 366) {
    problems.push(`期号序号 ${format.sequenceDigits} 位不足以容纳全年期数`);
  }
  if (format.kind === 'counter') {
    if (format.anchors.length === 0) problems.push('连续期号至少需要一个起点');
    let previous: { day: number; firstIssue: number } | undefined;
    for (const anchor of format.anchors) {
      const day = attempt(() => parseDay(anchor.salesDay));
      if (day === undefined) continue;
      if (!Number.isSafeInteger(anchor.firstIssue) || anchor.firstIssue < 1) {
        problems.push(`期号起点 ${anchor.salesDay} 的期号必须是正整数`);
      }
      if (calendar && !isOpenDay(calendar, day)) problems.push(`期号起点 ${anchor.salesDay} 不是开奖日`);
      if (previous && (day <= previous.day || anchor.firstIssue <= previous.firstIssue)) {
        problems.push('期号起点必须按日期和期号递增排列');
      }
      previous = { day, firstIssue: anchor.firstIssue };
    }
  }
  return problems;
}

function compileWindow(window: DrawWindow, index: number): Omit<CompiledWindow, 'firstSequence'> {
  const label = `第 ${index + 1} 个时段`;
  const firstOffset = parseTimeOfDay(window.firstDraw);
  const interval = window.intervalSeconds;
  const salesOpenOffset = window.salesOpen === undefined ? undefined : parseTimeOfDay(window.salesOpen);
  if (window.lastDraw === undefined) {
    if (interval !== undefined) throw new DrawInputError('INVALID_SCHEDULE', `${label}设置了间隔却没有末期时间`);
    return { firstOffset, intervalSeconds: 0, count: 1, salesOpenOffset };
  }
  if (interval === undefined || !Number.isInteger(interval) || interval <= 0) {
    throw new DrawInputError('INVALID_SCHEDULE', `${label}的开奖间隔必须是正整数秒`);
  }
  let lastOffset = parseTimeOfDay(window.lastDraw);
  if (lastOffset < firstOffset) lastOffset += DAY_SECONDS;
  if ((lastOffset - firstOffset) % interval !== 0) {
    throw new DrawInputError('INVALID_SCHEDULE', `${label}的首末期时间之差不是开奖间隔的整数倍`);
  }
  const defaultOpen = firstOffset - interval;
  return {
    firstOffset,
    intervalSeconds: interval,
    count: (lastOffset - firstOffset) / interval + 1,
    salesOpenOffset: salesOpenOffset ?? defaultOpen,
  };
}

function compileValid(schedule: DrawSchedule): CompiledSchedule {
  let nextSequence = 1;
  const windows = schedule.windows.map((window, index) => {
    const compiled = { ...compileWindow(window, index), firstSequence: nextSequence };
    nextSequence += compiled.count;
    return compiled;
  });
  const format = schedule.issueNumber;
  return {
    schedule,
    calendar: compileCalendar(schedule.calendar),
    windows,
    issuesPerDay: nextSequence - 1,
    salesCloseMs: schedule.salesCloseSeconds * SECOND_MS,
    anchors:
      format.kind === 'counter'
        ? format.anchors.map((a) => ({ day: parseDay(a.salesDay), firstIssue: a.firstIssue }))
        : [],
  };
}
