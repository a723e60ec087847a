// Back-office draws (issue 16 item 6): a manual result draws its issue only once a second operator
// approves it, and its orders then settle; a correction approved by many at once re-settles once; an
// operator cancels an issue and its orders are refunded, once, however many press at once; the
// calendar and the issue page never show a seed before its issue is drawn; bad input gets a Chinese
// 400 and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHashChain, issuesOfSalesDay } from '../../src/shared/draws/index.ts';
import { payout } from '../../src/shared/lottery/index.ts';
import { IssueCalendarSchema, IssueDetailSchema, DrawTypesOverviewSchema } from '../../src/shared/backoffice/draws.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { createOperator, operatorHeaders, signIn, type TestOperator } from '../support/operators.ts';
import { balanceOf, fundedPlayer, orderRow, pendingOrder } from './settlement-support.ts';

let server: TestServer;
const pool = () => server.db.database.pool;
const signedIn = new Map<TestOperator, string>();
let drawA: TestOperator;
let drawB: TestOperator;
let drawC: TestOperator;
let viewer: TestOperator;

beforeAll(async () => {
  server = await startTestServer();
  [drawA, drawB, drawC, viewer] = await Promise.all([
    createOperator(server.app, 'DRAW'),
    createOperator(server.app, 'DRAW'),
    createOperator(server.app, 'SUPER_ADMIN'),
    createOperator(server.app, 'OPERATIONS'),
  ]);
  for (const operator of [drawA, drawB, drawC, viewer]) signedIn.set(operator, await signIn(server.app, operator));
});
afterAll(() => server?.close());

const cookieOf = (operator: TestOperator) => signedIn.get(operator)!;
const get = (url: string, operator: TestOperator) =>
  server.app.inject({ method: 'GET', url: `/ajax/backoffice${url}`, headers: { cookie: cookieOf(operator) } });
const post = (url: string, payload: unknown, operator: TestOperator) =>
  server.app.inject({ method: 'POST', url: `/ajax/backoffice${url}`, headers: operatorHeaders(cookieOf(operator)), payload: payload as object });
const approve = (approvalId: number, operator: TestOperator) => post(`/approvals/${approvalId}/approve`, { reason: '核对无误' }, operator);
const reject = (approvalId: number, operator: TestOperator) => post(`/approvals/${approvalId}/reject`, { reason: '号码有误' }, operator);

let issues = 0;

/** An issue of its own, in `state`, outside the scheduler's calendar. */
async function ownIssue(drawType: string, state: 'OPEN' | 'CLOSED'): Promise<{ id: number; issueNumber: string }> {
  const issueNumber = `B${process.pid}${String(issues++).padStart(4, '0')}`;
  const closes = state === 'OPEN' ? "now() + interval '1 hour'" : 'now()';
  const inserted = await pool().query<{ id: number }>(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
     VALUES ($1, $2, '2026-11-25', $3, now() - interval '1 hour', ${closes}, ${closes}, $4) RETURNING id`,
    [drawType, issueNumber, 5000 + issues, state],
  );
  return { id: inserted.rows[0]!.id, issueNumber };
}

const issueRow = async (id: number) =>
  (await pool().query<{ state: string; result: number[] | null; result_source: string | null }>(
    'SELECT state, result, result_source FROM draw_issues WHERE id = $1',
    [id],
  )).rows[0]!;

const approvalCount = async () => Number((await pool().query('SELECT count(*) FROM operator_approvals')).rows[0].count);
const digits = (result: number[]) => ({ rows: result.map((d) => [d]) });
const WIN = payout('CQSSC', 'ZX5', [1], { prizeGroup: 1950, mode: 'LI', multiplier: 1 }).amount;

describe('manual results through four-eyes approval', () => {
  it('draws the issue only after a second operator approves, and its orders settle', async () => {
    const issue = await ownIssue('CQSSC', 'CLOSED');
    const [winner, loser] = await Promise.all([fundedPlayer(pool(), 100_000, 'bo_draw'), fundedPlayer(pool(), 100_000, 'bo_draw')]);
    const bet = (customer: number, result: number[]) =>
      pendingOrder(pool(), issue, customer, 'CQSSC', { playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: digits(result), mode: 'LI', multiplier: 1, prizeGroup: 1950 }] });
    const winning = await bet(winner, [3, 1, 4, 1, 5]);
    const losing = await bet(loser, [9, 9, 9, 9, 9]);
    const before = await balanceOf(pool(), winner);

    const url = `/draws/CQSSC/issues/${issue.issueNumber}`;
    const requested = await post(`${url}/result`, { result: [3, 1, 4, 1, 5], reason: '官方开奖源中断，按开奖公告录入', replaces: null }, drawA);
    expect(requested.statusCode, requested.body).toBe(200);
    const { approvalId, isCorrection } = requested.json<{ approvalId: number; isCorrection: boolean }>();
    expect(isCorrection).toBe(false);
    // Entered, not drawn: the issue waits, the request shows on the issue and in its calendar.
    expect(await issueRow(issue.id)).toMatchObject({ state: 'CLOSED', result: null });
    const detail = IssueDetailSchema.parse((await get(url, viewer)).json());
    expect(detail.resultRequests).toEqual([
      expect.objectContaining({ approvalId, status: 'PENDING', result: [3, 1, 4, 1, 5], replaces: null, requestedBy: drawA.username }),
    ]);
    expect(detail.issue.pendingResult).toBe(true);
    const calendar = IssueCalendarSchema.parse((await get(`/draws/CQSSC/issues?day=2026-11-25&pageSize=200`, viewer)).json());
    expect(calendar.issues.find((i) => i.issueNumber === issue.issueNumber)).toMatchObject({ state: 'CLOSED', pendingResult: true });
    // A second entry for the same issue waits for the first to be decided.
    const second = await post(`${url}/result`, { result: [2, 7, 1, 8, 2], reason: '另一份公告' }, drawB);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('该期已有待审批的开奖录入，请先审批或驳回');

    // The operator who entered it cannot confirm it.
    const self = await approve(approvalId, drawA);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('不能审批自己提交的申请');
    expect(await issueRow(issue.id)).toMatchObject({ state: 'CLOSED', result: null });

    const confirmed = await approve(approvalId, drawB);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await issueRow(issue.id)).toEqual({ state: 'DRAWN', result: [3, 1, 4, 1, 5], result_source: 'manual' });
    const recorded = await pool().query('SELECT entered_by, confirmed_by, approval_id FROM manual_results WHERE issue_id = $1', [issue.id]);
    expect(recorded.rows).toEqual([{ entered_by: drawA.username, confirmed_by: drawB.username, approval_id: approvalId }]);

    // The scheduler's settlement (not running in this server) settles it like any drawn issue.
    expect(await settleIssue(pool(), issue.id, Date.now())).toBe(true);
    expect(await orderRow(pool(), winning)).toMatchObject({ status: 'WON', payout: WIN });
    expect(await orderRow(pool(), losing)).toMatchObject({ status: 'LOST', payout: 0 });
    expect(await balanceOf(pool(), winner)).toBe(before + WIN);
    expect((await reconcile(pool())).ok).toBe(true);

    const audit = await pool().query<{ action: string; operator_username: string }>(
      `SELECT action, operator_username FROM operator_audit_log WHERE target_type = 'approval' AND target_id = $1 ORDER BY id`,
      [String(approvalId)],
    );
    expect(audit.rows).toEqual([
      { action: 'approval.request', operator_username: drawA.username },
      { action: 'approval.approve', operator_username: drawB.username },
    ]);
  });

  it('leaves the issue closed when the request is rejected, and takes a new one then', async () => {
    const issue = await ownIssue('GD11X5', 'CLOSED');
    const url = `/draws/GD11X5/issues/${issue.issueNumber}`;
    const first = (await post(`${url}/result`, { result: [1, 2, 3, 4, 5], reason: '人工录入' }, drawA)).json<{ approvalId: number }>();
    expect((await reject(first.approvalId, drawB)).statusCode).toBe(200);
    expect(await issueRow(issue.id)).toMatchObject({ state: 'CLOSED', result: null });
    const again = await post(`${url}/result`, { result: [11, 2, 3, 4, 5], reason: '重新录入' }, drawA);
    expect(again.statusCode, again.body).toBe(200);
    expect((await approve(again.json<{ approvalId: number }>().approvalId, drawC)).statusCode).toBe(200);
    expect(await issueRow(issue.id)).toMatchObject({ state: 'DRAWN', result: [11, 2, 3, 4, 5] });
  });

  it('re-settles a correction once, however many approve it at once', async () => {
    const issue = await ownIssue('CQSSC', 'CLOSED');
    await pool().query(`UPDATE draw_issues SET state = 'DRAWN', result = '{1,2,3,4,5}', result_source = 'http', drawn_at = now() WHERE id = $1`, [issue.id]);
    const player = await fundedPlayer(pool(), 100_000, 'bo_fix');
    const order = await pendingOrder(pool(), issue, player, 'CQSSC', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: digits([1, 2, 3, 4, 5]), mode: 'LI', multiplier: 1, prizeGroup: 1950 }],
    });
    expect(await settleIssue(pool(), issue.id, Date.now())).toBe(true);
    const paid = await balanceOf(pool(), player);

    const url = `/draws/CQSSC/issues/${issue.issueNumber}`;
    // The result the operator saw is no longer the issue's: refused as stale.
    const stale = await post(`${url}/result`, { result: [6, 2, 3, 4, 5], reason: '官方更正', replaces: [9, 9, 9, 9, 9] }, drawA);
    expect(stale.statusCode).toBe(409);
    const requested = await post(`${url}/result`, { result: [6, 2, 3, 4, 5], reason: '官方更正公告', replaces: [1, 2, 3, 4, 5] }, drawA);
    expect(requested.statusCode, requested.body).toBe(200);
    const { approvalId, isCorrection } = requested.json<{ approvalId: number; isCorrection: boolean }>();
    expect(isCorrection).toBe(true);

    const answers = await Promise.all([drawB, drawC, drawB, drawC, drawB, drawC].map((operator) => approve(approvalId, operator)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    await expect
      .poll(async () => (await pool().query('SELECT resettled_at IS NOT NULL AS done FROM result_corrections WHERE issue_id = $1', [issue.id])).rows)
      .toEqual([{ done: true }]);
    expect(await issueRow(issue.id)).toMatchObject({ state: 'SETTLED', result: [6, 2, 3, 4, 5], result_source: 'manual' });
    expect(await orderRow(pool(), order)).toMatchObject({ status: 'LOST', payout: 0 });
    expect(await balanceOf(pool(), player)).toBe(paid - WIN);
    const moves = await pool().query('SELECT count(*)::int AS n FROM order_resettlements WHERE order_id = $1', [order]);
    expect(moves.rows[0]).toEqual({ n: 1 });
    const detail = IssueDetailSchema.parse((await get(url, viewer)).json());
    expect(detail.corrections).toEqual([expect.objectContaining({ previousResult: [1, 2, 3, 4, 5], correctedResult: [6, 2, 3, 4, 5] })]);
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('refuses an approval once the issue was cancelled meanwhile', async () => {
    const issue = await ownIssue('CQSSC', 'CLOSED');
    const url = `/draws/CQSSC/issues/${issue.issueNumber}`;
    const { approvalId } = (await post(`${url}/result`, { result: [1, 1, 1, 1, 1], reason: '人工录入' }, drawA)).json<{ approvalId: number }>();
    expect((await post(`${url}/cancel`, { reason: '开奖源确认本期作废' }, drawC)).statusCode).toBe(200);
    const late = await approve(approvalId, drawB);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('该期已撤单，不能录入开奖结果');
    expect(await issueRow(issue.id)).toMatchObject({ state: 'CANCELLED', result: null });
  });
});

describe('cancelling an issue', () => {
  it('refunds every pending order once, however many press at once, and records who and why', async () => {
    const issue = await ownIssue('CQSSC', 'OPEN');
    const players = await Promise.all([fundedPlayer(pool(), 100_000, 'bo_cancel'), fundedPlayer(pool(), 100_000, 'bo_cancel')]);
    const funded = await Promise.all(players.map((p) => balanceOf(pool(), p)));
    const orders = await Promise.all(
      players.map((p) =>
        pendingOrder(pool(), issue, p, 'CQSSC', { playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: digits([1, 2, 3, 4, 5]), mode: 'YUAN', multiplier: 1, prizeGroup: 1950 }] }),
      ),
    );
    expect(await balanceOf(pool(), players[0]!)).toBeLessThan(funded[0]!);

    const url = `/draws/CQSSC/issues/${issue.issueNumber}/cancel`;
    const answers = await Promise.all([drawA, drawB, drawC, drawA, drawB, drawC].map((operator) => post(url, { reason: '官方停售本期' }, operator)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const done = answers.find((a) => a.statusCode === 200)!;
    expect(done.json()).toEqual({ state: 'CANCELLED', refunded: 2 });
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('该期已撤单');

    expect(await issueRow(issue.id)).toMatchObject({ state: 'CANCELLED' });
    for (const [i, order] of orders.entries()) {
      expect((await orderRow(pool(), order)).status).toBe('SYSTEM_CANCELED');
      expect(await balanceOf(pool(), players[i]!)).toBe(funded[i]);
    }
    const audit = await pool().query<{ action: string; reason: string; before: unknown; after: unknown }>(
      `SELECT action, reason, before, after FROM operator_audit_log WHERE target_type = 'draw_issue' AND target_id = $1`,
      [`CQSSC:${issue.issueNumber}`],
    );
    expect(audit.rows).toEqual([{ action: 'draw.issue.cancel', reason: '官方停售本期', before: { state: 'OPEN' }, after: { state: 'CANCELLED', cancelReason: 'OPERATOR' } }]);
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('refuses to cancel a drawn issue', async () => {
    const issue = await ownIssue('CQSSC', 'CLOSED');
    await pool().query(`UPDATE draw_issues SET state = 'DRAWN', result = '{1,2,3,4,5}' WHERE id = $1`, [issue.id]);
    const answer = await post(`/draws/CQSSC/issues/${issue.issueNumber}/cancel`, { reason: '试一下' }, drawA);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('该期已开奖，不能撤单；如结果有误请提交更正');
    expect(await issueRow(issue.id)).toMatchObject({ state: 'DRAWN' });
  });
});

describe('bad input', () => {
  it('gets a Chinese 400 and changes nothing', async () => {
    const issue = await ownIssue('CQSSC', 'CLOSED');
    const url = `/draws/CQSSC/issues/${issue.issueNumber}`;
    const approvals = await approvalCount();
    const cases: [string, unknown, string][] = [
      [`${url}/result`, { result: [1, 2, 3], reason: '人工录入' }, '开奖号码格式不正确：应为5 个 0–9 的号码，可重复'],
      [`${url}/result`, { result: [1, 2, 3, 4, 10], reason: '人工录入' }, '开奖号码格式不正确：应为5 个 0–9 的号码，可重复'],
      [`${url}/result`, { result: '1,2,3,4,5', reason: '人工录入' }, '请输入开奖号码'],
      [`${url}/result`, { result: [1, 2, 3, 4, 5], reason: '短' }, '请填写 2-500 个字符的原因'],
      [`${url}/result`, { result: [1, 2, 3, 4, 5], reason: '   ' }, '请填写 2-500 个字符的原因'],
      [`${url}/result`, { result: [1, 2, 3, 4, 5], reason: 'x'.repeat(501) }, '请填写 2-500 个字符的原因'],
      [`${url}/cancel`, { reason: '' }, '请填写 2-500 个字符的原因'],
      ['/draws/cqssc/issues/1/cancel', { reason: '撤单原因' }, '彩种代码无效'],
    ];
    for (const [path, body, message] of cases) {
      const answer = await post(path, body, drawA);
      expect(answer.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json().message, `${path} ${JSON.stringify(body)}`).toBe(message);
    }
    const platform = await ownIssue('UUFFC', 'CLOSED');
    const notFeed = await post(`/draws/UUFFC/issues/${platform.issueNumber}/result`, { result: [1, 2, 3, 4, 5], reason: '人工录入' }, drawA);
    expect(notFeed.statusCode).toBe(400);
    expect(notFeed.json().message).toBe('只有官方彩种可以录入开奖结果');
    // Year 0 looks like a day but PostgreSQL cannot hold it: refused here, never a 500.
    for (const query of ['day=2026-13-45', 'day=yesterday', 'day=0000-01-01', 'day=2026-02-30', 'pageSize=5', 'page=0']) {
      const answer = await get(`/draws/CQSSC/issues?${query}`, drawA);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await get('/draws/NOSUCH/issues', drawA)).json().message).toBe('彩种不存在');
    expect(await approvalCount()).toBe(approvals);
    expect(await issueRow(issue.id)).toMatchObject({ state: 'CLOSED', result: null });
  });

  it('keeps roles to the matrix: a reader cannot enter a result, a customer session is no operator', async () => {
    const issue = await ownIssue('CQSSC', 'CLOSED');
    const url = `/draws/CQSSC/issues/${issue.issueNumber}`;
    expect((await get(url, viewer)).statusCode).toBe(200);
    expect((await post(`${url}/result`, { result: [1, 2, 3, 4, 5], reason: '人工录入' }, viewer)).statusCode).toBe(403);
    expect((await post(`${url}/cancel`, { reason: '撤单' }, viewer)).statusCode).toBe(403);
    const customer = await loginCookie(server.app, 'demo_player');
    const asCustomer = await server.app.inject({ method: 'GET', url: `/ajax/backoffice${url}`, headers: { cookie: customer } });
    expect(asCustomer.statusCode).toBe(401);
    const anonymous = await server.app.inject({ method: 'POST', url: `/ajax/backoffice${url}/cancel`, headers: MUTATION_HEADERS, payload: { reason: '撤单' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await issueRow(issue.id)).toMatchObject({ state: 'CLOSED' });
  });
});

describe('feed status and the calendar', () => {
  const SALES_DAY = '2026-11-22';
  const TERMINAL = 'a5'.repeat(32);

  /** Every string anywhere in a JSON value. */
  function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
    if (typeof value === 'string') into.add(value);
    else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
    else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into);
    return into;
  }

  it('shows the public anchor and the drawn issues’ seeds, never a seed not yet revealed', async () => {
    const length = issuesOfSalesDay('UUFFC', SALES_DAY).length;
    const chain = await buildHashChain(TERMINAL, length);
    await pool().query('INSERT INTO seed_chains (draw_type, sales_day, terminal_seed, anchor, length) VALUES ($1, $2, $3, $4, $5)', [
      'UUFFC',
      SALES_DAY,
      TERMINAL,
      chain.anchor,
      length,
    ]);
    const clock = new ManualClock(beijing('2026-11-22 10:00:10'));
    const scheduler = new DrawScheduler({ pool: pool(), clock, feed: 'simulated', lifecycle: noOrdersLifecycle, feedTimeoutMs: 3_600_000, generateAheadMs: 3_600_000 });
    await scheduler.tick();
    clock.set(beijing('2026-11-22 10:05:10'));
    await scheduler.tick();
    const states = await pool().query<{ sequence: number; state: string; seed: string | null }>(
      `SELECT sequence, state, seed FROM draw_issues WHERE draw_type = 'UUFFC' AND sales_day = $1`,
      [SALES_DAY],
    );
    const drawn = states.rows.filter((r) => r.state === 'DRAWN' || r.state === 'SETTLED');
    expect(drawn.length).toBeGreaterThan(0);
    expect(states.rows.some((r) => r.state === 'OPEN')).toBe(true);

    const shown = new Set<string>();
    for (let page = 1; page <= Math.ceil(length / 200); page++) {
      const answer = await get(`/draws/UUFFC/issues?day=${SALES_DAY}&pageSize=200&page=${page}`, viewer);
      expect(answer.statusCode).toBe(200);
      const calendar = IssueCalendarSchema.parse(answer.json());
      expect(calendar.chain).toEqual({ anchor: chain.anchor, length });
      stringsIn(answer.json(), shown);
    }
    for (const row of states.rows) {
      const issueNumber = (await pool().query<{ issue_number: string }>(`SELECT issue_number FROM draw_issues WHERE draw_type = 'UUFFC' AND sales_day = $1 AND sequence = $2`, [SALES_DAY, row.sequence])).rows[0]!.issue_number;
      const detail = await get(`/draws/UUFFC/issues/${issueNumber}`, viewer);
      const parsed = IssueDetailSchema.parse(detail.json());
      expect(parsed.issue.chain).toEqual({ anchor: chain.anchor, position: row.sequence });
      stringsIn(detail.json(), shown);
    }
    stringsIn((await get('/draws', viewer)).json(), shown);
    // Drawn issues' seeds are public (as on /verify); no other seed of the chain, nor its terminal seed, ever is.
    const revealed = new Set(drawn.map((r) => r.sequence));
    for (const position of revealed) expect(shown.has(chain.seeds[position - 1]!)).toBe(true);
    chain.seeds.forEach((seed, i) => {
      if (!revealed.has(i + 1)) expect(shown.has(seed), `seed of position ${i + 1}`).toBe(false);
    });
    expect(shown.has(TERMINAL)).toBe(false);
  });

  it('lists each draw type with its source, last result, lag and closed issues still waiting', async () => {
    const waiting = await ownIssue('XJSSC', 'CLOSED');
    await pool().query(`UPDATE draw_issues SET draw_at = now() - interval '5 minutes' WHERE id = $1`, [waiting.id]);
    const answer = await get('/draws', viewer);
    expect(answer.statusCode).toBe(200);
    const overview = DrawTypesOverviewSchema.parse(answer.json());
    expect(overview.feed).toBe('simulated');
    const byCode = new Map(overview.drawTypes.map((d) => [d.code, d]));
    expect(byCode.get('CQSSC')).toMatchObject({ source: 'simulated', manualEntry: true });
    expect(byCode.get('UUFFC')).toMatchObject({ source: 'platform', manualEntry: false });
    expect(byCode.get('JSTB')).toMatchObject({ manualEntry: false });
    expect(byCode.has('MKSSC')).toBe(false);
    expect(byCode.get('XJSSC')!.awaiting).toBeGreaterThanOrEqual(1);
    const uuffc = byCode.get('UUFFC')!;
    expect(uuffc.lastResult).not.toBeNull();
    expect(uuffc.lagMs).toBeGreaterThanOrEqual(0);
  });
});
