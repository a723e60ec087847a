// The double-entry ledger (decisions §3): a transfer is a set of entries that sums to zero, written
// once per idempotency key; accounts are locked in id order (no deadlocks between transfers) and a
// player wallet can never go below zero (checked here, and by a constraint underneath).
import type pg from 'pg';
import type { WalletTransactionType } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { AppError } from '../http/errors.ts';

export interface TransferLeg {
  accountId: number;
  amount: Money;
}

export interface TransferInput {
  idempotencyKey: string;
  type: WalletTransactionType;
  legs: readonly TransferLeg[];
  reference?: string;
  memo?: string;
  /** PENDING for the hold step of a two-phase transfer (createPending). */
  state?: 'POSTED' | 'PENDING';
}

export interface TransferResult {
  transferId: number;
  /** True when the key had been used before: nothing was written this time. */
  replayed: boolean;
  /** Balances after the transfer, per account (only when newly written). */
  balances: Map<number, Money>;
}

export class LedgerError extends Error {
  override name = 'LedgerError';
}

export const insufficientFunds = () => new AppError(409, ERROR_CODES.INSUFFICIENT_FUNDS, '余额不足');

/**
 * A posting that would take any balance outside ±(2^53 − 1) (0.0001 元): refused before anything is
 * written, so every balance stays readable as an exact number (the int8 parser refuses larger ones).
 */
export const BALANCE_OUT_OF_RANGE = '金额超出账户余额上限，本次操作未执行';
export const balanceOutOfRange = () => new AppError(409, ERROR_CODES.CONFLICT, BALANCE_OUT_OF_RANGE);

function checkLegs(legs: readonly TransferLeg[]): Map<number, Money> {
  if (legs.length < 2) throw new LedgerError('a transfer needs at least two legs');
  const byAccount = new Map<number, Money>();
  let sum = 0;
  for (const { accountId, amount } of legs) {
    if (!Number.isSafeInteger(amount) || amount === 0) throw new LedgerError(`invalid leg amount ${amount}`);
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0) + amount);
    sum += amount;
  }
  if (sum !== 0) throw new LedgerError(`legs sum to ${sum}, not zero`);
  return byAccount;
}

/** Posts a transfer inside the caller's transaction (`client` has run BEGIN). */
export async function postTransfer(client: pg.PoolClient, input: TransferInput): Promise<TransferResult> {
  return (await postTransfers(client, [input]))[0]!;
}

/**
 * Posts many transfers with a handful of statements (settlement pays thousands at once), inside the
 * caller's transaction. Same rules as one transfer: each key is written once (a key seen before is
 * reported as replayed and changes nothing), accounts are locked in id order, and no entry may take
 * an account that must stay non-negative below zero at any point of the batch.
 */
export async function postTransfers(client: pg.PoolClient, inputs: readonly TransferInput[]): Promise<TransferResult[]> {
  if (inputs.length === 0) return [];
  const keys = new Set<string>();
  for (const input of inputs) {
    checkLegs(input.legs);
    if (keys.has(input.idempotencyKey)) throw new LedgerError(`idempotency key ${input.idempotencyKey} twice in one batch`);
    keys.add(input.idempotencyKey);
  }
  const inserted = await client.query<{ id: number; idempotency_key: string }>(
    `INSERT INTO ledger_transfers (idempotency_key, type, reference, memo, state)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key`,
    [
      inputs.map((i) => i.idempotencyKey),
      inputs.map((i) => i.type),
      inputs.map((i) => i.reference ?? null),
      inputs.map((i) => i.memo ?? null),
      inputs.map((i) => i.state ?? 'POSTED'),
    ],
  );
  const newIds = new Map(inserted.rows.map((r) => [r.idempotency_key, r.id]));
  const replayedKeys = inputs.map((i) => i.idempotencyKey).filter((k) => !newIds.has(k));
  const replayedIds = new Map<string, number>();
  if (replayedKeys.length > 0) {
    const existing = await client.query<{ id: number; idempotency_key: string }>(
      'SELECT id, idempotency_key FROM ledger_transfers WHERE idempotency_key = ANY($1::text[])',
      [replayedKeys],
    );
    for (const row of existing.rows) replayedIds.set(row.idempotency_key, row.id);
  }
  if (replayedKeys.length > 0) await assertSameTransfers(client, inputs.filter((i) => !newIds.has(i.idempotencyKey)));
  const fresh = inputs.filter((i) => newIds.has(i.idempotencyKey));
  const balances = fresh.length > 0 ? await applyEntries(client, fresh, newIds) : new Map<number, Money>();
  return inputs.map((input) => {
    const id = newIds.get(input.idempotencyKey);
    if (id === undefined) return { transferId: replayedIds.get(input.idempotencyKey)!, replayed: true, balances: new Map() };
    const touched = new Map(input.legs.map((l) => [l.accountId, balances.get(l.accountId)!]));
    return { transferId: id, replayed: false, balances: touched };
  });
}

/**
 * A key seen before is a replay only if it asks for the same transfer (type and net amount per
 * account). The same key with other legs is a programming error — two different movements under
 * one key — and is refused rather than silently dropped.
 */
async function assertSameTransfers(client: pg.PoolClient, replays: readonly TransferInput[]): Promise<void> {
  const stored = await client.query<{ idempotency_key: string; type: string; account_id: number | null; amount: number | null }>(
    `SELECT t.idempotency_key, t.type, e.account_id, sum(e.amount)::bigint AS amount
       FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
      WHERE t.idempotency_key = ANY($1::text[]) GROUP BY t.idempotency_key, t.type, e.account_id`,
    [replays.map((r) => r.idempotencyKey)],
  );
  const byKey = new Map<string, { type: string; legs: Map<number, number> }>();
  for (const row of stored.rows) {
    const found = byKey.get(row.idempotency_key) ?? { type: row.type, legs: new Map<number, number>() };
    if (row.account_id !== null && row.amount !== 0) found.legs.set(row.account_id, row.amount ?? 0);
    byKey.set(row.idempotency_key, found);
  }
  for (const input of replays) {
    const found = byKey.get(input.idempotencyKey);
    const wanted = [...checkLegs(input.legs)].filter(([, amount]) => amount !== 0);
    const same =
      found !== undefined &&
      found.type === input.type &&
      found.legs.size === wanted.length &&
      wanted.every(([accountId, amount]) => found.legs.get(accountId) === amount);
    if (!same) throw new LedgerError(`idempotency key ${input.idempotencyKey} reused for a different transfer`);
  }
}

/**
 * Locks the accounts, checks every running balance (never below zero where not allowed, always a safe
 * integer), then updates balances and writes the entries: a refused batch writes no entry or balance.
 */
async function applyEntries(
  client: pg.PoolClient,
  transfers: readonly TransferInput[],
  transferIds: Map<string, number>,
): Promise<Map<number, Money>> {
  const accountIds = [...new Set(transfers.flatMap((t) => t.legs.map((l) => l.accountId)))].sort((a, b) => a - b);
  const locked = await client.query<{ id: number; balance: number; allow_negative: boolean }>(
    'SELECT id, balance, allow_negative FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
    [accountIds],
  );
  if (locked.rowCount !== accountIds.length) throw new LedgerError('unknown ledger account');
  const mayGoNegative = new Map(locked.rows.map((a) => [a.id, a.allow_negative]));
  const running = new Map(locked.rows.map((a) => [a.id, a.balance]));
  const entryTransfer: number[] = [];
  const entryAccount: number[] = [];
  const entryAmount: number[] = [];
  const entryAfter: number[] = [];
  for (const transfer of transfers) {
    for (const { accountId, amount } of transfer.legs) {
      const after = running.get(accountId)! + amount;
      if (!Number.isSafeInteger(after)) throw balanceOutOfRange();
      if (after < 0 && !mayGoNegative.get(accountId)) throw insufficientFunds();
      running.set(accountId, after);
      entryTransfer.push(transferIds.get(transfer.idempotencyKey)!);
      entryAccount.push(accountId);
      entryAmount.push(amount);
      entryAfter.push(after);
    }
  }
  await client.query(
    `UPDATE ledger_accounts a SET balance = d.balance FROM unnest($1::bigint[], $2::bigint[]) AS d(id, balance)
      WHERE a.id = d.id`,
    [accountIds, accountIds.map((id) => running.get(id))],
  );
  await client.query(
    `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[])`,
    [entryTransfer, entryAccount, entryAmount, entryAfter],
  );
  return running;
}

/** The player's main wallet account, created on first use. */
export async function playerAccountId(db: pg.Pool | pg.PoolClient, customerId: number): Promise<number> {
  // Read first: nearly every call finds it, with no write.
  const existing = await db.query<{ id: number }>('SELECT id FROM ledger_accounts WHERE code = $1', [`player:${customerId}:main`]);
  if (existing.rows[0]) return existing.rows[0].id;
  return (await playerAccountIds(db, [customerId])).get(customerId)!;
}

/**
 * The main wallet accounts of many players at once (settlement pays thousands per batch): one
 * SELECT by code, and the same upsert as playerAccountId for any that do not exist yet.
 */
export async function playerAccountIds(db: pg.Pool | pg.PoolClient, customerIds: readonly number[]): Promise<Map<number, number>> {
  const wanted = [...new Set(customerIds)].sort((a, b) => a - b);
  const ids = new Map<number, number>();
  if (wanted.length === 0) return ids;
  const found = await db.query<{ id: number; customer_id: number }>(
    `SELECT id, customer_id FROM ledger_accounts WHERE code = ANY($1::text[])`,
    [wanted.map((c) => `player:${c}:main`)],
  );
  for (const row of found.rows) ids.set(row.customer_id, row.id);
  const missing = wanted.filter((c) => !ids.has(c));
  if (missing.length > 0) {
    // A wallet has two unique keys (its code, and one PLAYER_MAIN per customer): a conflict on either
    // with a concurrent first use is no error (ON CONFLICT (code) alone let the other key's violation
    // through), and the wallets another transaction just created are read after the insert.
    const created = await db.query<{ id: number; customer_id: number }>(
      `INSERT INTO ledger_accounts (code, kind, customer_id)
       SELECT 'player:' || c || ':main', 'PLAYER_MAIN', c FROM unnest($1::bigint[]) AS c
       ON CONFLICT DO NOTHING RETURNING id, customer_id`,
      [missing],
    );
    for (const row of created.rows) ids.set(row.customer_id, row.id);
    const raced = missing.filter((c) => !ids.has(c));
    if (raced.length > 0) {
      const others = await db.query<{ id: number; customer_id: number }>(`SELECT id, customer_id FROM ledger_accounts WHERE code = ANY($1::text[])`, [
        raced.map((c) => `player:${c}:main`),
      ]);
      for (const row of others.rows) ids.set(row.customer_id, row.id);
    }
  }
  return ids;
}

/** A house, clearing or external account by code, created on first use (they may go negative). */
export async function systemAccountId(
  db: pg.Pool | pg.PoolClient,
  code: string,
  kind: 'HOUSE' | 'CLEARING' | 'EXTERNAL',
): Promise<number> {
  const result = await db.query<{ id: number }>(
    `INSERT INTO ledger_accounts (code, kind, allow_negative) VALUES ($1, $2, true)
     ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code RETURNING id`,
    [code, kind],
  );
  return result.rows[0]!.id;
}

export async function playerBalance(db: pg.Pool | pg.PoolClient, customerId: number): Promise<Money> {
  const result = await db.query<{ balance: number }>(
    `SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`,
    [customerId],
  );
  return result.rows[0]?.balance ?? 0;
}

export interface ReconciliationReport {
  ok: boolean;
  /** Σ of every entry: must be 0. */
  totalOfEntries: Money;
  /** Transfers whose entries do not sum to zero. */
  unbalancedTransfers: number[];
  /** Accounts whose balance differs from the sum of their entries. */
  driftingAccounts: { accountId: number; balance: Money; entries: Money }[];
  /** Accounts below zero that may not be. */
  negativeAccounts: number[];
  /** Transfers without a single entry (a transfer always moves money: at least two legs). */
  emptyTransfers: number[];
}

/**
 * Proves balance = Σ entries for every account and Σ entries = 0 for every transfer and overall, and
 * that every transfer has entries (a transfer row without any would pass the sums unseen).
 */
export async function reconcile(db: pg.Pool | pg.PoolClient): Promise<ReconciliationReport> {
  const total = await db.query<{ total: number | null }>('SELECT sum(amount)::bigint AS total FROM ledger_entries');
  const unbalanced = await db.query<{ transfer_id: number }>(
    'SELECT transfer_id FROM ledger_entries GROUP BY transfer_id HAVING sum(amount) <> 0',
  );
  const drifting = await db.query<{ id: number; balance: number; entries: number }>(
    `SELECT a.id, a.balance, coalesce(sum(e.amount), 0)::bigint AS entries
       FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`,
  );
  const negative = await db.query<{ id: number }>(
    'SELECT id FROM ledger_accounts WHERE balance < 0 AND NOT allow_negative',
  );
  const empty = await db.query<{ id: number }>(
    'SELECT t.id FROM ledger_transfers t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transfer_id = t.id) ORDER BY t.id',
  );
  const report: ReconciliationReport = {
    ok: false,
    totalOfEntries: total.rows[0]?.total ?? 0,
    unbalancedTransfers: unbalanced.rows.map((r) => r.transfer_id),
    driftingAccounts: drifting.rows.map((r) => ({ accountId: r.id, balance: r.balance, entries: r.entries })),
    negativeAccounts: negative.rows.map((r) => r.id),
    emptyTransfers: empty.rows.map((r) => r.id),
  };
  report.ok =
    report.totalOfEntries === 0 &&
    report.unbalancedTransfers.length === 0 &&
    report.driftingAccounts.length === 0 &&
    report.negativeAccounts.length === 0 &&
    report.emptyTransfers.length === 0;
  return report;
}

// ── Two-phase transfers (withdrawals under audit, transfers to third-party wallets) ──────────────
// The pending step moves the amount from the payer into a hold account at once (so it cannot be
// spent twice); posting moves it on to the payee, voiding moves it back. Each step is an ordinary,
// append-only transfer; the pending transfer's state records the outcome, exactly once.

export const HOLD_ACCOUNT = 'clearing:pending';

export interface PendingInput {
  idempotencyKey: string;
  type: WalletTransactionType;
  fromAccountId: number;
  amount: Money;
  reference?: string;
  memo?: string;
}

export async function createPending(client: pg.PoolClient, input: PendingInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new LedgerError(`invalid pending amount ${input.amount}`);
  const hold = await systemAccountId(client, HOLD_ACCOUNT, 'CLEARING');
  const result = await postTransfer(client, {
    idempotencyKey: input.idempotencyKey,
    type: input.type,
    reference: input.reference,
    memo: input.memo,
    state: 'PENDING',
    legs: [
      { accountId: input.fromAccountId, amount: -input.amount },
      { accountId: hold, amount: input.amount },
    ],
  });
  return result;
}

export type PendingOutcome = 'POSTED' | 'VOIDED';

/**
 * Resolves a pending transfer: POSTED sends the held amount to `toAccountId`, VOIDED returns it to
 * the payer. Resolving twice is refused, whatever the second outcome asks for.
 */
export async function resolvePending(
  client: pg.PoolClient,
  input: { pendingTransferId: number; outcome: PendingOutcome; toAccountId?: number; type: WalletTransactionType },
): Promise<TransferResult> {
  const pending = await client.query<{ state: string; reference: string | null }>(
    'SELECT state, reference FROM ledger_transfers WHERE id = $1 FOR UPDATE',
    [input.pendingTransferId],
  );
  const row = pending.rows[0];
  if (!row) throw new LedgerError('unknown pending transfer');
  if (row.state !== 'PENDING') throw new LedgerError(`transfer ${input.pendingTransferId} is already ${row.state}`);
  const legs = await client.query<{ account_id: number; amount: number }>(
    'SELECT account_id, amount FROM ledger_entries WHERE transfer_id = $1 ORDER BY id',
    [input.pendingTransferId],
  );
  const hold = legs.rows.find((l) => l.amount > 0)!;
  const payer = legs.rows.find((l) => l.amount < 0)!;
  const destination = input.outcome === 'POSTED' ? input.toAccountId : payer.account_id;
  if (destination === undefined) throw new LedgerError('posting a pending transfer needs a destination account');
  const result = await postTransfer(client, {
    idempotencyKey: `pending:${input.pendingTransferId}:${input.outcome}`,
    type: input.type,
    reference: row.reference ?? undefined,
    legs: [
      { accountId: hold.account_id, amount: -hold.amount },
      { accountId: destination, amount: hold.amount },
    ],
  });
  await client.query('UPDATE ledger_transfers SET state = $2 WHERE id = $1', [input.pendingTransferId, input.outcome]);
  return result;
}
