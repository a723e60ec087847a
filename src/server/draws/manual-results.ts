// Official results entered by hand. One operator enters a result (or a correction), a different
// operator approves it, and only then is the issue drawn: the back office's four-eyes approval drives
// it (backoffice/draws/manual-result-approval.ts), these functions are its steps. A result for an
// issue that already has one is a correction: recorded with the result it replaces and re-settled
// after the approving transaction commits, never overwritten silently.
import type pg from 'pg';
import { DRAW_TYPES, findDrawType, getDrawType } from '../../shared/catalogue/draw-types.ts';
import { resultProblem } from '../../shared/backoffice/draws.ts';
import { errors } from '../http/errors.ts';
import { ordersResettler } from '../orders/resettle.ts';

export interface Resettler {
  /** Re-settles an issue whose result was corrected (the betting domain plugs in here). */
  resettle(pool: pg.Pool, correctionId: number): Promise<void>;
}

/**
 * The default: the betting side's re-settlement (orders/resettle.ts) — every settled order of the
 * issue settled again against the corrected result, the differences posted as new transfers. Its
 * balance events go straight to the outbox; pass `ordersResettler({ events })` to use a hub.
 */
export const defaultResettler: Resettler = ordersResettler();

export interface ManualResultInput {
  drawType: string;
  issueNumber: string;
  result: number[];
  /** Null: a first result for a closed issue. Otherwise the result this one corrects, as it was when entered. */
  replaces: number[] | null;
}

export interface LockedIssue {
  id: number;
  drawType: string;
  issueNumber: string;
  state: string;
  result: number[] | null;
  /** When the official draw takes place (epoch ms). */
  drawAt: number;
}

const sameResult = (a: readonly number[] | null, b: readonly number[] | null) => a !== null && b !== null && a.join() === b.join();

/** Which draw types take manual results: official ones with a result of their own. */
export function takesManualResults(drawType: string): boolean {
  const info = findDrawType(drawType);
  return info !== undefined && info.source === 'feed' && !info.resultOf;
}

/** The draw type's rules, before any issue is read: official, a result of its own, a well-formed result. */
export function checkManualResultInput(drawType: string, result: readonly number[]): void {
  const info = findDrawType(drawType);
  if (!info) throw errors.notFound('彩种不存在');
  if (info.source !== 'feed') throw errors.validation('只有官方彩种可以录入开奖结果');
  if (info.resultOf) throw errors.validation(`${info.name}按${getDrawType(info.resultOf).name}的开奖结果开奖，请录入${getDrawType(info.resultOf).name}`);
  const problem = resultProblem(drawType, result);
  if (problem) throw errors.validation(problem, { result: problem });
}

/** The issue, locked for the rest of the caller's transaction. */
export async function lockIssue(client: pg.PoolClient, drawType: string, issueNumber: string): Promise<LockedIssue> {
  const found = await client.query<{ id: number; state: string; result: number[] | null; draw_at: Date }>(
    'SELECT id, state, result, draw_at FROM draw_issues WHERE draw_type = $1 AND issue_number = $2 FOR UPDATE',
    [drawType, issueNumber],
  );
  const row = found.rows[0];
  if (!row) throw errors.notFound('期号不存在');
  return { id: row.id, drawType, issueNumber, state: row.state, result: row.result, drawAt: row.draw_at.getTime() };
}

/** What an entry made now would be: null (a first result) for a closed issue, the current result for a drawn one. */
export function replacedBy(issue: LockedIssue): number[] | null {
  return issue.state === 'DRAWN' || issue.state === 'SETTLED' ? issue.result : null;
}

/**
 * Whether `input` may be applied to the issue as it is now: a first result only while it is closed,
 * a correction only of the very result it names (anything drawn or corrected since makes it stale).
 */
export function checkIssueTakes(issue: LockedIssue, input: ManualResultInput): void {
  if (issue.state === 'CANCELLED') throw errors.conflict('该期已撤单，不能录入开奖结果');
  if (issue.state === 'SCHEDULED' || issue.state === 'OPEN') throw errors.conflict('该期尚未截止销售，不能录入开奖结果');
  const current = replacedBy(issue);
  if (input.replaces === null) {
    if (current !== null) throw errors.conflict('该期已开奖，此录入已失效；如结果有误请提交更正');
    return;
  }
  if (current === null) throw errors.conflict('该期尚未开奖，不能更正');
  if (!sameResult(current, input.replaces)) throw errors.conflict('该期开奖结果已变更，此更正已失效，请重新提交');
  if (sameResult(current, input.result)) throw errors.conflict('录入的结果与当前开奖结果相同');
}

export interface ApplyManualResult extends ManualResultInput {
  enteredBy: string;
  confirmedBy: string;
  /** The approval that confirmed it: one manual result per approval (unique in manual_results). */
  approvalId: number;
  now: number;
}

export interface AppliedManualResult {
  issueId: number;
  /** Null when the issue was drawn by this result; the correction to re-settle otherwise. */
  correctionId: number | null;
  /**
   * The corrections of the issues drawn on this one's result (JSTB's issue with the same 期号 for a
   * correction of JSK3), each to re-settle as well. Empty for a first result.
   */
  derived: DerivedCorrection[];
}

export interface DerivedCorrection {
  drawType: string;
  issueId: number;
  correctionId: number;
}

/** The draw types settled on `drawType`'s result (`resultOf` in the catalogue). */
export function drawTypesDrawnOn(drawType: string): string[] {
  return DRAW_TYPES.filter((d) => d.resultOf === drawType).map((d) => d.code);
}

/**
 * Draws the closed issue with the result, or records the correction of a drawn one — in the caller's
 * transaction, with every rule checked again under the issue's lock. A correction must then be
 * re-settled after the commit (`Resettler`); a drawn issue is settled by the scheduler.
 */
export async function applyManualResult(client: pg.PoolClient, input: ApplyManualResult): Promise<AppliedManualResult> {
  checkManualResultInput(input.drawType, input.result);
  const issue = await lockIssue(client, input.drawType, input.issueNumber);
  checkIssueTakes(issue, input);
  // Sales close before the draw: a first result entered in between would draw (and settle) the issue
  // before the official result exists. The request may be filed early; it applies from the draw time.
  if (input.replaces === null && input.now < issue.drawAt) throw errors.conflict('该期尚未到开奖时间，不能录入开奖结果');
  const isCorrection = input.replaces !== null;
  await client.query(
    `INSERT INTO manual_results (issue_id, result, entered_by, confirmed_by, state, is_correction, approval_id, decided_at)
     VALUES ($1, $2, $3, $4, 'CONFIRMED', $5, $6, to_timestamp($7 / 1000.0))`,
    [issue.id, input.result, input.enteredBy, input.confirmedBy, isCorrection, input.approvalId, input.now],
  );
  const who = `录入 ${input.enteredBy}，确认 ${input.confirmedBy}（审批 #${input.approvalId}）`;
  if (!isCorrection) {
    await client.query(
      `UPDATE draw_issues SET state = 'DRAWN', result = $2, result_source = 'manual', drawn_at = to_timestamp($3 / 1000.0) WHERE id = $1`,
      [issue.id, input.result, input.now],
    );
    await client.query(
      `INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, note, actor)
       VALUES ($1, 'CLOSED', 'DRAWN', to_timestamp($2 / 1000.0), $3, $4)`,
      [issue.id, input.now, `人工录入开奖结果：${who}`, input.confirmedBy],
    );
    // The issues drawn on this result (JSTB on JSK3): the scheduler copies it to them once it is due.
    return { issueId: issue.id, correctionId: null, derived: [] };
  }
  const correctionId = await recordCorrection(client, issue, input.result, 'manual', who, input);
  // The issues drawn on the corrected result (JSTB's issue with the same 期号 for JSK3) were settled on
  // the wrong result too: corrected here, in the same transaction, each with its own correction to
  // re-settle. One not drawn yet (still CLOSED, waiting for the source) needs nothing: the scheduler
  // copies the corrected result when it draws it.
  const derived: DerivedCorrection[] = [];
  for (const drawType of drawTypesDrawnOn(input.drawType)) {
    const found = await client.query<{ id: number; state: string; result: number[] | null; draw_at: Date }>(
      `SELECT id, state, result, draw_at FROM draw_issues WHERE draw_type = $1 AND issue_number = $2 FOR UPDATE`,
      [drawType, input.issueNumber],
    );
    const row = found.rows[0];
    if (!row || (row.state !== 'DRAWN' && row.state !== 'SETTLED') || sameResult(row.result, input.result)) continue;
    const derivedIssue: LockedIssue = { id: row.id, drawType, issueNumber: input.issueNumber, state: row.state, result: row.result, drawAt: row.draw_at.getTime() };
    // Its result_source stays the source draw type, as the scheduler set it when it copied the result.
    const note = `随${getDrawType(input.drawType).name}第 ${input.issueNumber} 期更正；${who}`;
    derived.push({ drawType, issueId: row.id, correctionId: await recordCorrection(client, derivedIssue, input.result, null, note, input) });
  }
  return { issueId: issue.id, correctionId, derived };
}

/** Records the correction of a drawn issue's result (locked by the caller) and applies it; the correction's id. */
async function recordCorrection(
  client: pg.PoolClient,
  issue: LockedIssue,
  result: number[],
  resultSource: string | null,
  note: string,
  input: ApplyManualResult,
): Promise<number> {
  const correction = await client.query<{ id: number }>(
    `INSERT INTO result_corrections (issue_id, previous_result, corrected_result, source) VALUES ($1, $2, $3, 'manual') RETURNING id`,
    [issue.id, issue.result, result],
  );
  await client.query(`UPDATE draw_issues SET result = $2, result_source = COALESCE($3::text, result_source) WHERE id = $1`, [issue.id, result, resultSource]);
  await client.query(
    `INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, note, actor)
     VALUES ($1, $2, $2, to_timestamp($3 / 1000.0), $4, $5)`,
    [issue.id, issue.state, input.now, `开奖结果更正：${issue.result?.join(',')} → ${result.join(',')}；${note}`, input.confirmedBy],
  );
  return correction.rows[0]!.id;
}
