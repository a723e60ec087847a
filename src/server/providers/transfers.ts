// Main wallet ↔ provider wallet transfers (issue 20 item 4; docs/providers/server.md). Three steps:
//   1. start: in one transaction under the player's lock — the request key is looked up (a key seen
//      before answers with its transfer), at most one unresolved transfer per player and provider,
//      the row is written and the amount held in our ledger (transfer-ledger.ts);
//   2. send: the provider is asked, outside any transaction;
//   3. settle: the row is locked and resolved exactly once — SUCCESS posts the hold, FAILED voids
//      it, IN_DOUBT leaves it held until the resolver (in-doubt.ts) hears from the provider. An answer
//      that is not about the transfer we asked for (another amount, direction or player) settles
//      nothing: IN_DOUBT for an operator, with the reason in last_error (`answerMismatch`).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';
import { withTransaction } from '../db/pool.ts';
import { assertMayBet } from '../protection/index.ts';
import { errors } from '../http/errors.ts';
import { formatAmountPlain } from '../../shared/validation/amount-text.ts';
import { ProviderInDoubtError, ProviderUnavailableError, providerPlayerRef, type ProviderAdapter, type ProviderTransfer } from './adapter.ts';
import { holdTransfer, postHeldTransfer, voidHeldTransfer, type Direction } from './transfer-ledger.ts';
import { isOpen, recordEvent, transferById, type TransferOrigin, type TransferRow } from './transfer-store.ts';
import { ensurePlayerAt, rememberBalance } from './wallets.ts';

const CUSTOMER_LOCK = 200_020;
/** Largest single transfer: ¥10,000,000 (whole 元). */
export const MAX_TRANSFER: Money = 10_000_000 * 10_000;

export const TRANSFER_BUSY_MESSAGE = '该平台有一笔转账正在确认中，请稍后再试';

export interface TransferIntent {
  customerId: number;
  provider: ThirdPartyProvider;
  direction: Direction;
  amount: Money;
  requestKey: string;
  origin: TransferOrigin;
}

export type Outcome =
  /**
   * `balanceFresh`: `balanceAfter` is the provider's balance now (the answer to the transfer itself). From a
   * later status query it is not: the wallet is then only adjusted by the amount and marked stale.
   */
  | { status: 'SUCCESS'; balanceAfter: Money | null; balanceFresh: boolean; detail?: string }
  | { status: 'FAILED'; detail: string }
  /** `manual`: no automatic re-check (the same answer would only come back); an operator's 立即查询 asks again. */
  | { status: 'IN_DOUBT'; detail: string; manual?: boolean };

/** Starts `last_error` of a transfer the provider answered about with another amount, direction or player. */
export const MISMATCH_PREFIX = '服务商应答与转账不符';

export const isMismatch = (row: Pick<TransferRow, 'last_error'>) => row.last_error?.startsWith(MISMATCH_PREFIX) ?? false;

/**
 * What in the provider's answer differs from the transfer we asked for, or null. Such an answer
 * settles nothing: it is neither the SUCCESS nor the FAILED of our transfer (decisions §10).
 */
export function answerMismatch(row: TransferRow, answer: ProviderTransfer): string | null {
  const problems: string[] = [];
  if (answer.reference !== row.reference) problems.push(`单号 ${answer.reference}（应为 ${row.reference}）`);
  const playerRef = providerPlayerRef(row.customer_id);
  if (answer.playerRef !== playerRef) problems.push(`玩家 ${answer.playerRef}（应为 ${playerRef}）`);
  if (answer.direction !== row.direction) problems.push(`方向 ${answer.direction}（应为 ${row.direction}）`);
  if (answer.amount !== row.amount) problems.push(`金额 ${formatAmountPlain(answer.amount)}（应为 ${formatAmountPlain(row.amount)}）`);
  if (problems.length === 0) return null;
  return `${MISMATCH_PREFIX}（应答${answer.status === 'SUCCESS' ? '成功' : '失败'}）：${problems.join('；')}，需人工核对`;
}

/** The outcome of a provider's answer about `row` (to the transfer or to a status query). */
export function outcomeOfAnswer(row: TransferRow, answer: ProviderTransfer, from: 'transfer' | 'query'): Outcome {
  const mismatch = answerMismatch(row, answer);
  if (mismatch) return { status: 'IN_DOUBT', detail: mismatch, manual: true };
  if (answer.status === 'FAILED') return { status: 'FAILED', detail: from === 'transfer' ? '服务商拒绝了转账' : '服务商确认失败' };
  return from === 'transfer'
    ? { status: 'SUCCESS', balanceAfter: answer.balanceAfter, balanceFresh: true }
    : { status: 'SUCCESS', balanceAfter: answer.balanceAfter, balanceFresh: false, detail: '服务商确认成功' };
}

async function lockCustomer(client: pg.PoolClient, customerId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [CUSTOMER_LOCK, customerId % 2_147_483_647]);
}

const newReference = () => `jt${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

/** Step 1. Returns the row and whether the request key had been used before (nothing new then). */
export async function startTransfer(pool: pg.Pool, intent: TransferIntent): Promise<{ row: TransferRow; replayed: boolean }> {
  if (intent.amount > MAX_TRANSFER) throw errors.validation('单笔转账金额不能超过10,000,000元', { amount: '单笔转账金额不能超过10,000,000元' });
  return withTransaction(pool, async (client) => {
    await lockCustomer(client, intent.customerId);
    const seen = await client.query<TransferRow>('SELECT * FROM provider_transfers WHERE customer_id = $1 AND request_key = $2', [
      intent.customerId,
      intent.requestKey,
    ]);
    const previous = seen.rows[0];
    if (previous) {
      if (previous.provider !== intent.provider || previous.direction !== intent.direction || previous.amount !== intent.amount) {
        throw errors.conflict('该请求已用于另一笔转账，请刷新后重试');
      }
      return { row: previous, replayed: true };
    }
    // Money sent to a game is played: refused during cooling-off or self-exclusion and past a loss
    // limit, like a bet. Money brought back is always allowed.
    if (intent.direction === 'IN') await assertMayBet(client, intent.customerId, { stake: intent.amount });
    const open = await client.query('SELECT 1 FROM provider_transfers WHERE customer_id = $1 AND provider = $2 AND status IN ($3, $4)', [
      intent.customerId,
      intent.provider,
      'PENDING',
      'IN_DOUBT',
    ]);
    if (open.rowCount) throw errors.conflict(TRANSFER_BUSY_MESSAGE);
    const inserted = await client.query<TransferRow>(
      `INSERT INTO provider_transfers (reference, customer_id, provider, direction, amount, request_key, origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [newReference(), intent.customerId, intent.provider, intent.direction, intent.amount, intent.requestKey, intent.origin],
    );
    const row = inserted.rows[0]!;
    const pendingTransferId = await holdTransfer(client, {
      id: row.id,
      reference: row.reference,
      customerId: row.customer_id,
      provider: row.provider,
      direction: row.direction,
      amount: row.amount,
    });
    await client.query('UPDATE provider_transfers SET pending_transfer_id = $2 WHERE id = $1', [row.id, pendingTransferId]);
    await recordEvent(client, row.id, 'PLAYER', 'CREATED', intent.origin);
    return { row: { ...row, pending_transfer_id: pendingTransferId }, replayed: false };
  });
}

/** Step 2: what the provider says, in terms of what we may conclude (adapter.ts error contract). */
export async function sendTransfer(pool: pg.Pool, adapter: ProviderAdapter, row: TransferRow): Promise<Outcome> {
  try {
    await ensurePlayerAt(pool, adapter, row.customer_id);
  } catch (error) {
    if (error instanceof ProviderInDoubtError || !(error instanceof ProviderUnavailableError)) {
      // The player may or may not exist now; no money was sent, so the transfer certainly failed.
      return { status: 'FAILED', detail: `创建玩家失败: ${describe(error)}` };
    }
    return { status: 'FAILED', detail: `服务商不可用: ${describe(error)}` };
  }
  try {
    const answer = await adapter.transfer({
      playerRef: providerPlayerRef(row.customer_id),
      reference: row.reference,
      direction: row.direction,
      amount: row.amount,
    });
    return outcomeOfAnswer(row, answer, 'transfer');
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return { status: 'FAILED', detail: `服务商不可用: ${describe(error)}` };
    // A time-out, a lost answer or anything unexpected: it may have happened — ask later, never guess.
    return { status: 'IN_DOUBT', detail: describe(error) };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** When the resolver asks again: 5 s, 10 s, 20 s … at most every 10 minutes. */
export function nextCheckDelayMs(checks: number): number {
  return Math.min(5_000 * 2 ** Math.min(checks, 10), 600_000);
}

/**
 * Step 3: resolves the transfer under its row lock. A transfer already resolved is left as it is
 * (whoever settled it first wins; the ledger refuses a second resolution anyway).
 */
export async function settleTransfer(pool: pg.Pool, id: number, outcome: Outcome, actor: string): Promise<TransferRow> {
  return withTransaction(pool, (client) => settleTransferIn(client, id, outcome, actor));
}

/** settleTransfer in the caller's transaction (an operator's approved 人工处理 settles with its approval). */
export async function settleTransferIn(client: pg.PoolClient, id: number, outcome: Outcome, actor: string): Promise<TransferRow> {
  const row = await transferById(client, id, true);
  if (!row) throw errors.notFound('转账记录不存在');
  if (!isOpen(row)) return row;
  const held = { pendingTransferId: row.pending_transfer_id!, customerId: row.customer_id, provider: row.provider, direction: row.direction };
  if (outcome.status === 'SUCCESS') {
    await postHeldTransfer(client, held);
    if (outcome.balanceAfter !== null && outcome.balanceFresh) await rememberBalance(client, row.customer_id, row.provider, outcome.balanceAfter);
    else {
      // Not told the balance now: move ours by the amount; a balance from a status query is history, so the
      // wallet turns stale until it is asked again (the resolver asks right after, wallets.ts "freshness").
      await client.query(`UPDATE provider_wallets SET balance = greatest(0, balance + $3), stale = stale OR $4 WHERE customer_id = $1 AND provider = $2`, [
        row.customer_id,
        row.provider,
        row.direction === 'IN' ? row.amount : -row.amount,
        !outcome.balanceFresh,
      ]);
    }
  } else if (outcome.status === 'FAILED') {
    await voidHeldTransfer(client, held);
  }
  const updated = await client.query<TransferRow>(
    `UPDATE provider_transfers
        SET status = $2::text, last_error = $3, resolved_at = CASE WHEN $2::text IN ('SUCCESS', 'FAILED') THEN now() END,
            checks = checks + CASE WHEN $2::text = 'IN_DOUBT' THEN 1 ELSE 0 END,
            next_check_at = CASE WHEN $2::text = 'IN_DOUBT' AND NOT $5::boolean THEN now() + make_interval(secs => $4::double precision / 1000) END
      WHERE id = $1 RETURNING *`,
    [
      id,
      outcome.status,
      outcome.status === 'SUCCESS' ? null : outcome.detail,
      nextCheckDelayMs(row.checks),
      outcome.status === 'IN_DOUBT' && outcome.manual === true,
    ],
  );
  await recordEvent(client, id, actor, outcome.status, 'detail' in outcome ? (outcome.detail ?? null) : null);
  return updated.rows[0]!;
}

/** Steps 1–3 for a transfer the player (or 一键回收, or a launch) asked for. */
export async function transfer(pool: pg.Pool, adapter: ProviderAdapter, intent: TransferIntent): Promise<TransferRow> {
  const started = await startTransfer(pool, intent);
  if (started.replayed) return started.row;
  const outcome = await sendTransfer(pool, adapter, started.row);
  return settleTransfer(pool, started.row.id, outcome, intent.origin === 'PLAYER' ? 'PLAYER' : intent.origin);
}
