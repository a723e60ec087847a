// Official results entered by hand: one operator enters, a different operator confirms, and only
// then is the issue drawn. A confirmed entry for an issue that already has a result is a correction:
// it is recorded with the result it replaces and handed to re-settlement, never overwritten silently.
import type pg from 'pg';
import { getDrawType } from '../../shared/catalogue/draw-types.ts';
import { isValidResult, resultFormatFor } from '../../shared/lottery/result.ts';
import { withTransaction } from '../db/pool.ts';
import { AppError, errors } from '../http/errors.ts';
import { ordersResettler } from '../orders/resettle.ts';

export interface ManualEntry {
  id: number;
  issueId: number;
  result: number[];
  enteredBy: string;
  isCorrection: boolean;
}

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

interface IssueRow {
  id: number;
  draw_type: string;
  state: string;
  result: number[] | null;
}

async function lockIssue(client: pg.PoolClient, issueId: number): Promise<IssueRow> {
  const found = await client.query<IssueRow>('SELECT id, draw_type, state, result FROM draw_issues WHERE id = $1 FOR UPDATE', [
    issueId,
  ]);
  if (!found.rows[0]) throw errors.notFound('期号不存在');
  return found.rows[0];
}

export async function enterManualResult(
  pool: pg.Pool,
  input: { issueId: number; result: number[]; enteredBy: string },
): Promise<ManualEntry> {
  return withTransaction(pool, async (client) => {
    const issue = await lockIssue(client, input.issueId);
    const info = getDrawType(issue.draw_type);
    if (info.source !== 'feed') throw errors.validation('只有官方彩种可以录入开奖结果');
    if (!isValidResult(input.result, resultFormatFor(info.category, info.code))) {
      throw errors.validation('开奖号码格式不正确');
    }
    if (issue.state === 'CANCELLED') throw errors.conflict('该期已撤单，不能录入开奖结果');
    if (issue.state === 'SCHEDULED' || issue.state === 'OPEN') throw errors.conflict('该期尚未截止销售，不能录入开奖结果');
    const isCorrection = issue.state === 'DRAWN' || issue.state === 'SETTLED';
    if (isCorrection && issue.result?.join() === input.result.join()) throw errors.conflict('录入的结果与当前开奖结果相同');
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO manual_results (issue_id, result, entered_by, is_correction) VALUES ($1, $2, $3, $4) RETURNING id`,
      [issue.id, input.result, input.enteredBy, isCorrection],
    );
    return { id: inserted.rows[0]!.id, issueId: issue.id, result: input.result, enteredBy: input.enteredBy, isCorrection };
  });
}

export async function confirmManualResult(
  pool: pg.Pool,
  input: { entryId: number; confirmedBy: string; now: number },
  resettler: Resettler = defaultResettler,
): Promise<{ issueId: number; correctionId: number | null }> {
  const outcome = await withTransaction(pool, async (client) => {
    const found = await client.query<{ issue_id: number; result: number[]; entered_by: string; state: string }>(
      'SELECT issue_id, result, entered_by, state FROM manual_results WHERE id = $1 FOR UPDATE',
      [input.entryId],
    );
    const entry = found.rows[0];
    if (!entry) throw errors.notFound('录入记录不存在');
    if (entry.state !== 'PENDING') throw errors.conflict('该录入记录已处理');
    if (entry.entered_by === input.confirmedBy) {
      throw new AppError(403, 'FORBIDDEN', '录入与确认必须由两位不同的操作员完成');
    }
    const issue = await lockIssue(client, entry.issue_id);
    await client.query(
      `UPDATE manual_results SET state = 'CONFIRMED', confirmed_by = $2, decided_at = now() WHERE id = $1`,
      [input.entryId, input.confirmedBy],
    );
    const at = input.now;
    if (issue.state === 'CLOSED') {
      await client.query(
        `UPDATE draw_issues SET state = 'DRAWN', result = $2, result_source = 'manual', drawn_at = to_timestamp($3 / 1000.0)
          WHERE id = $1`,
        [issue.id, entry.result, at],
      );
      await client.query(
        `INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, note)
         VALUES ($1, 'CLOSED', 'DRAWN', to_timestamp($2 / 1000.0), $3)`,
        [issue.id, at, `人工录入，确认人 ${input.confirmedBy}`],
      );
      return { issueId: issue.id, correctionId: null };
    }
    if (issue.state !== 'DRAWN' && issue.state !== 'SETTLED') throw errors.conflict('该期当前状态不能确认开奖结果');
    const correction = await client.query<{ id: number }>(
      `INSERT INTO result_corrections (issue_id, previous_result, corrected_result, source) VALUES ($1, $2, $3, 'manual')
       RETURNING id`,
      [issue.id, issue.result, entry.result],
    );
    await client.query(`UPDATE draw_issues SET result = $2, result_source = 'manual' WHERE id = $1`, [issue.id, entry.result]);
    await client.query(
      `INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, note)
       VALUES ($1, $2, $2, to_timestamp($3 / 1000.0), $4)`,
      [issue.id, issue.state, at, `开奖结果更正：${issue.result?.join(',')} → ${entry.result.join(',')}`],
    );
    return { issueId: issue.id, correctionId: correction.rows[0]!.id };
  });
  if (outcome.correctionId !== null) await resettler.resettle(pool, outcome.correctionId);
  return outcome;
}
