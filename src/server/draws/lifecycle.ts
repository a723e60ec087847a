// What happens to the bets of an issue when it is drawn or cancelled. The betting domain plugs in
// here; until it exists, an issue with no orders is settled or cancelled as it stands.
import type pg from 'pg';

export interface IssueRef {
  id: number;
  drawType: string;
  issueNumber: string;
}

export interface IssueLifecycle {
  /** Settles every order of drawn issues; resolves with the ids of the issues now SETTLED. */
  settleDrawn(pool: pg.Pool, issues: readonly IssueRef[], now: number): Promise<number[]>;
  /** Refunds every order of cancelled issues. Called after the cancellation has committed. */
  afterCancel(pool: pg.Pool, issues: readonly IssueRef[], now: number): Promise<void>;
}

export const noOrdersLifecycle: IssueLifecycle = {
  async settleDrawn(pool, issues, now) {
    if (issues.length === 0) return [];
    const result = await pool.query<{ id: number }>(
      `WITH moved AS (
         UPDATE draw_issues SET state = 'SETTLED', settled_at = to_timestamp($2 / 1000.0)
          WHERE id = ANY($1::bigint[]) AND state = 'DRAWN' RETURNING id)
       INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at)
       SELECT id, 'DRAWN', 'SETTLED', to_timestamp($2 / 1000.0) FROM moved RETURNING issue_id AS id`,
      [issues.map((i) => i.id), now],
    );
    return result.rows.map((r) => r.id);
  },
  async afterCancel() {},
};
