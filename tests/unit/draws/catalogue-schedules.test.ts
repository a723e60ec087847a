// Every periodic draw type of the catalogue (../shared/spec/draw-types.md) has a default schedule that
// produces the catalogue's issues per day, 期号 format and sales-close offset.
import { describe, expect, it } from 'vitest';
import { DRAW_TYPES } from '../../../src/shared/catalogue/draw-types.ts';
import {
  DEFAULT_SCHEDULES,
  DrawInputError,
  issuesFrom,
  issuesOfSalesDay,
  nextIssue,
  salesStatusAt,
  scheduleOf,
  scheduleProblems,
  type ScheduledIssue as Issue,
} from '../../../src/shared/draws/index.ts';

/** [issues per day, 期号 pattern for sales day 2026-11-23 (a Monday)], transcribed from the catalogue. */
const CATALOGUE: Record<string, [perDay: number, issueNumber: RegExp]> = {
  CQSSC: [59, /^20261123\d{3}$/],
  XJSSC: [48, /^20261123\d{2}$/],
  TJSSC: [42, /^20261123\d{3}$/],
  UUFFC: [1440, /^20261123\d{4}$/],
  UU2FC: [720, /^20261123\d{3}$/],
  UU3FC: [480, /^20261123\d{3}$/],
  UU5FC: [288, /^20261123\d{3}$/],
  UU90SSC: [960, /^20261123\d{3}$/],
  // No count in the catalogue: 4 trading hours every 2 min. D+NN cannot hold 120, hence 3 digits.
  ASHAREF2SSC: [120, /^20261123\d{3}$/],
  APF10SSC: [144, /^20261123\d{3}$/],
  GPTSSC: [1440, /^20261123\d{4}$/],
  GD11X5: [42, /^20261123\d{2}$/],
  SD11X5: [43, /^20261123\d{2}$/],
  JX11X5: [42, /^20261123\d{2}$/],
  SH11X5: [45, /^20261123\d{2}$/],
  AH11X5: [40, /^20261123\d{2}$/],
  JS11X5: [41, /^20261123\d{2}$/],
  ZJ11X5: [42, /^20261123\d{2}$/],
  UU11X5: [1440, /^20261123\d{4}$/],
  UU311X5: [480, /^20261123\d{3}$/],
  FC3D: [1, /^2026\d{3}$/],
  P3: [1, /^26\d{3}$/],
  P5: [1, /^26\d{3}$/],
  UU3D: [288, /^20261123\d{3}$/],
  BJPK10: [179, /^\d{7}$/],
  XYFT: [180, /^20261123\d{3}$/],
  UUPK10: [1440, /^20261123\d{4}$/],
  UU3PK10: [480, /^20261123\d{3}$/],
  UU5PK10: [288, /^20261123\d{3}$/],
  GPTPK10: [1440, /^20261123\d{4}$/],
  JSK3: [41, /^20261123\d{3}$/],
  AHK3: [40, /^20261123\d{3}$/],
  HBK3: [39, /^20261123\d{3}$/],
  GXK3: [40, /^20261123\d{3}$/],
  JLK3: [40, /^20261123\d{3}$/],
  BJK3: [44, /^20261123\d{3}$/],
  SHK3: [41, /^20261123\d{3}$/],
  HEBK3: [41, /^20261123\d{3}$/],
  UUK3: [1440, /^20261123\d{4}$/],
  UU3K3: [480, /^20261123\d{3}$/],
  UU5K3: [288, /^20261123\d{3}$/],
  JND28: [338, /^\d{7}$/],
  UU28: [1440, /^20261123\d{4}$/],
  UU3PC28: [480, /^20261123\d{3}$/],
  // Monday: no Mark Six draw (checked on its draw days below).
  MARK6: [0, /^26\/\d{3}$/],
  UUMARK6: [288, /^20261123\d{3}$/],
  AMMARK6: [1, /^2026\d{3}$/],
  FCKL8: [1, /^2026\d{3}$/],
  TWLKENO: [203, /^115\d{6}$/],
  UUFFKENO: [1440, /^20261123\d{4}$/],
  UU5KENO: [288, /^20261123\d{3}$/],
  SSQ: [0, /^2026\d{3}$/],
  UUSSQ: [288, /^20261123\d{3}$/],
  DLT: [1, /^26\d{3}$/],
  UUDLT: [288, /^20261123\d{3}$/],
  JSTB: [41, /^20261123\d{3}$/],
  F1TB: [1440, /^20261123\d{4}$/],
  UU3TB: [480, /^20261123\d{3}$/],
};

const periodic = DRAW_TYPES.filter((d) => d.source !== 'instant');
const instant = DRAW_TYPES.filter((d) => d.source === 'instant');

describe('default schedules', () => {
  it('exist for exactly the feed and platform draw types of the catalogue', () => {
    expect([...DEFAULT_SCHEDULES.keys()].sort()).toEqual(periodic.map((d) => d.code).sort());
    expect(Object.keys(CATALOGUE).sort()).toEqual(periodic.map((d) => d.code).sort());
  });

  it('instant draw types have none', () => {
    for (const { code } of instant) {
      expect(() => scheduleOf(code)).toThrow(DrawInputError);
      expect(() => issuesOfSalesDay(code, '2026-11-23')).toThrow(/秒开/);
    }
    expect(() => scheduleOf('NOPE')).toThrow(/未知彩种/);
  });

  it.each(periodic.map((d) => [d.code, d.source] as const))('%s is a valid schedule', (code) => {
    expect(scheduleProblems(scheduleOf(code))).toEqual([]);
  });

  it.each(periodic.map((d) => [d.code, d.source] as const))(
    '%s has the catalogue count and 期号 format (%s)',
    (code) => {
      const [perDay, pattern] = CATALOGUE[code] as [number, RegExp];
      const issues = issuesOfSalesDay(code, '2026-11-23');
      expect(issues).toHaveLength(perDay);
      for (const issue of issues) expect(issue.issueNumber).toMatch(pattern);
    },
  );

  it('weekly draw types run on their catalogue weekdays', () => {
    const week = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
    const drawDays = (code: string) => week.filter((day) => issuesOfSalesDay(code, day).length > 0);
    expect(drawDays('SSQ')).toEqual(['2026-11-22', '2026-11-24', '2026-11-26']);
    expect(drawDays('DLT')).toEqual(['2026-11-23', '2026-11-25', '2026-11-28']);
    expect(drawDays('MARK6')).toEqual(['2026-11-24', '2026-11-26', '2026-11-28']);
  });

  it('sales close a twelfth of the period (at least 5 s) before platform draws of up to 5 minutes and 60 s before feed draws', () => {
    for (const info of periodic) {
      const [first, second] = issuesFrom(info.code, Date.parse('2026-11-24T00:00:00+08:00'), 2) as [Issue, Issue];
      const period = second.drawAt - first.drawAt;
      const expected = info.source === 'feed' || period > 5 * 60_000 ? 60_000 : Math.max(5_000, Math.round(period / 12_000) * 1000);
      expect(first.drawAt - first.closesAt, info.code).toBe(expected);
    }
  });

  it('a 1-minute platform game is on sale for at least 85 % of every minute of a day, sales continuous', () => {
    for (const code of ['UUFFC', 'UUK3', 'F1TB', 'UUFFKENO']) {
      const dayStart = Date.parse('2026-11-24T00:00:00+08:00');
      for (let minute = 0; minute < 24 * 60; minute++) {
        let onSale = 0;
        for (let second = 0; second < 60; second++) {
          const now = dayStart + (minute * 60 + second) * 1000;
          if (salesStatusAt(nextIssue(code, now), now) === 'ON_SALE') onSale++;
        }
        if (onSale < 51) expect.fail(`${code} minute ${minute}: on sale ${onSale} of 60 s`);
      }
    }
  });
});
