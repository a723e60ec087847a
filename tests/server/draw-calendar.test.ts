// The operator's 休市日历 (draw_calendar_days): closed and extra days of official draw types, the
// effective schedules the issue generator uses, the yearly 期号 over the Spring Festival break (moved
// here from audit-jobs.test.ts), what closing a day does to issues already generated, the back office
// API (rules, Chinese 400s and 409s, permission, audit) and the generator never racing a change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { withTransaction } from '../../src/server/db/pool.ts';
import { effectiveSchedule, loadCalendar, loadSchedule } from '../../src/server/draws/calendar.ts';
import { changeCalendarDay, CLOSED_ISSUES_MESSAGE, type CalendarChangeInput } from '../../src/server/draws/calendar-changes.ts';
import { drawCommitted } from '../../src/server/draws/committed-draw.ts';
import { beijingDay, generateIssues, type GeneratedDays } from '../../src/server/draws/generator.ts';
import { CalendarChangeAnswerSchema, DrawCalendarSchema } from '../../src/shared/backoffice/draws.ts';
import { issueCommitment, issuesOfSalesDay, scheduleOf } from '../../src/shared/draws/index.ts';
import { beijing } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { createOperator, operatorHeaders, signIn, type TestOperator } from '../support/operators.ts';
import { balanceOf, fundedPlayer, orderRow, pendingOrder } from './settlement-support.ts';

let server: TestServer;
let pool: pg.Pool;
let drawOp: TestOperator;
let viewer: TestOperator;
const cookies = new Map<TestOperator, string>();

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  [drawOp, viewer] = await Promise.all([createOperator(server.app, 'DRAW'), createOperator(server.app, 'OPERATIONS')]);
  for (const operator of [drawOp, viewer]) cookies.set(operator, await signIn(server.app, operator));
});
afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The store function, as the back office calls it (without the audit row). */
const change = (input: Omit<CalendarChangeInput, 'actor' | 'reason'> & { reason?: string }) =>
  withTransaction(pool, (client) => changeCalendarDay(client, { reason: '春节休市', actor: 'test-op', ...input }));

const issueNumbersOf = async (drawType: string, salesDay: string) =>
  (
    await pool.query<{ issue_number: string }>(
      `SELECT issue_number FROM draw_issues WHERE draw_type = $1 AND sales_day = $2 AND state <> 'CANCELLED' ORDER BY sequence`,
      [drawType, salesDay],
    )
  ).rows.map((r) => r.issue_number);

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, operator: TestOperator, payload?: object) =>
  server.app.inject({
    method,
    url: `/ajax/backoffice${url}`,
    headers: method === 'GET' ? { cookie: cookies.get(operator)! } : operatorHeaders(cookies.get(operator)!),
    ...(payload ? { payload } : {}),
  });

describe('issue generation over the Spring Festival break', () => {
  // lottery-reference.md §4: 快乐8 "≈351 draws/yr (no draws over the Spring Festival break)",
  // "2021年总共发行了351期". The break is entered by the operator (none is shipped).
  const BREAK = Array.from({ length: 14 }, (_, i) => addDays('2021-02-11', i)); // 2021-02-11 … 2021-02-24

  it('without closed days numbers the last 快乐8 (FCKL8) issue of 2021 as 2021365 (every day counted)', async () => {
    await generateIssues(pool, ['FCKL8'], () => false, beijing('2021-12-31 10:00:00'));
    expect(await issueNumbersOf('FCKL8', '2021-12-31')).toEqual(['2021365']);
    // Issues generated after a day renumber when it closes: the change is refused, not half-applied.
    await expect(change({ drawType: 'FCKL8', day: '2021-02-11', change: { add: 'CLOSED' }, now: beijing('2021-01-20 10:00:00') })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('期号按开奖日计数'),
    });
    expect((await loadCalendar(pool)).get('FCKL8')).toBeUndefined();
    await pool.query(`DELETE FROM draw_issues WHERE draw_type = 'FCKL8'`);
  });

  it('numbers 快乐8 as the reference does once the operator closes the 14 days of the break: the last issue of 2021 is 2021351', async () => {
    const enteredAt = beijing('2021-01-20 10:00:00');
    for (const day of BREAK) await change({ drawType: 'FCKL8', day, change: { add: 'CLOSED' }, now: enteredAt });
    expect(effectiveSchedule('FCKL8', await loadCalendar(pool))!.calendar.closedDates).toEqual(BREAK);

    // The evening before the break: nothing is sold for the break; the next issue is the 25th's,
    // 2021042 (2021041 was drawn on the 10th), and opens as soon as the 10th's is drawn.
    const evening = beijing('2021-02-10 22:00:00');
    await generateIssues(pool, ['FCKL8'], () => true, evening);
    const found = await pool.query<{ issue_number: string; sales_day: string; sequence: number; draw_at: Date; commitment: string }>(
      `SELECT issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, sequence, draw_at, commitment FROM draw_issues WHERE draw_type = 'FCKL8' ORDER BY draw_at`,
    );
    expect(found.rows.map((r) => [r.sales_day, r.issue_number])).toEqual([['2021-02-25', '2021042']]);

    // Under the simulated feed the issue is committed: the commitment binds its real 期号 and it draws.
    const issue = found.rows[0]!;
    const drawn = await drawCommitted(
      pool,
      {
        drawType: 'FCKL8',
        issueNumber: issue.issue_number,
        salesDay: issue.sales_day,
        sequence: issue.sequence,
        drawAt: issue.draw_at.getTime(),
        commitment: issue.commitment,
      },
      undefined,
    );
    expect(drawn).not.toBeNull();
    expect(await issueCommitment(drawn!.seed, '2021042')).toBe(issue.commitment);

    await generateIssues(pool, ['FCKL8'], () => false, beijing('2021-12-31 10:00:00'));
    expect(await issueNumbersOf('FCKL8', '2021-12-31')).toEqual(['2021351']);
    expect(await issueNumbersOf('FCKL8', '2022-01-01')).toEqual(['2022001']);
    for (const day of BREAK) expect(await issueNumbersOf('FCKL8', day)).toEqual([]);
  });
});

describe('effective schedules', () => {
  it('add the calendar rows to the default schedule, reuse one object per content, and JSTB follows JSK3', async () => {
    const now = beijing('2024-01-10 10:00:00');
    await change({ drawType: 'MARK6', day: '2024-01-20', change: { add: 'CLOSED' }, now, reason: '赛马日改期' }); // a Saturday
    await change({ drawType: 'MARK6', day: '2024-01-21', change: { add: 'EXTRA' }, now, reason: '赛马日改期' }); // the Sunday after
    await change({ drawType: 'JSK3', day: '2024-01-15', change: { add: 'CLOSED' }, now });
    const calendar = await loadCalendar(pool);
    const mark6 = effectiveSchedule('MARK6', calendar)!;
    expect(mark6.calendar.closedDates).toEqual(['2024-01-20']);
    expect(mark6.calendar.extraDates).toEqual(['2024-01-21']);
    expect(issuesOfSalesDay(mark6, '2024-01-20')).toEqual([]);
    expect(issuesOfSalesDay(mark6, '2024-01-21').map((i) => i.issueNumber)).toEqual(issuesOfSalesDay('MARK6', '2024-01-20').map((i) => i.issueNumber));
    expect(effectiveSchedule('MARK6', await loadCalendar(pool))).toBe(mark6);
    expect(await loadSchedule(pool, 'MARK6')).toBe(mark6);
    expect(effectiveSchedule('SSQ', calendar)).toBe(scheduleOf('SSQ'));
    expect(effectiveSchedule('JSTB', calendar)!.calendar.closedDates).toEqual(['2024-01-15']);
    expect(effectiveSchedule('JSK3', calendar)!.calendar.closedDates).toEqual(['2024-01-15']);
  });
});

describe('closing a day whose issues are generated', () => {
  it('cancels its issues still waiting or on sale and refunds their orders; the generator does not bring them back', async () => {
    // CQSSC 期号 carry the date: closing a day renumbers nothing else.
    const now = beijing('2025-03-01 12:00:00');
    const done: GeneratedDays = new Set();
    await generateIssues(pool, ['CQSSC'], () => false, now, 24 * 3_600_000, done);
    const tomorrow = '2025-03-02';
    const before = await issueNumbersOf('CQSSC', tomorrow);
    expect(before.length).toBeGreaterThan(0);
    const first = (await pool.query<{ id: number }>(`SELECT id FROM draw_issues WHERE draw_type = 'CQSSC' AND issue_number = $1`, [before[0]])).rows[0]!;
    await pool.query(`UPDATE draw_issues SET state = 'OPEN' WHERE id = $1`, [first.id]);
    const player = await fundedPlayer(pool, 100_000, 'calendar');
    const funded = await balanceOf(pool, player);
    const order = await pendingOrder(pool, { id: first.id, issueNumber: before[0]! }, player, 'CQSSC', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(await balanceOf(pool, player)).toBeLessThan(funded);

    const closed = await change({ drawType: 'CQSSC', day: tomorrow, change: { add: 'CLOSED' }, now });
    expect(closed.cancelled.map((c) => c.issueNumber)).toEqual(before);
    expect(closed.cancelled[0]!.previousState).toBe('OPEN');
    const states = await pool.query<{ state: string; cancel_reason: string; note: string }>(
      `SELECT d.state, d.cancel_reason, t.note FROM draw_issues d JOIN draw_issue_transitions t ON t.issue_id = d.id AND t.to_state = 'CANCELLED'
        WHERE d.draw_type = 'CQSSC' AND d.sales_day = $1`,
      [tomorrow],
    );
    expect(new Set(states.rows.map((r) => `${r.state}/${r.cancel_reason}/${r.note}`))).toEqual(new Set(['CANCELLED/OPERATOR/人工撤单：休市：春节休市']));
    // The refund is the cancellation path's, after the commit (the scheduler's pass would do the same).
    const { cancelIssueOrders } = await import('../../src/server/orders/cancel.ts');
    await cancelIssueOrders(
      pool,
      closed.cancelled.map((c) => c.id),
      now,
    );
    expect((await orderRow(pool, order)).status).toBe('SYSTEM_CANCELED');
    expect(await balanceOf(pool, player)).toBe(funded);

    // Later runs, with the process's cache of generated days and without it, leave the day closed.
    for (const cache of [done, new Set<string>()]) {
      await generateIssues(pool, ['CQSSC'], () => false, now + 60_000, 24 * 3_600_000, cache);
      expect(await issueNumbersOf('CQSSC', tomorrow)).toEqual([]);
    }
    // Reopening the day would need the cancelled 期号 again.
    await expect(change({ drawType: 'CQSSC', day: tomorrow, change: { remove: true }, now })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('不能重新开售'),
    });
  });

  it('refuses closing a day one of whose issues has closed sales or been drawn, and changes nothing', async () => {
    const now = beijing('2025-04-01 12:00:00');
    await generateIssues(pool, ['GD11X5'], () => false, now);
    const today = '2025-04-01';
    await pool.query(
      `UPDATE draw_issues SET state = 'CLOSED' WHERE id = (SELECT id FROM draw_issues WHERE draw_type = 'GD11X5' AND sales_day = $1 ORDER BY sequence LIMIT 1)`,
      [today],
    );
    const states = async () =>
      (
        await pool.query<{ state: string; n: number }>(
          `SELECT state, count(*)::int AS n FROM draw_issues WHERE draw_type = 'GD11X5' AND sales_day = $1 GROUP BY state ORDER BY state`,
          [today],
        )
      ).rows;
    const before = await states();
    await expect(change({ drawType: 'GD11X5', day: today, change: { add: 'CLOSED' }, now })).rejects.toMatchObject({
      statusCode: 409,
      message: CLOSED_ISSUES_MESSAGE,
    });
    expect(await states()).toEqual(before);
    expect((await loadCalendar(pool)).get('GD11X5')).toBeUndefined();
  });

  it('waits for a generator run in progress, and a run started during a change reads the changed calendar', async () => {
    const now = beijing('2025-05-01 12:00:00');
    const tomorrow = '2025-05-02';
    let generating: Promise<number> | undefined;
    let finished = false;
    await withTransaction(pool, async (client) => {
      await changeCalendarDay(client, { drawType: 'TJSSC', day: tomorrow, change: { add: 'CLOSED' }, reason: '临时休市', actor: 'test-op', now });
      generating = generateIssues(pool, ['TJSSC'], () => false, now).then((n) => ((finished = true), n));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(finished).toBe(false);
    });
    expect(await generating).toBeGreaterThan(0);
    expect((await issueNumbersOf('TJSSC', '2025-05-01')).length).toBeGreaterThan(0);
    expect(await issueNumbersOf('TJSSC', tomorrow)).toEqual([]);
  });
});

describe('the back office 休市日历 API', () => {
  const today = () => beijingDay(Date.now());
  /** The first day from `from` on (at least a week ahead: nothing generated) that is a `weekday` (0 = Sunday). */
  const nextWeekday = (weekday: number, from = addDays(today(), 7)) => {
    let day = from;
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== weekday) day = addDays(day, 1);
    return day;
  };

  it('adds and removes closed and extra days, lists them newest first, and audits each change', async () => {
    const thursday = nextWeekday(4); // an SSQ draw day
    const monday = nextWeekday(1, thursday); // not one
    const closing = await api('POST', '/draws/SSQ/calendar', drawOp, { day: thursday, kind: 'CLOSED', reason: '春节休市' });
    expect(closing.statusCode, closing.body).toBe(200);
    expect(CalendarChangeAnswerSchema.parse(closing.json())).toEqual({ day: thursday, kind: 'CLOSED', cancelledIssues: [], refunded: 0 });
    const adding = await api('POST', '/draws/SSQ/calendar', drawOp, { day: monday, kind: 'EXTRA', reason: '补开一期' });
    expect(adding.statusCode, adding.body).toBe(200);

    const listed = await api('GET', '/draws/SSQ/calendar', viewer);
    expect(listed.statusCode).toBe(200);
    const view = DrawCalendarSchema.parse(listed.json());
    expect(view).toMatchObject({ drawType: 'SSQ', editable: true, calendarOf: 'SSQ', numbering: 'yearly', today: today() });
    expect(view.days.map((d) => [d.day, d.kind, d.reason, d.createdBy])).toEqual([
      [monday, 'EXTRA', '补开一期', drawOp.username],
      [thursday, 'CLOSED', '春节休市', drawOp.username],
    ]);

    const schedule = (await loadSchedule(pool, 'SSQ'))!;
    expect(issuesOfSalesDay(schedule, thursday)).toEqual([]);
    expect(issuesOfSalesDay(schedule, monday)).toHaveLength(1);

    const removing = await api('DELETE', `/draws/SSQ/calendar/${monday}`, drawOp, { reason: '取消补开' });
    expect(removing.statusCode, removing.body).toBe(200);
    expect(removing.json()).toMatchObject({ day: monday, kind: 'EXTRA' });
    expect(DrawCalendarSchema.parse((await api('GET', '/draws/SSQ/calendar', viewer)).json()).days.map((d) => d.day)).toEqual([thursday]);

    const audit = await pool.query<{ action: string; target_id: string; reason: string; operator_username: string }>(
      `SELECT action, target_id, reason, operator_username FROM operator_audit_log WHERE target_type = 'draw_calendar_day' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { action: 'draw.calendar.add', target_id: `SSQ:${thursday}`, reason: '春节休市', operator_username: drawOp.username },
      { action: 'draw.calendar.add', target_id: `SSQ:${monday}`, reason: '补开一期', operator_username: drawOp.username },
      { action: 'draw.calendar.remove', target_id: `SSQ:${monday}`, reason: '取消补开', operator_username: drawOp.username },
    ]);
  });

  it('closes a day of generated issues through the API, refunding their orders after the commit', async () => {
    const now = Date.now();
    await generateIssues(pool, ['XJSSC'], () => false, now, 48 * 3_600_000);
    const day = addDays(today(), 1);
    const numbers = await issueNumbersOf('XJSSC', day);
    expect(numbers.length).toBeGreaterThan(0);
    const issue = (await pool.query<{ id: number }>(`SELECT id FROM draw_issues WHERE draw_type = 'XJSSC' AND issue_number = $1`, [numbers[0]])).rows[0]!;
    const player = await fundedPlayer(pool, 100_000, 'calendar_api');
    const funded = await balanceOf(pool, player);
    const order = await pendingOrder(pool, { id: issue.id, issueNumber: numbers[0]! }, player, 'XJSSC', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    const closing = await api('POST', '/draws/XJSSC/calendar', drawOp, { day, kind: 'CLOSED', reason: '官方停售' });
    expect(closing.statusCode, closing.body).toBe(200);
    expect(closing.json()).toEqual({ day, kind: 'CLOSED', cancelledIssues: numbers, refunded: 1 });
    expect((await orderRow(pool, order)).status).toBe('SYSTEM_CANCELED');
    expect(await balanceOf(pool, player)).toBe(funded);
    expect(await issueNumbersOf('XJSSC', day)).toEqual([]);
    const audit = await pool.query<{ after: { cancelledIssues: string[] } }>(`SELECT after FROM operator_audit_log WHERE target_id = $1`, [`XJSSC:${day}`]);
    expect(audit.rows[0]!.after.cancelledIssues).toHaveLength(numbers.length);
  });

  it('refuses with Chinese messages what it must refuse, and changes nothing', async () => {
    const thursday = nextWeekday(4, addDays(today(), 21));
    const monday = nextWeekday(1, thursday);
    const post = (drawType: string, payload: object, operator = drawOp) => api('POST', `/draws/${drawType}/calendar`, operator, payload);
    const expectAnswer = async (response: Promise<{ statusCode: number; json(): { message?: string } }>, status: number, message: string | RegExp) => {
      const answer = await response;
      expect(answer.statusCode).toBe(status);
      expect(answer.json().message).toMatch(message);
    };
    const reason = '春节休市';
    await expectAnswer(post('SSQ', { day: '2026-02-30', kind: 'CLOSED', reason }), 400, /日期格式/);
    await expectAnswer(post('SSQ', { day: '20260101', kind: 'CLOSED', reason }), 400, /日期格式/);
    await expectAnswer(post('SSQ', { day: 20260101, kind: 'CLOSED', reason }), 400, /日期格式/);
    await expectAnswer(post('SSQ', { day: thursday, kind: 'HOLIDAY', reason }), 400, /休市或加开/);
    await expectAnswer(post('SSQ', { day: thursday, kind: 'CLOSED' }), 400, /原因/);
    await expectAnswer(post('SSQ', { day: thursday, kind: 'CLOSED', reason: 'x' }), 400, /原因/);
    await expectAnswer(post('NOPE', { day: thursday, kind: 'CLOSED', reason }), 404, '彩种不存在');
    await expectAnswer(post('MKSSC', { day: thursday, kind: 'CLOSED', reason }), 404, '彩种不存在');
    await expectAnswer(post('UUFFC', { day: thursday, kind: 'CLOSED', reason }), 409, /平台彩种/);
    await expectAnswer(post('JSTB', { day: thursday, kind: 'CLOSED', reason }), 409, /JSK3/);
    await expectAnswer(post('SSQ', { day: addDays(today(), -1), kind: 'CLOSED', reason }), 409, '不能修改已过去的日期');
    await expectAnswer(post('SSQ', { day: monday, kind: 'CLOSED', reason }), 409, '本来就不开奖');
    await expectAnswer(post('SSQ', { day: thursday, kind: 'EXTRA', reason }), 409, '本来就开奖');
    await expectAnswer(post('SSQ', { day: thursday, kind: 'CLOSED', reason }, viewer), 403, /权限/);
    expect((await post('SSQ', { day: thursday, kind: 'CLOSED', reason })).statusCode).toBe(200);
    await expectAnswer(post('SSQ', { day: thursday, kind: 'CLOSED', reason }), 409, `${thursday} 已在休市日历中（休市）`);
    await expectAnswer(post('SSQ', { day: thursday, kind: 'EXTRA', reason }), 409, '已在休市日历中');

    const remove = (day: string, payload: object) => api('DELETE', `/draws/SSQ/calendar/${day}`, drawOp, payload);
    await expectAnswer(remove('2026-13-01', { reason }), 400, /日期格式/);
    await expectAnswer(remove(thursday, {}), 400, /原因/);
    await expectAnswer(remove(monday, { reason }), 404, '不在休市日历中');
    await expectAnswer(api('GET', '/draws/NOPE/calendar', viewer), 404, '彩种不存在');
    const jstb = DrawCalendarSchema.parse((await api('GET', '/draws/JSTB/calendar', viewer)).json());
    expect(jstb).toMatchObject({ editable: false, calendarOf: 'JSK3' });
    const days = DrawCalendarSchema.parse((await api('GET', '/draws/SSQ/calendar', viewer)).json()).days.map((d) => d.day);
    expect(days.filter((d) => d === thursday)).toEqual([thursday]);
    expect(days).not.toContain(monday);
  });

  it('refuses closing a day of a yearly 期号 when issues of that day or later are generated', async () => {
    const now = Date.now();
    await generateIssues(pool, ['FC3D'], () => false, now);
    const generated = await pool.query<{ sales_day: string }>(
      `SELECT to_char(max(sales_day), 'YYYY-MM-DD') AS sales_day FROM draw_issues WHERE draw_type = 'FC3D'`,
    );
    const last = generated.rows[0]!.sales_day;
    const refused = await api('POST', '/draws/FC3D/calendar', drawOp, { day: last, kind: 'CLOSED', reason: '春节休市' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('期号按开奖日计数');
    const later = await api('POST', '/draws/FC3D/calendar', drawOp, { day: addDays(last, 1), kind: 'CLOSED', reason: '春节休市' });
    expect(later.statusCode, later.body).toBe(200);
  });
});
