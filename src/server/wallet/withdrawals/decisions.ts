// What finance decides about a withdrawal under audit. Each decision is one conditional status change
// (so one operator wins a race, and a decision never applies to a request the player cancelled or
// someone else already decided), plus the money step it implies, in the caller's transaction.
import type pg from 'pg';
import type { Queryable } from '../../db/pool.ts';
import { withTransaction } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { returnWithdrawal } from './ledger-steps.ts';
import { transition, withdrawalById, type WithdrawalRow } from './store.ts';

export interface Decider {
  id: number;
  username: string;
}

export const NOT_FOUND = '提现单不存在';

/** Why a decision did not apply, read after the conditional change matched nothing. */
async function refusal(db: Queryable, id: number, operator: Decider): Promise<Error> {
  const row = await withdrawalById(db, id);
  if (!row) return errors.notFound(NOT_FOUND);
  if (row.status === 'CANCELLED') return errors.conflict('用户已取消该提现单');
  if (row.status === 'AUDITING' && row.claimed_by !== operator.id) return errors.forbidden('该提现单已由其他审核员领取');
  return errors.conflict('该提现单已处理或不在可操作的状态');
}

export async function claimWithdrawal(client: pg.PoolClient, id: number, operator: Decider): Promise<WithdrawalRow> {
  const claimed = await transition(client, id, {
    from: ['AUTO_AUDIT_FAILED'],
    to: 'AUDITING',
    set: { claimed_by: operator.id, claimed_at: new Date() },
    event: { action: '领取', by: operator.username },
  });
  if (!claimed) throw await refusal(client, id, operator);
  return claimed;
}

export async function releaseWithdrawal(client: pg.PoolClient, id: number, operator: Decider): Promise<WithdrawalRow> {
  const released = await transition(client, id, {
    from: ['AUDITING'],
    to: 'AUTO_AUDIT_FAILED',
    set: { claimed_by: null, claimed_at: null },
    where: { sql: 'claimed_by = $1', params: [operator.id] },
    event: { action: '释放', by: operator.username },
  });
  if (!released) throw await refusal(client, id, operator);
  return released;
}

/**
 * The claimer passes the audit: straight to payout (SUBMITTED), or — at or above the large-amount
 * threshold — to WAITING_FOR_AUDIT for a second operator (the caller files the approval request).
 */
export async function passAudit(client: pg.PoolClient, id: number, operator: Decider, needsSecond: boolean, note: string): Promise<WithdrawalRow> {
  const passed = await transition(client, id, {
    from: ['AUDITING'],
    to: needsSecond ? 'WAITING_FOR_AUDIT' : 'SUBMITTED',
    set: { audited_by: operator.id },
    where: { sql: 'claimed_by = $1', params: [operator.id] },
    event: { action: needsSecond ? '审核通过，提交二次审批' : '审核通过', by: operator.username, note },
  });
  if (!passed) throw await refusal(client, id, operator);
  return passed;
}

/** Rejection (by the claimer, or by the second operator of a large one): the reason is shown to the player. */
export async function rejectWithdrawal(
  client: pg.PoolClient,
  id: number,
  operator: Decider,
  from: 'AUDITING' | 'WAITING_FOR_AUDIT',
  reason: string,
): Promise<WithdrawalRow> {
  const rejected = await transition(client, id, {
    from: [from],
    to: 'AUDIT_NOT_PASSED',
    set: { reason, audited_by: operator.id },
    ...(from === 'AUDITING' ? { where: { sql: 'claimed_by = $1', params: [operator.id] } } : {}),
    event: { action: '审核拒绝', by: operator.username, note: reason },
  });
  if (!rejected) throw await refusal(client, id, operator);
  await returnWithdrawal(client, rejected);
  return rejected;
}

/** The second approval of a large withdrawal ran: off to payout. Null when it is no longer waiting. */
export async function secondApproval(client: pg.PoolClient, id: number, approvalId: number, approver: Decider): Promise<WithdrawalRow | null> {
  return transition(client, id, {
    from: ['WAITING_FOR_AUDIT'],
    to: 'SUBMITTED',
    where: { sql: 'approval_id = $1', params: [approvalId] },
    event: { action: '二次审批通过', by: approver.username },
  });
}

/**
 * Large withdrawals whose approval was rejected in the back office's approval queue (not through the
 * withdrawal page): they end AUDIT_NOT_PASSED with the approver's reason, and the money goes back.
 */
export async function closeRejectedApprovals(pool: pg.Pool): Promise<WithdrawalRow[]> {
  const found = await pool.query<{ id: number; reason: string | null; username: string | null }>(
    `SELECT w.id, a.decision_reason AS reason, o.username FROM withdrawals w
       JOIN operator_approvals a ON a.id = w.approval_id LEFT JOIN operators o ON o.id = a.decided_by
      WHERE w.status = 'WAITING_FOR_AUDIT' AND a.status = 'REJECTED' LIMIT 100`,
  );
  const closed: WithdrawalRow[] = [];
  for (const { id, reason, username } of found.rows) {
    const row = await withTransaction(pool, async (client) => {
      const text = reason ?? '大额提现二次审批未通过';
      const rejected = await transition(client, id, {
        from: ['WAITING_FOR_AUDIT'],
        to: 'AUDIT_NOT_PASSED',
        set: { reason: text },
        event: { action: '二次审批拒绝', by: username, note: text },
      });
      if (rejected) await returnWithdrawal(client, rejected);
      return rejected;
    });
    if (row) closed.push(row);
  }
  return closed;
}
