// An agent's transfer to a direct member (团队转账, issue 19 item 5): one TT ledger transfer from the
// agent's wallet to the member's, so both statements show it. Every check that depends on the agent's
// other transfers (the client key, today's total) runs under the agent's lock in the transaction that
// posts the money, and the ledger itself refuses an overdraft: parallel requests can neither overdraw
// nor pass the daily cap together.
import type pg from 'pg';
import type { Transfer, TransferConfig, TransferRequest } from '../../../shared/api/agent-team.ts';
import { TRANSFER_LIMIT_DEFAULTS, transferAmountRule } from '../../../shared/api/agent-team.ts';
import { formatAmountPlain } from '../../../shared/validation/amount-text.ts';
import { amountProblem } from '../../../shared/validation/amount.ts';
import { fieldError } from '../../accounts/validation.ts';
import { withTransaction, type Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { loadSettings } from '../../protection/settings.ts';
import { hasMoneyPassword } from '../../wallet/withdrawals/money-password.ts';
import { playerAccountId, playerBalance, postTransfer } from '../../wallet/ledger.ts';
import { moveRequiredStake } from '../../wallet/required-stake.ts';
import { assertTeamMember } from '../tree.ts';

export interface TransferLimits {
  minAmount: number;
  maxAmount: number;
  dailyAmountLimit: number;
}

/** Defaults until the operator's settings carry them (docs/agents/team.md). */
export const transferLimits = (): TransferLimits => ({ ...TRANSFER_LIMIT_DEFAULTS });

const AGENT_TRANSFER_LOCK = 190_027;
const AMOUNT_LABEL = transferAmountRule.label;

async function lockAgentTransfers(client: pg.PoolClient, agentId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [AGENT_TRANSFER_LOCK, agentId % 2_147_483_647]);
}

/** What the agent has transferred today (Beijing day). */
export async function transferredToday(db: Queryable, agentId: number): Promise<number> {
  const found = await db.query<{ amount: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS amount FROM agent_transfers
      WHERE agent_id = $1 AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`,
    [agentId],
  );
  return found.rows[0]!.amount;
}

export async function transferConfig(pool: pg.Pool, agentId: number): Promise<TransferConfig> {
  const limits = transferLimits();
  return {
    balance: await playerBalance(pool, agentId),
    ...limits,
    usedToday: await transferredToday(pool, agentId),
    hasMoneyPassword: await hasMoneyPassword(pool, agentId),
  };
}

interface TransferRow {
  id: number;
  reference: string;
  member_id: number;
  amount: number;
  created_at: Date;
}

/** Why the member may not receive money now, or null. */
async function receivingProblem(client: pg.PoolClient, agentId: number, memberId: number): Promise<string | null> {
  const found = await client.query<{ parent_id: number | null; test_mode: string | null; frozen_at: Date | null }>(
    'SELECT parent_id, test_mode, frozen_at FROM customers WHERE id = $1',
    [memberId],
  );
  const member = found.rows[0]!;
  if (member.parent_id !== agentId) return '只能向直属会员转账';
  if (member.test_mode !== null) return '试玩账号不能接收转账';
  if (member.frozen_at !== null) return '该会员账号已被冻结，不能接收转账';
  // A member who chose a cooling-off or self-exclusion period receives no money to play with: a
  // transfer is money in, like a deposit, which the period blocks (decisions §8).
  const protection = await loadSettings(client, memberId);
  const now = new Date();
  if ((protection.coolingOffUntil && protection.coolingOffUntil > now) || (protection.selfExcludedUntil && protection.selfExcludedUntil > now)) {
    return '该会员处于冷静期或自我排除期，暂不能接收转账';
  }
  return null;
}

export interface TransferOutcome {
  transfer: Transfer;
  /** The client key was used before: this is the earlier transfer, nothing moved this time. */
  replayed: boolean;
  memberBalance: number | null;
}

/** The transfer once the money password is confirmed: every check and the ledger transfer in one locked transaction. */
export async function placeTransfer(pool: pg.Pool, agentId: number, body: Omit<TransferRequest, 'moneyPassword'>): Promise<TransferOutcome> {
  const limits = transferLimits();
  return withTransaction(pool, async (client) => {
    await lockAgentTransfers(client, agentId);
    const earlier = await client.query<TransferRow & { username: string }>(
      `SELECT t.id, t.reference, t.member_id, t.amount, t.created_at, c.username FROM agent_transfers t JOIN customers c ON c.id = t.member_id
        WHERE t.agent_id = $1 AND t.client_key = $2`,
      [agentId, body.clientKey],
    );
    const replay = earlier.rows[0];
    if (replay) {
      if (replay.member_id !== body.memberId || replay.amount !== body.amount) throw errors.conflict('该转账请求已处理，请刷新后重试');
      return { transfer: toTransfer(replay, replay.username, await playerBalance(client, agentId)), replayed: true, memberBalance: null };
    }

    await assertTeamMember(client, agentId, body.memberId);
    const refusal = await receivingProblem(client, agentId, body.memberId);
    if (refusal) throw errors.conflict(refusal);

    const problem = amountProblem(body.amount, { label: AMOUNT_LABEL, min: limits.minAmount, max: limits.maxAmount });
    if (problem) throw fieldError('amount', problem);
    const used = await transferredToday(client, agentId);
    if (used + body.amount > limits.dailyAmountLimit) {
      const left = Math.max(0, limits.dailyAmountLimit - used);
      throw errors.conflict(`超出今日转账额度，今日还可转账 ¥${formatAmountPlain(left)}`);
    }

    const next = await client.query<{ id: number; reference: string }>(
      `SELECT id, 'TT' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 8, '0') AS reference
         FROM (SELECT nextval(pg_get_serial_sequence('agent_transfers', 'id')) AS id) n`,
    );
    const { id, reference } = next.rows[0]!;
    // The requirement goes with the money (wallet/required-stake.ts): the member stakes what the agent had
    // yet to. Before the ledger: every writer locks required-stake rows before ledger accounts.
    await moveRequiredStake(client, agentId, body.memberId, body.amount, `agent-transfer:${reference}`);
    const from = await playerAccountId(client, agentId);
    const to = await playerAccountId(client, body.memberId);
    const names = await client.query<{ id: number; username: string }>('SELECT id, username FROM customers WHERE id = ANY($1::bigint[])', [
      [agentId, body.memberId],
    ]);
    const nameOf = (customerId: number) => names.rows.find((r) => r.id === customerId)!.username;
    // The ledger refuses a transfer larger than the agent's balance (余额不足), rolling everything back.
    const posted = await postTransfer(client, {
      idempotencyKey: `agent-transfer:${agentId}:${body.clientKey}`,
      type: 'TT',
      reference,
      memo: `${nameOf(agentId)} → ${nameOf(body.memberId)}`,
      legs: [
        { accountId: from, amount: -body.amount },
        { accountId: to, amount: body.amount },
      ],
    });
    const inserted = await client.query<TransferRow>(
      `INSERT INTO agent_transfers (id, reference, agent_id, member_id, amount, client_key, transfer_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, reference, member_id, amount, created_at`,
      [id, reference, agentId, body.memberId, body.amount, body.clientKey, posted.transferId],
    );
    return {
      transfer: toTransfer(inserted.rows[0]!, nameOf(body.memberId), posted.balances.get(from)!),
      replayed: false,
      memberBalance: posted.balances.get(to)!,
    };
  });
}

function toTransfer(row: TransferRow, username: string, balance: number): Transfer {
  return {
    id: row.id,
    reference: row.reference,
    memberId: row.member_id,
    username,
    amount: row.amount,
    balance,
    createdAt: row.created_at.getTime(),
  };
}
