// A simulated day of every schedule shape: issue counts, 期号, draw/open/close instants to the second.
import { describe, expect, it } from 'vitest';
import {
  issueAt,
  issueByNumber,
  issuesOfSalesDay,
  nextIssue,
  scheduleOf,
  type DrawSchedule,
  type ScheduledIssue,
} from '../../../src/shared/draws/index.ts';
import { MINUTE, SECOND, bj } from './support/beijing.ts';

interface Grid {
  count: number;
  firstDraw: number;
  intervalMs: number;
  closeMs: number;
  firstNumber: string;
  lastNumber: string;
}

/**
 * Every issue drawn `intervalMs` after the previous, closing `closeMs` early, on sale from the moment
 * the previous one closed (continuous sales); the first from its window's sales-open time.
 */
function expectGrid(issues: ScheduledIssue[], grid: Grid): void {
  expect(issues).toHaveLength(grid.count);
  expect(issues[0]?.issueNumber).toBe(grid.firstNumber);
  expect(issues.at(-1)?.issueNumber).toBe(grid.lastNumber);
  issues.forEach((issue, i) => {
    expect(issue.sequence).toBe(i + 1);
    expect(issue.drawAt).toBe(grid.firstDraw + i * grid.intervalMs);
    expect(issue.closesAt).toBe(issue.drawAt - grid.closeMs);
    if (i > 0) expect(issue.opensAt).toBe(issues[i - 1]!.closesAt);
  });
  expect(new Set(issues.map((i) => i.issueNumber)).size).toBe(grid.count);
}

function numbersOf(issues: ScheduledIssue[]): string[] {
  return issues.map((i) => i.issueNumber);
}

describe('round-the-clock platform draws', () => {
  it.each([
    ['UUFFC', 1, 1440, '202611220001', '202611221440'],
    ['UU2FC', 2, 720, '20261122001', '20261122720'],
    ['UU3FC', 3, 480, '20261122001', '20261122480'],
    ['UU5FC', 5, 288, '20261122001', '20261122288'],
    ['UU3PK10', 3, 480, '20261122001', '20261122480'],
    ['UUDLT', 5, 288, '20261122001', '20261122288'],
  ])('%s: one draw every %i min from 00:00 + interval to 24:00, %i a day', (code, minutes, count, first, last) => {
    const issues = issuesOfSalesDay(code, '2026-11-22');
    expectGrid(issues, {
      count,
      firstDraw: bj('2026-11-22 00:00') + minutes * MINUTE,
      intervalMs: minutes * MINUTE,
      // A twelfth of the period, at least 5 s: 1 min → 5 s, 2 → 10, 3 → 15, 5 → 25.
      closeMs: Math.max(5, minutes * 5) * SECOND,
      firstNumber: first,
      lastNumber: last,
    });
    // The last issue draws at midnight and still belongs to the sales day; the next day starts at 0001.
    expect(issues.at(-1)?.drawAt).toBe(bj('2026-11-23 00:00'));
    expect(issues[0]?.opensAt).toBe(bj('2026-11-22 00:00'));
    expect(issuesOfSalesDay(code, '2026-11-23')[0]?.opensAt).toBe(bj('2026-11-23 00:00'));
  });

  it('UUFFC 0001 takes bets 00:00:00–00:00:54 and draws at 00:01:00; 0002 is on sale from 00:00:55', () => {
    expect(issueAt('UUFFC', bj('2026-11-22 00:00:00'))?.issueNumber).toBe('202611220001');
    expect(nextIssue('UUFFC', bj('2026-11-22 00:00:54')).issueNumber).toBe('202611220001');
    expect(nextIssue('UUFFC', bj('2026-11-22 00:00:55'))).toMatchObject({ issueNumber: '202611220002', opensAt: bj('2026-11-22 00:00:55') });
    // 0001 is being drawn (开奖中) while 0002 is already on sale.
    expect(issueAt('UUFFC', bj('2026-11-22 00:00:57'))?.issueNumber).toBe('202611220001');
    expect(nextIssue('UUFFC', bj('2026-11-22 23:59:55')).issueNumber).toBe('202611230001');
    expect(issueAt('UUFFC', bj('2026-11-22 23:59:59'))?.issueNumber).toBe('202611221440');
  });

  it('UU90SSC: every 90 s, 960 a day, the first at 00:01:30', () => {
    expectGrid(issuesOfSalesDay('UU90SSC', '2026-11-22'), {
      count: 960,
      firstDraw: bj('2026-11-22 00:01:30'),
      intervalMs: 90 * SECOND,
      closeMs: 8 * SECOND,
      firstNumber: '20261122001',
      lastNumber: '20261122960',
    });
  });
});

describe('XYFT across midnight', () => {
  const issues = issuesOfSalesDay('XYFT', '2026-11-22');

  it('180 draws every 5 min from 13:09 to 04:04 the next morning, sales from 13:04', () => {
    expectGrid(issues, {
      count: 180,
      firstDraw: bj('2026-11-22 13:09'),
      intervalMs: 5 * MINUTE,
      closeMs: 60 * SECOND,
      firstNumber: '20261122001',
      lastNumber: '20261122180',
    });
    expect(issues[0]?.opensAt).toBe(bj('2026-11-22 13:04'));
    expect(issues.at(-1)?.drawAt).toBe(bj('2026-11-23 04:04'));
  });

  it('draws after midnight belong to the previous sales day', () => {
    const afterMidnight = issueAt('XYFT', bj('2026-11-23 02:00'));
    expect(afterMidnight).toMatchObject({ salesDay: '2026-11-22', issueNumber: '20261122156' });
    expect(afterMidnight?.drawAt).toBe(bj('2026-11-23 02:04'));
    expect(issueByNumber('XYFT', '20261122156')).toEqual(afterMidnight);
  });

  it('is closed from 04:04 to 13:04; the first issue of the day is next', () => {
    expect(issueAt('XYFT', bj('2026-11-23 04:04'))).toBeUndefined();
    expect(issueAt('XYFT', bj('2026-11-23 13:03:59'))).toBeUndefined();
    expect(issueAt('XYFT', bj('2026-11-23 13:04'))?.issueNumber).toBe('20261123001');
    expect(nextIssue('XYFT', bj('2026-11-23 08:00')).issueNumber).toBe('20261123001');
  });
});

describe('daytime feed draws', () => {
  it('JSK3: 41 a day every 20 min 08:50–22:10, first sales 08:30, closing 60 s before each draw', () => {
    const issues = issuesOfSalesDay('JSK3', '2026-11-22');
    expectGrid(issues, {
      count: 41,
      firstDraw: bj('2026-11-22 08:50'),
      intervalMs: 20 * MINUTE,
      closeMs: 60 * SECOND,
      firstNumber: '20261122001',
      lastNumber: '20261122041',
    });
    expect(issues[0]?.closesAt).toBe(bj('2026-11-22 08:49:00'));
    expect(issueAt('JSK3', bj('2026-11-22 23:00'))).toBeUndefined();
    expect(nextIssue('JSK3', bj('2026-11-22 23:00')).issueNumber).toBe('20261123001');
  });

  it('JSTB has exactly the issues of the JSK3 draw it is settled on', () => {
    const strip = (issues: ScheduledIssue[]) => issues.map(({ drawType: _, ...rest }) => rest);
    expect(strip(issuesOfSalesDay('JSTB', '2026-11-22'))).toEqual(strip(issuesOfSalesDay('JSK3', '2026-11-22')));
  });

  it('CQSSC: two blocks, 9 draws 00:30–03:10 and 50 draws 07:30–23:50, 59 a day', () => {
    const issues = issuesOfSalesDay('CQSSC', '2026-11-22');
    expect(issues).toHaveLength(59);
    expect(numbersOf(issues)).toEqual(Array.from({ length: 59 }, (_, i) => `20261122${String(i + 1).padStart(3, '0')}`));
    const night = issues.slice(0, 9);
    const day = issues.slice(9);
    night.forEach((issue, i) => expect(issue.drawAt).toBe(bj('2026-11-22 00:30') + i * 20 * MINUTE));
    day.forEach((issue, i) => expect(issue.drawAt).toBe(bj('2026-11-22 07:30') + i * 20 * MINUTE));
    expect(night.at(-1)?.drawAt).toBe(bj('2026-11-22 03:10'));
    expect(day.at(-1)?.drawAt).toBe(bj('2026-11-22 23:50'));
    // Each block opens one interval before its first draw, not when the previous block ended.
    expect(issues[0]?.opensAt).toBe(bj('2026-11-22 00:10'));
    expect(issues[9]?.opensAt).toBe(bj('2026-11-22 07:10'));
    expect(issues[10]?.opensAt).toBe(bj('2026-11-22 07:29'));
    issues.forEach((issue) => expect(issue.closesAt).toBe(issue.drawAt - 60 * SECOND));
  });

  it('CQSSC is not on sale 03:10–07:10 nor 23:50–00:10', () => {
    expect(issueAt('CQSSC', bj('2026-11-22 05:00'))).toBeUndefined();
    expect(issueAt('CQSSC', bj('2026-11-23 00:05'))).toBeUndefined();
    expect(nextIssue('CQSSC', bj('2026-11-22 05:00')).issueNumber).toBe('20261122010');
    expect(nextIssue('CQSSC', bj('2026-11-22 23:55')).issueNumber).toBe('20261123001');
  });
});

describe('weekly official draws', () => {
  it('SSQ draws Tue/Thu/Sun 21:15; each issue is on sale from the close of the previous one', () => {
    const week = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
    const issues = week.flatMap((day) => issuesOfSalesDay('SSQ', day));
    expect(issues.map((i) => i.salesDay)).toEqual(['2026-11-22', '2026-11-24', '2026-11-26']);
    expect(numbersOf(issues)).toEqual(['2026140', '2026141', '2026142']);
    expect(issues[1]).toMatchObject({
      opensAt: bj('2026-11-22 21:14'),
      closesAt: bj('2026-11-24 21:14'),
      drawAt: bj('2026-11-24 21:15'),
    });
    expect(issueAt('SSQ', bj('2026-11-23 12:00'))?.issueNumber).toBe('2026141');
  });

  it('SSQ numbers restart every year: 2026001 is the first draw day of 2026 (Thursday 1 January)', () => {
    expect(issueByNumber('SSQ', '2026001')?.drawAt).toBe(bj('2026-01-01 21:15'));
    expect(issuesOfSalesDay('SSQ', '2025-12-30')[0]?.issueNumber).toMatch(/^2025\d{3}$/);
  });

  it('DLT draws Mon/Wed/Sat 21:25 and MARK6 Tue/Thu/Sat 21:30', () => {
    expect(issuesOfSalesDay('DLT', '2026-11-23')[0]?.drawAt).toBe(bj('2026-11-23 21:25'));
    expect(issuesOfSalesDay('DLT', '2026-11-24')).toEqual([]);
    expect(issuesOfSalesDay('MARK6', '2026-11-28')[0]?.drawAt).toBe(bj('2026-11-28 21:30'));
    expect(issuesOfSalesDay('MARK6', '2026-11-29')).toEqual([]);
  });

  it('MARK6: an operator override moves a Saturday draw to Sunday and renumbers the rest of the year', () => {
    const base = scheduleOf('MARK6');
    const moved: DrawSchedule = {
      ...base,
      calendar: { ...base.calendar, closedDates: ['2026-11-28'], extraDates: ['2026-11-29'] },
    };
    const before = issuesOfSalesDay('MARK6', '2026-11-28')[0];
    expect(issuesOfSalesDay(moved, '2026-11-28')).toEqual([]);
    const sunday = issuesOfSalesDay(moved, '2026-11-29')[0];
    expect(sunday).toMatchObject({ issueNumber: before?.issueNumber, drawAt: bj('2026-11-29 21:30') });
    expect(issuesOfSalesDay(moved, '2026-12-01')[0]?.opensAt).toBe(bj('2026-11-29 21:29'));
  });
});

describe('A-share trading hours', () => {
  const base = scheduleOf('ASHAREF2SSC');
  // Wednesday 2026-11-25 configured as an exchange holiday.
  const withHoliday: DrawSchedule = { ...base, calendar: { ...base.calendar, closedDates: ['2026-11-25'] } };

  it('a trading day: every 2 min 09:32–11:30 and 13:02–15:00, 120 issues', () => {
    const issues = issuesOfSalesDay(withHoliday, '2026-11-24');
    expect(issues).toHaveLength(120);
    issues.slice(0, 60).forEach((issue, i) => expect(issue.drawAt).toBe(bj('2026-11-24 09:32') + i * 2 * MINUTE));
    issues.slice(60).forEach((issue, i) => expect(issue.drawAt).toBe(bj('2026-11-24 13:02') + i * 2 * MINUTE));
    expect(issues[0]).toMatchObject({ issueNumber: '20261124001', opensAt: bj('2026-11-24 09:30') });
    expect(issues[59]?.drawAt).toBe(bj('2026-11-24 11:30'));
    expect(issues[60]).toMatchObject({ issueNumber: '20261124061', opensAt: bj('2026-11-24 13:00') });
    expect(issues.at(-1)).toMatchObject({ issueNumber: '20261124120', drawAt: bj('2026-11-24 15:00') });
    expect(issues[0]?.closesAt).toBe(bj('2026-11-24 09:31'));
  });

  it('no issues on a holiday or at the weekend', () => {
    expect(issuesOfSalesDay(withHoliday, '2026-11-25')).toEqual([]);
    expect(issuesOfSalesDay(withHoliday, '2026-11-28')).toEqual([]);
    expect(issuesOfSalesDay(withHoliday, '2026-11-29')).toEqual([]);
    expect(issuesOfSalesDay(base, '2026-11-25')).toHaveLength(120);
  });

  it('closed over lunch, across the holiday and across the weekend', () => {
    expect(issueAt(withHoliday, bj('2026-11-24 12:00'))).toBeUndefined();
    expect(nextIssue(withHoliday, bj('2026-11-24 12:00')).issueNumber).toBe('20261124061');
    expect(nextIssue(withHoliday, bj('2026-11-24 15:00'))).toMatchObject({
      issueNumber: '20261126001',
      opensAt: bj('2026-11-26 09:30'),
    });
    expect(nextIssue(withHoliday, bj('2026-11-27 15:30')).issueNumber).toBe('20261130001');
    expect(issueAt(withHoliday, bj('2026-11-28 10:00'))).toBeUndefined();
  });
});

describe('JND28', () => {
  const issues = issuesOfSalesDay('JND28', '2026-11-22');

  it('338 draws 210 s apart from 19:03:30, the last at 14:43 the next day, then the daily pause', () => {
    expect(issues).toHaveLength(338);
    issues.forEach((issue, i) => {
      expect(issue.drawAt).toBe(bj('2026-11-22 19:03:30') + i * 210 * SECOND);
      expect(issue.closesAt).toBe(issue.drawAt - 60 * SECOND);
    });
    expect(issues[0]?.opensAt).toBe(bj('2026-11-22 19:00'));
    expect(issues.at(-1)?.drawAt).toBe(bj('2026-11-23 14:43'));
    expect(issueAt('JND28', bj('2026-11-23 16:00'))).toBeUndefined();
    expect(nextIssue('JND28', bj('2026-11-23 16:00')).salesDay).toBe('2026-11-23');
  });

  it('numbers run on without a date and without gaps from one sales day to the next', () => {
    const numbers = issues.map((i) => Number(i.issueNumber));
    numbers.forEach((n, i) => expect(n).toBe((numbers[0] as number) + i));
    const nextDay = issuesOfSalesDay('JND28', '2026-11-23');
    expect(Number(nextDay[0]?.issueNumber)).toBe((numbers.at(-1) as number) + 1);
  });

  it('the configured anchor reproduces the public sample: draw 3342351 at 2025-10-02 21:34:00', () => {
    expect(issueByNumber('JND28', '3342351')).toMatchObject({ salesDay: '2025-10-02', drawAt: bj('2025-10-02 21:34') });
    expect(issueAt('JND28', bj('2025-10-02 21:33'))?.issueNumber).toBe('3342351');
  });
});
