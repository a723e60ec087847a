// The writes of one settlement batch, in two statements after the caps: the guarded order update
// (`UPDATE orders … WHERE status = 'PENDING' RETURNING id`) of the orders that are not a plain loss
// (settlement by exception: a plain loser is not written), then, for the orders it returned only,
// one statement with data-modifying CTEs that rewrites the bets that did not simply lose, inserts the
// WIN/REB transfers (`ON CONFLICT (idempotency_key) DO NOTHING`), the entries of the transfers really
// inserted, with their running balances, and the accounts' new balances. All in the caller's
// transaction. Parameters are arrays; numeric ones are sent as ready-made array literals (node-pg's
// per-element array serialisation was a visible share of settlement's JavaScript time).
import type pg from 'pg';
import { HOUSE_SHARDS } from './accounts.ts';
import { LedgerError, playerAccountIds, systemAccountId } from '../wallet/ledger.ts';

export interface OrderWrite {
  id: number;
  status: 'WON' | 'LOST';
  payout: number;
  /** The part of `payout` that gives back pushed stakes. */
  refund: number;
  rebate: number;
}

export interface BetWrite {
  id: number;
  outcome: 'WIN' | 'LOSE' | 'PUSH';
  payout: number;
  rebate: number;
  /** JSON text. */
  detail: string;
}

/**
 * A transfer from the player's house shard to the player's main wallet: the WIN or REB of one player
 * on one issue (keys `win:<issue>:<customer>`, `reb:<issue>:<customer>`, reference `issue:<issue>`),
 * which carries its per-order or per-bet detail for issue_credits, or the WIN and REB of one instant
 * order (`win:<order>`, `reb:<order>`, reference `order:<order>`).
 */
export interface CreditWrite {
  key: string;
  reference: string;
  customerId: number;
  type: 'WIN' | 'REB';
  amount: number;
  /** An issue's credit: its detail as JSON (WIN `[[orderId, payout], …]`, REB `[[orderId, betId, rebate], …]`), summing to `amount`. */
  issueDetail?: { issueId: number; json: string };
}

export const winCredit = (orderId: number, customerId: number, amount: number): CreditWrite => ({
  key: `win:${orderId}`, reference: `order:${orderId}`, customerId, type: 'WIN', amount,
});
export const orderRebateCredit = (orderId: number, customerId: number, amount: number): CreditWrite => ({
  key: `reb:${orderId}`, reference: `order:${orderId}`, customerId, type: 'REB', amount,
});

export interface SettlementAccounts {
  /** Main wallet account of each customer. */
  player: Map<number, number>;
  /** House shard of each customer. */
  house: Map<number, number>;
  /** Balance of each locked account, by account id. */
  balance: Map<number, number>;
  /** Id of each system account asked for, by code. */
  system: Map<string, number>;
}

const houseCode = (customerId: number) => `house:lottery:${customerId % HOUSE_SHARDS}`;
const playerCode = (customerId: number) => `player:${customerId}:main`;
/** A bigint[]/int[] literal for integers (no quoting needed). */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * Locks, in id order (as postTransfers does: no deadlock with bets placed meanwhile), the main
 * wallets and house shards of `customerIds`, creating any that do not exist yet, and reads their
 * balances. One statement in the usual case (every account exists).
 */
export async function lockSettlementAccounts(
  client: pg.PoolClient,
  customerIds: readonly number[],
  /** Existing system accounts to lock with them (re-settlement's uncollected-corrections account). */
  systemCodes: readonly string[] = [],
): Promise<SettlementAccounts> {
  const customers = [...new Set(customerIds)];
  const accounts: SettlementAccounts = { player: new Map(), house: new Map(), balance: new Map(), system: new Map() };
  if (customers.length === 0) return accounts;
  const codes = [...new Set([...customers.map(playerCode), ...customers.map(houseCode), ...systemCodes])];
  const lock = () =>
    client.query<{ id: number; code: string; balance: number }>(
      'SELECT id, code, balance FROM ledger_accounts WHERE code = ANY($1::text[]) ORDER BY id FOR UPDATE',
      [codes],
    );
  let found = await lock();
  if (found.rows.length < codes.length) {
    // First payout of a player without a wallet, or a house shard never used: create, then lock all.
    const have = new Set(found.rows.map((r) => r.code));
    const missingPlayers = customers.filter((c) => !have.has(playerCode(c)));
    if (missingPlayers.length > 0) await playerAccountIds(client, missingPlayers);
    for (const code of new Set(customers.map(houseCode))) if (!have.has(code)) await systemAccountId(client, code, 'HOUSE');
    found = await lock();
    if (found.rows.length < codes.length) throw new LedgerError('settlement accounts missing');
  }
  const byCode = new Map<string, number>();
  for (const r of found.rows) {
    byCode.set(r.code, r.id);
    accounts.balance.set(r.id, Number(r.balance));
  }
  for (const code of systemCodes) accounts.system.set(code, byCode.get(code)!);
  for (const c of customers) {
    accounts.player.set(c, byCode.get(playerCode(c))!);
    accounts.house.set(c, byCode.get(houseCode(c))!);
  }
  return accounts;
}

/** The guarded order update: the ids of the orders this call settled (those that were still PENDING). */
export async function settleOrderRows(client: pg.PoolClient, orders: readonly OrderWrite[], settledAt: number, result: readonly number[]): Promise<Set<number>> {
  const updated = await client.query<{ id: number }>(
    `UPDATE orders o SET status = CASE WHEN s.won THEN 'WON' ELSE 'LOST' END, payout = s.payout, rebate = s.rebate, refund = s.refund,
            settled_at = to_timestamp($5 / 1000.0), result = $6::int[]
       FROM unnest($1::bigint[], $2::boolean[], $3::bigint[], $4::bigint[], $7::bigint[]) AS s(id, won, payout, rebate, refund)
      WHERE o.id = s.id AND o.status = 'PENDING' RETURNING o.id`,
    [
      intArray(orders.map((o) => o.id)),
      `{${orders.map((o) => (o.status === 'WON' ? 't' : 'f')).join(',')}}`,
      intArray(orders.map((o) => o.payout)),
      intArray(orders.map((o) => o.rebate)),
      settledAt,
      intArray(result),
      intArray(orders.map((o) => o.refund)),
    ],
  );
  return new Set(updated.rows.map((r) => Number(r.id)));
}

/**
 * The bets and the money of orders just settled by settleOrderRows, in one statement: the bet rows,
 * the transfers (each key written once: a key seen before writes nothing more), their entries with
 * running balances from the balances read by lockSettlementAccounts, and the new balances. Every
 * credit is a positive amount into a player's wallet from a house shard (which may go negative), so
 * no wallet's running balance can go below zero. Entries come in the credits' order, house leg first.
 */
export async function writeSettlementRest(
  client: pg.PoolClient,
  bets: readonly BetWrite[],
  credits: readonly CreditWrite[],
  accounts: SettlementAccounts,
): Promise<{ transfers: number; keys: string[] }> {
  if (bets.length === 0 && credits.length === 0) return { transfers: 0, keys: [] };
  for (const c of credits) {
    if (!Number.isSafeInteger(c.amount) || c.amount <= 0) throw new LedgerError(`invalid credit amount ${c.amount}`);
  }
  const balances = [...accounts.balance];
  const written = await client.query<{ transfers: number; entries: number; keys: string[] | null }>(
    `WITH b AS (
       UPDATE order_bets b SET outcome = x.outcome, payout = x.payout, rebate = x.rebate, detail = x.detail::jsonb
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[]) AS x(id, outcome, payout, rebate, detail)
        WHERE b.id = x.id RETURNING 1),
     c AS (
       SELECT c.key, CASE WHEN c.win THEN 'WIN' ELSE 'REB' END AS type, c.reference, c.player, c.house, c.amount, c.n,
              c.customer_id, c.detail_issue, c.detail
         FROM unnest($6::text[], $7::boolean[], $8::bigint[], $9::bigint[], $10::bigint[], $13::text[], $14::bigint[], $15::bigint[], $16::text[])
              WITH ORDINALITY AS c(key, win, player, house, amount, reference, customer_id, detail_issue, detail, n)),
     t AS (
       INSERT INTO ledger_transfers (idempotency_key, type, reference)
       SELECT key, type, reference FROM c ORDER BY n
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key),
     legs AS (
       SELECT t.id AS transfer_id, l.account_id, l.amount, c.n, l.leg
         FROM t JOIN c ON c.key = t.idempotency_key
        CROSS JOIN LATERAL (VALUES (1, c.house, -c.amount), (2, c.player, c.amount)) AS l(leg, account_id, amount)),
     e AS (
       INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
       SELECT l.transfer_id, l.account_id, l.amount, a.balance + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.n, l.leg)
         FROM legs l JOIN unnest($11::bigint[], $12::bigint[]) AS a(id, balance) ON a.id = l.account_id
        ORDER BY l.n, l.leg
       RETURNING 1),
     a AS (
       UPDATE ledger_accounts a SET balance = a.balance + d.total
         FROM (SELECT account_id, sum(amount) AS total FROM legs GROUP BY account_id) AS d
        WHERE a.id = d.account_id RETURNING 1),
     r AS (
       INSERT INTO issue_credits (issue_id, customer_id, type, transfer_id, amount, detail)
       SELECT c.detail_issue, c.customer_id, c.type, t.id, c.amount, c.detail::jsonb
         FROM t JOIN c ON c.key = t.idempotency_key WHERE c.detail_issue IS NOT NULL
       RETURNING 1)
     SELECT (SELECT count(*) FROM t)::int AS transfers, (SELECT count(*) FROM e)::int AS entries, (SELECT array_agg(idempotency_key) FROM t) AS keys,
            (SELECT count(*) FROM b)::int AS bets, (SELECT count(*) FROM a)::int AS accounts, (SELECT count(*) FROM r)::int AS rebates`,
    [
      intArray(bets.map((b) => b.id)),
      `{${bets.map((b) => b.outcome).join(',')}}`,
      intArray(bets.map((b) => b.payout)),
      intArray(bets.map((b) => b.rebate)),
      bets.map((b) => b.detail),
      credits.map((c) => c.key),
      `{${credits.map((c) => (c.type === 'WIN' ? 't' : 'f')).join(',')}}`,
      intArray(credits.map((c) => accounts.player.get(c.customerId)!)),
      intArray(credits.map((c) => accounts.house.get(c.customerId)!)),
      intArray(credits.map((c) => c.amount)),
      intArray(balances.map(([id]) => id)),
      intArray(balances.map(([, balance]) => balance)),
      credits.map((c) => c.reference),
      intArray(credits.map((c) => c.customerId)),
      credits.map((c) => c.issueDetail?.issueId ?? null),
      credits.map((c) => c.issueDetail?.json ?? null),
    ],
  );
  const row = written.rows[0]!;
  if (row.entries !== row.transfers * 2) throw new LedgerError(`settlement wrote ${row.entries} entries for ${row.transfers} transfers`);
  return { transfers: row.transfers, keys: row.keys ?? [] };
}
