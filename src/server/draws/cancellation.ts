// An operator cancels an issue that has not been drawn (the feed will never publish it, a fault, a
// withdrawn game): one guarded UPDATE, so it can never race the scheduler's draw or close, nor an
// order being placed (placement holds the issue FOR SHARE). Its pending orders are then refunded by
// the same path as an issue whose result never came (SYSTEM_CANCELED, one `refund:<order>` transfer
// each); the scheduler's refund pass completes whatever an interrupted refund leaves.
import type pg from 'pg';
import { errors } from '../http/errors.ts';

/** draw_issues.cancel_reason of an issue cancelled in the back office (NO_RESULT: the scheduler's). */
export const OPERATOR_CANCEL_REASON = 'OPERATOR';

export interface CancelledIssue {
  id: number;
  previousState: string;
}

export async function cancelIssueByOperator(
  client: pg.PoolClient,
  input: { drawType: string; issueNumber: string; reason: string; actor: string; now: number },
): Promise<CancelledIssue> {
  const moved = await client.query<{ id: number; previous_state: string }>(
    `WITH target AS (
       SELECT id, state FROM draw_issues WHERE draw_type = $1 AND issue_number = $2 FOR UPDATE),
     moved AS (
       UPDATE draw_issues d SET state = 'CANCELLED', cancelled_at = to_timestamp($3 / 1000.0), cancel_reason = $4
         FROM target WHERE d.id = target.id AND target.state IN ('SCHEDULED', 'OPEN', 'CLOSED')
       RETURNING d.id, target.state AS previous_state),
     noted AS (
       INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, note, actor)
       SELECT id, previous_state, 'CANCELLED', to_timestamp($3 / 1000.0), $5, $6 FROM moved)
     SELECT id, previous_state FROM moved`,
    [input.drawType, input.issueNumber, input.now, OPERATOR_CANCEL_REASON, `人工撤单：${input.reason}`, input.actor],
  );
  const row = moved.rows[0];
  if (row) return { id: row.id, previousState: row.previous_state };
  const found = await client.query<{ state: string }>('SELECT state FROM draw_issues WHERE draw_type = $1 AND issue_number = $2', [
    input.drawType,
    input.issueNumber,
  ]);
  const state = found.rows[0]?.state;
  if (state === undefined) throw errors.notFound('期号不存在');
  if (state === 'CANCELLED') throw errors.conflict('该期已撤单');
  throw errors.conflict('该期已开奖，不能撤单；如结果有误请提交更正');
}
