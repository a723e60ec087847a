// The lookup functions agree with each other for every periodic draw type: issues of a day, issues
// drawn in a range, the issue at an instant, the next issue, lookup by number, before/after.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULES,
  issueAfter,
  issueAt,
  issueBefore,
  issueByNumber,
  issuesDrawnBetween,
  issuesFrom,
  issuesOfSalesDay,
  nextIssue,
  salesStatusAt,
} from '../../../src/shared/draws/index.ts';
import { bj } from './support/beijing.ts';

const CODES = [...DEFAULT_SCHEDULES.keys()];
// Across a year end: yearly 期号 restart, running counters do not.
const DAYS = ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'];

describe.each(CODES)('%s', (code) => {
  const issues = DAYS.flatMap((day) => issuesOfSalesDay(code, day));

  it('issues follow each other: each opens at or after the previous close and sells before it draws', () => {
    const disorder = issues.filter(
      (issue, i) =>
        !(issue.opensAt < issue.closesAt && issue.closesAt < issue.drawAt) ||
        issue.opensAt < (issues[i - 1]?.closesAt ?? -Infinity),
    );
    expect(disorder).toEqual([]);
    expect(new Set(issues.map((i) => i.issueNumber)).size).toBe(issues.length);
  });

  it('issuesDrawnBetween covers the same issues as the sales days', () => {
    expect(issues.length).toBeGreaterThan(0);
    const [first, last] = [issues[0]!, issues.at(-1)!];
    expect(issuesDrawnBetween(code, first.drawAt, last.drawAt + 1)).toEqual(issues);
  });

  it('every issue is found by its number, and before/after link neighbours', () => {
    expect(issues.map((issue) => issueByNumber(code, issue.issueNumber))).toEqual(issues);
    expect(issues.slice(0, -1).map((issue) => issueAfter(code, issue))).toEqual(issues.slice(1));
    expect(issues.slice(1).map((issue) => issueBefore(code, issue))).toEqual(issues.slice(0, -1));
  });
});

describe('the issue at an instant and the next issue', () => {
  const instants = fc.integer({ min: bj('2025-01-01 00:00'), max: bj('2028-12-31 23:59') });
  const codes = fc.constantFrom(...CODES);

  it('issueAt contains the instant; when nothing runs, the next issue opens later', () => {
    fc.assert(
      fc.property(codes, instants, (code, now) => {
        const current = issueAt(code, now);
        const next = nextIssue(code, now);
        if (current) {
          expect(current.opensAt).toBeLessThanOrEqual(now);
          expect(now).toBeLessThan(current.drawAt);
        } else {
          expect(next.opensAt).toBeGreaterThan(now);
        }
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });

  it('nextIssue is the first issue whose sales have not closed', () => {
    fc.assert(
      fc.property(codes, instants, (code, now) => {
        const next = nextIssue(code, now);
        expect(next.closesAt).toBeGreaterThan(now);
        expect(issueBefore(code, next)?.closesAt ?? -Infinity).toBeLessThanOrEqual(now);
        expect(['NOT_OPEN', 'ON_SALE']).toContain(salesStatusAt(next, now));
      }),
      { numRuns: 3000, seed: 20261123 },
    );
  });

  it('issuesFrom lists consecutive issues for a chase plan', () => {
    const plan = issuesFrom('CQSSC', bj('2026-11-22 23:00'), 12);
    expect(plan.map((i) => i.issueNumber)).toEqual([
      ...['057', '058', '059'].map((n) => `20261122${n}`),
      ...['001', '002', '003', '004', '005', '006', '007', '008', '009'].map((n) => `20261123${n}`),
    ]);
  });

  it('salesStatusAt walks an issue through its life', () => {
    const issue = issueByNumber('UUFFC', '202611220002');
    if (!issue) throw new Error('missing issue');
    // On sale from the close of 0001 (00:00:55) to its own close 5 s before its draw.
    expect(salesStatusAt(issue, bj('2026-11-22 00:00:54'))).toBe('NOT_OPEN');
    expect(salesStatusAt(issue, bj('2026-11-22 00:00:55'))).toBe('ON_SALE');
    expect(salesStatusAt(issue, bj('2026-11-22 00:01:54'))).toBe('ON_SALE');
    expect(salesStatusAt(issue, bj('2026-11-22 00:01:55'))).toBe('CLOSED');
    expect(salesStatusAt(issue, bj('2026-11-22 00:02:00'))).toBe('DRAWN');
  });
});

describe('issueByNumber rejects what is not a scheduled issue', () => {
  it.each([
    ['UUFFC', '202611220000', 'sequence 0'],
    ['UUFFC', '202611221441', 'past the last issue of the day'],
    ['UUFFC', '20261122001', 'too few digits'],
    ['UUFFC', '20260230001', 'no such date'],
    ['UUFFC', 'abc', 'not a number'],
    ['ASHAREF2SSC', '20261128001', 'a Saturday'],
    ['SSQ', '2026000', 'ordinal 0'],
    ['SSQ', '2026999', 'past the last draw of the year'],
    ['MARK6', '26001', 'missing separator'],
    ['BJPK10', '0001233746', 'leading zeros'],
  ])('%s %s (%s)', (code, number) => {
    expect(issueByNumber(code, number)).toBeUndefined();
  });
});
