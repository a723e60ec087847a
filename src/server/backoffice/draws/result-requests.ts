// Manual results waiting for (or decided by) a second operator, read from the core's approval queue
// (operator_approvals, kind draws.result): the payload names the issue by its id. Compared as text,
// since other kinds' payloads may hold anything under that name.
import type pg from 'pg';
import { MANUAL_RESULT_APPROVAL, type ResultRequestView } from '../../../shared/backoffice/draws.ts';

/** Of `issueIds`, those with a manual result or correction still pending approval. */
export async function pendingResultIssues(db: pg.Pool | pg.PoolClient, issueIds: readonly number[]): Promise<Set<number>> {
  if (issueIds.length === 0) return new Set();
  const found = await db.query<{ issue_id: string }>(
    `SELECT DISTINCT payload->>'issueId' AS issue_id FROM operator_approvals
      WHERE kind = $1 AND status = 'PENDING' AND payload->>'issueId' = ANY($2::text[])`,
    [MANUAL_RESULT_APPROVAL, issueIds.map(String)],
  );
  return new Set(found.rows.map((r) => Number(r.issue_id)));
}

export async function resultRequestsOf(db: pg.Pool | pg.PoolClient, issueId: number): Promise<ResultRequestView[]> {
  const found = await db.query<{
    id: number;
    status: ResultRequestView['status'];
    payload: { result: number[]; replaces: number[] | null };
    requested_by: string;
    requested_at: Date;
    reason: string;
    decided_by: string | null;
  }>(
    `SELECT a.id, a.status, a.payload, r.username AS requested_by, a.requested_at, a.reason, d.username AS decided_by
       FROM operator_approvals a JOIN operators r ON r.id = a.requested_by LEFT JOIN operators d ON d.id = a.decided_by
      WHERE a.kind = $1 AND a.payload->>'issueId' = $2::text
      ORDER BY a.id DESC LIMIT 50`,
    [MANUAL_RESULT_APPROVAL, String(issueId)],
  );
  return found.rows.map((r) => ({
    approvalId: r.id,
    status: r.status,
    result: r.payload.result,
    replaces: r.payload.replaces,
    requestedBy: r.requested_by,
    requestedAt: r.requested_at.getTime(),
    reason: r.reason,
    decidedBy: r.decided_by,
  }));
}
