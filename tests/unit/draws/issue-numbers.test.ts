// 期号 formats: dated, yearly (yyyy/yy/ROC year), running counters with anchors, closed days.
import { describe, expect, it } from 'vitest';
import {
  issueByNumber,
  issuesOfSalesDay,
  scheduleOf,
  scheduleProblems,
  type DrawSchedule,
} from '../../../src/shared/draws/index.ts';
import { bj } from './support/beijing.ts';

function withCalendar(code: string, change: Partial<DrawSchedule['calendar']>): DrawSchedule {
  const base = scheduleOf(code);
  return { ...base, calendar: { ...base.calendar, ...change } };
}

describe('yearly 期号', () => {
  it('count the draws of the year: DLT 26001 is Saturday 3 January 2026, MARK6 26/001 Thursday 1 January', () => {
    expect(issueByNumber('DLT', '26001')?.drawAt).toBe(bj('2026-01-03 21:25'));
    expect(issueByNumber('DLT', '26002')?.drawAt).toBe(bj('2026-01-05 21:25'));
    expect(issueByNumber('MARK6', '26/001')?.drawAt).toBe(bj('2026-01-01 21:30'));
    expect(issueByNumber('FC3D', '2026001')?.drawAt).toBe(bj('2026-01-01 21:15'));
    expect(issueByNumber('FC3D', '2026365')?.drawAt).toBe(bj('2026-12-31 21:15'));
    expect(issueByNumber('FC3D', '2026366')).toBeUndefined();
  });

  it('skip closed days such as a Spring Festival break', () => {
    const fc3d = withCalendar('FC3D', { closedDates: ['2026-02-16', '2026-02-17', '2026-02-18'] });
    expect(issuesOfSalesDay(fc3d, '2026-02-15')[0]?.issueNumber).toBe('2026046');
    expect(issuesOfSalesDay(fc3d, '2026-02-17')).toEqual([]);
    const after = issuesOfSalesDay(fc3d, '2026-02-19')[0];
    expect(after).toMatchObject({ issueNumber: '2026047', opensAt: bj('2026-02-15 21:14') });
    expect(issueByNumber(fc3d, '2026047')).toEqual(after);
  });

  it('台湾宾果: ROC year and a six-digit count of the year, restarting on 1 January', () => {
    const first2026 = issuesOfSalesDay('TWLKENO', '2026-01-01');
    expect(first2026[0]?.issueNumber).toBe('115000001');
    expect(first2026.at(-1)?.issueNumber).toBe('115000203');
    expect(issuesOfSalesDay('TWLKENO', '2026-01-02')[0]?.issueNumber).toBe('115000204');
    expect(issuesOfSalesDay('TWLKENO', '2027-01-01')[0]?.issueNumber).toBe('116000001');
    expect(issueByNumber('TWLKENO', '115000204')?.drawAt).toBe(bj('2026-01-02 07:05'));
  });
});

describe('running counters', () => {
  it('BJPK10 counts 179 draws a day from its anchor (730756 = first draw of 2019-03-14)', () => {
    expect(issuesOfSalesDay('BJPK10', '2019-03-14')[0]?.issueNumber).toBe('730756');
    expect(issuesOfSalesDay('BJPK10', '2019-03-15')[0]?.issueNumber).toBe(String(730_756 + 179));
    expect(issuesOfSalesDay('BJPK10', '2019-03-13').at(-1)?.issueNumber).toBe('730755');
    expect(issueByNumber('BJPK10', '730755')?.salesDay).toBe('2019-03-13');
  });

  it('a later anchor re-bases the count from its day on', () => {
    const base = scheduleOf('BJPK10');
    const rebased: DrawSchedule = {
      ...base,
      issueNumber: {
        kind: 'counter',
        anchors: [
          { salesDay: '2019-03-14', firstIssue: 730_756 },
          { salesDay: '2026-11-22', firstIssue: 2_000_000 },
        ],
      },
    };
    expect(issuesOfSalesDay(rebased, '2026-11-22')[0]?.issueNumber).toBe('2000000');
    expect(issuesOfSalesDay(rebased, '2026-11-23')[0]?.issueNumber).toBe('2000179');
    expect(issuesOfSalesDay(rebased, '2026-11-21')[0]?.issueNumber).toBe(issuesOfSalesDay(base, '2026-11-21')[0]?.issueNumber);
    expect(issueByNumber(rebased, '2000001')?.sequence).toBe(2);
  });

  it('closed days do not consume numbers', () => {
    const closed = withCalendar('JND28', { closedDates: ['2026-11-23'] });
    const before = issuesOfSalesDay(closed, '2026-11-22').at(-1);
    const after = issuesOfSalesDay(closed, '2026-11-24')[0];
    expect(Number(after?.issueNumber)).toBe(Number(before?.issueNumber) + 1);
    expect(after?.opensAt).toBe(bj('2026-11-24 19:00'));
  });
});

describe('scheduleProblems', () => {
  const base = scheduleOf('CQSSC');
  it.each<[string, DrawSchedule, RegExp]>([
    ['no window', { ...base, windows: [] }, /至少需要一个开奖时段/],
    ['bad time', { ...base, windows: [{ firstDraw: '25:00' }] }, /时间格式不正确/],
    ['uneven window', { ...base, windows: [{ firstDraw: '09:00', lastDraw: '09:50', intervalSeconds: 1200 }] }, /整数倍/],
    ['interval without last draw', { ...base, windows: [{ firstDraw: '09:00', intervalSeconds: 60 }] }, /没有末期时间/],
    [
      'overlapping windows',
      {
        ...base,
        windows: [
          { firstDraw: '09:00', lastDraw: '10:00', intervalSeconds: 1200 },
          { firstDraw: '09:40', lastDraw: '11:00', intervalSeconds: 1200 },
        ],
      },
      /重叠/,
    ],
    ['close ≥ interval', { ...base, salesCloseSeconds: 1200 }, /封盘秒数必须小于开奖间隔/],
    [
      'day runs into the next',
      { ...base, windows: [{ firstDraw: '08:00', lastDraw: '08:20', intervalSeconds: 1200 }, { firstDraw: '09:00', lastDraw: '08:30', intervalSeconds: 300 }] },
      /早于下一销售日/,
    ],
    ['no draw days', { ...base, calendar: { weekdays: [], closedDates: [], extraDates: [] } }, /没有任何开奖日/],
    ['bad date', { ...base, calendar: { ...base.calendar, closedDates: ['2026-13-01'] } }, /日期格式不正确/],
    ['too few digits', { ...base, issueNumber: { kind: 'dated', sequenceDigits: 1 } }, /位不足/],
    ['no anchor', { ...base, issueNumber: { kind: 'counter', anchors: [] } }, /至少需要一个起点/],
  ])('%s', (_, schedule, message) => {
    expect(scheduleProblems(schedule).join('；')).toMatch(message);
    expect(() => issuesOfSalesDay(schedule, '2026-11-22')).toThrow(message);
  });
});
