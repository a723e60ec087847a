// Settling orders against a draw result. An order is settled exactly once: its status moves from
// PENDING only once (a guarded UPDATE, which waits for any other writer of the row and then skips it
// if it is no longer pending), and only the orders that UPDATE returns get bets written — in one
// transaction per batch, so a crash half-way leaves each order either settled or pending. The money
// of an issue is paid once its orders are written, as one WIN and one REB transfer per player keyed
// by issue and player and summed from the rows themselves (postIssueCredits); an instant order's WIN
// and REB transfers are keyed by the order and written with it.
import type pg from 'pg';
import type { NewLiveEvent } from '../events/outbox.ts';
import { lockSettlementAccounts, orderRebateCredit, settleOrderRows, winCredit, writeSettlementRest, type BetWrite, type CreditWrite } from './settle-write.ts';
import { issuePayoutCap, orderPayoutCap, Settler, type BetSettlement, type StoredBet } from './pricing.ts';
import { formatResultText } from '../../shared/draws/display.ts';
import { withTransaction } from '../db/pool.ts';
import { boardSettingsAt, currentBoardSettings } from '../games/settings.ts';

export interface PendingOrder {
  id: number;
  customerId: number;
  drawType: string;
  playMode: 'REGULAR' | 'BOARD';
  issueNumber: string;
  totalStake: number;
  isAutobet: boolean;
  /** When it was placed (ms, draw clock): board bets settle at the odds in force then. Unknown: the current odds. */
  placedAt?: number;
  bets: (StoredBet & { id: number })[];
}

export interface SettledOrder {
  order: PendingOrder;
  status: 'WON' | 'LOST';
  /** Winnings and refunds together: what the player is paid. */
  payout: number;
  /** The part of `payout` that is pushed stake given back; the caps bound only `payout − refund`. */
  refund: number;
  rebate: number;
  bets: { id: number; settlement: BetSettlement }[];
}

export interface JackpotHook {
  /**
   * Contribution of a settled order to the jackpot pool (0 for none), called once per order settled,
   * in the batch's transaction, with the order as placed and its outcome after every cap.
   */
  contribution(order: PendingOrder, outcome: { status: 'WON' | 'LOST'; payout: number; rebate: number }): number;
}
export const noJackpot: JackpotHook = { contribution: () => 0 };

interface OrderRow {
  id: number;
  customer_id: number;
  draw_type: string;
  play_mode: 'REGULAR' | 'BOARD';
  issue_number: string;
  total_stake: number;
  is_autobet: boolean;
}

interface BetRow {
  id: number;
  order_id: number;
  code: string;
  selection: unknown;
  mode: string | null;
  multiplier: number | null;
  prize_group: number | null;
  bet_count: number;
  stake: number;
  rebate: number;
}

/** One of `of` disjoint shares of an issue's orders: those of the players with customer_id mod `of` = `index`. */
export interface SettlementShare {
  of: number;
  index: number;
}

/**
 * Reads up to `limit` pending orders of an issue with ids above `afterId`, with their bets. A settler
 * passes the last id of its previous batch, so that each batch reads only its own rows instead of
 * walking again past every order settled before it. With a `share`, only that share's players'
 * orders. The rows are not locked (they were, FOR UPDATE SKIP LOCKED, before the settlers of an issue
 * were serialised by the issue lock and split into disjoint shares): the guarded UPDATE in
 * writeSettlements is what makes settling exactly-once, whoever else touches the rows meanwhile.
 */
export async function readPendingOrders(
  client: pg.PoolClient,
  issue: { id: number; drawType: string; issueNumber: string },
  limit: number,
  afterId = 0,
  share?: SettlementShare,
): Promise<PendingOrder[]> {
  const { sql: shareFilter, params: shareParams } = shareCondition(share, 4);
  // The orders and their bets in one statement: the orders, then one index probe per order
  // on (order_id, seq) — LATERAL, so that the planner cannot hash-join against the whole order_bets
  // table. Each order's columns come once per bet, so they are few: the draw type and issue number
  // are the issue's, and the placement time (as epoch milliseconds, not a timestamp to parse) is
  // read only for board orders, whose odds depend on it. Rows as arrays: settling reads a million of
  // them, and an object per row was a visible share of the settler's time in the garbage collector.
  const found = await client.query<unknown[]>({
    text: `SELECT o.id, o.customer_id, o.play_mode, o.total_stake, o.is_autobet, o.placed_at,
                  b.id AS bet_id, b.code, b.selection, b.mode, b.multiplier, b.prize_group, b.bet_count, b.stake, b.rebate
             FROM (SELECT id, customer_id, play_mode, total_stake, is_autobet,
                          CASE WHEN play_mode = 'BOARD' THEN (extract(epoch FROM created_at) * 1000)::float8 END AS placed_at
                     FROM orders
                    WHERE issue_id = $1 AND status = 'PENDING' AND id > $3 ${shareFilter} ORDER BY id LIMIT $2) AS o
             LEFT JOIN LATERAL (SELECT * FROM order_bets WHERE order_id = o.id ORDER BY seq) AS b ON true
            ORDER BY o.id`,
    values: [issue.id, limit, afterId, ...shareParams],
    rowMode: 'array',
  });
  const orders: PendingOrder[] = [];
  let current: PendingOrder | undefined;
  for (const r of found.rows) {
    const id = r[0] as number;
    if (current?.id !== id) {
      const placedAt = r[5] as number | null;
      current = {
        id,
        customerId: r[1] as number,
        drawType: issue.drawType,
        playMode: r[2] as PendingOrder['playMode'],
        issueNumber: issue.issueNumber,
        totalStake: r[3] as number,
        isAutobet: r[4] as boolean,
        ...(placedAt === null ? {} : { placedAt: Math.floor(placedAt) }),
        bets: [],
      };
      orders.push(current);
    }
    if (r[6] !== null) {
      current.bets.push({
        id: r[6] as number,
        code: r[7] as string,
        selection: r[8],
        mode: r[9] as string | null,
        multiplier: r[10] as number | null,
        prizeGroup: r[11] as number | null,
        betCount: r[12] as number,
        stake: r[13] as number,
        rebate: r[14] as number,
      });
    }
  }
  return orders;
}

/**
 * The smallest id of a pending order of the issue (in the share), or null when none is pending:
 * where a settler's cursor starts. Read through the (issue_id, status) index — `id + 0` keeps the
 * planner from walking the primary key from the first order ever placed instead.
 */
export async function firstPendingOrderId(db: pg.Pool | pg.PoolClient, issueId: number, share?: SettlementShare): Promise<number | null> {
  const { sql: shareFilter, params: shareParams } = shareCondition(share, 2);
  const found = await db.query<{ id: number | null }>(
    `SELECT min(id + 0) AS id FROM orders WHERE issue_id = $1 AND status = 'PENDING' ${shareFilter}`,
    [issueId, ...shareParams],
  );
  return found.rows[0]?.id ?? null;
}

function shareCondition(share: SettlementShare | undefined, firstParam: number): { sql: string; params: unknown[] } {
  if (!share || share.of <= 1) return { sql: '', params: [] };
  // Written as "not one of the other residues": the planner estimates `x <> ALL(…)` as matching
  // most rows (it would guess 0.5 % for `x % n = k` and sort the whole issue instead of walking
  // the primary key from the cursor).
  const others = Array.from({ length: share.of }, (_, r) => r).filter((r) => r !== share.index);
  return { sql: `AND customer_id % $${firstParam} <> ALL($${firstParam + 1}::bigint[])`, params: [share.of, others] };
}

export async function attachBets(client: pg.PoolClient | pg.Pool, rows: readonly OrderRow[]): Promise<PendingOrder[]> {
  if (rows.length === 0) return [];
  // A join on the ids (not `order_id = ANY(…)`, which the planner may answer with a scan of the
  // whole table when thousands of ids are asked for): one index probe per order.
  const bets = await client.query<BetRow>(
    `SELECT b.id, b.order_id, b.code, b.selection, b.mode, b.multiplier, b.prize_group, b.bet_count, b.stake, b.rebate
       FROM unnest($1::bigint[]) AS o(id) JOIN order_bets b ON b.order_id = o.id
      ORDER BY b.order_id, b.seq`,
    [rows.map((r) => r.id)],
  );
  const byOrder = new Map<number, PendingOrder['bets']>();
  for (const b of bets.rows) {
    const list = byOrder.get(b.order_id) ?? [];
    list.push({ id: b.id, code: b.code, selection: b.selection, mode: b.mode, multiplier: b.multiplier, prizeGroup: b.prize_group, betCount: b.bet_count, stake: b.stake, rebate: b.rebate });
    byOrder.set(b.order_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    drawType: r.draw_type,
    playMode: r.play_mode,
    issueNumber: r.issue_number,
    totalStake: r.total_stake,
    isAutobet: r.is_autobet,
    bets: byOrder.get(r.id) ?? [],
  }));
}

/** Computes the settlement of orders of one issue (pure: no I/O). */
export function computeSettlements(
  orders: readonly PendingOrder[],
  result: readonly number[],
  issueNumber: string,
  drawDate: string,
): SettledOrder[] {
  const settlers = new Map<string, Settler>();
  const caps = new Map<string, number>();
  return orders.map((order) => {
    const odds =
      order.playMode !== 'BOARD' ? null : order.placedAt === undefined ? currentBoardSettings(order.drawType) : boardSettingsAt(order.drawType, order.placedAt);
    const key = `${order.drawType}:${order.playMode}:${odds?.id ?? 0}`;
    let settler = settlers.get(key);
    if (!settler) {
      settler = new Settler(order.drawType, order.playMode, result, issueNumber, drawDate, odds);
      settlers.set(key, settler);
    }
    const bets = order.bets.map((bet) => ({ id: bet.id, settlement: settler.settle(bet) }));
    const payout = bets.reduce((n, b) => n + b.settlement.payout, 0);
    const refund = bets.reduce((n, b) => n + b.settlement.refund, 0);
    const rebate = bets.reduce((n, b) => n + b.settlement.rebate, 0);
    const won = bets.some((b) => b.settlement.outcome === 'WIN');
    const settled: SettledOrder = { order, status: won ? 'WON' : 'LOST', payout, refund, rebate, bets };
    // The per-order cap applies to the order's bets together (an order of several winning bets
    // would otherwise get one cap per bet), regular and board alike.
    let cap = caps.get(order.drawType);
    if (cap === undefined) caps.set(order.drawType, (cap = orderPayoutCap(order.drawType)));
    capPayout(settled, cap);
    return settled;
  });
}

/** What an order or a bet wins: its payout without the stake given back on pushes. */
const winningsOf = (s: { payout: number; refund: number }): number => s.payout - s.refund;

/**
 * Lowers an order's winnings to at most `limit`, taking the cut from its last bets first. A push
 * gives the stake back whatever the caps (the bet is void, not won), so refunds are never cut.
 */
function capPayout(s: SettledOrder, limit: number): void {
  const winnings = winningsOf(s);
  const granted = Math.max(0, Math.min(winnings, limit));
  if (granted === winnings) return;
  let cut = winnings - granted;
  for (const bet of [...s.bets].reverse()) {
    if (cut === 0) break;
    const take = Math.min(cut, winningsOf(bet.settlement));
    if (take === 0) continue;
    const detail = bet.settlement.detail;
    bet.settlement = {
      ...bet.settlement,
      payout: bet.settlement.payout - take,
      detail: detail !== null && typeof detail === 'object' && !Array.isArray(detail) ? { ...detail, capped: true } : detail,
    };
    cut -= take;
  }
  s.payout = granted + s.refund;
}

/**
 * The per-issue cap over settlements of one issue, in order: each player's winnings may add up to at
 * most the cap, counting `paid` (what the player already won on the issue); later orders get what is
 * left. Refunds of pushed bets are neither capped nor counted. Pure: the caller holds whatever makes
 * `paid` current.
 */
export function capIssuePayouts(settled: readonly SettledOrder[], paid: ReadonlyMap<number, number>): void {
  const remaining = new Map<number, number>();
  for (const s of settled) {
    if (winningsOf(s) === 0) continue;
    const customer = s.order.customerId;
    const left = remaining.get(customer) ?? issuePayoutCap(s.order.drawType) - (paid.get(customer) ?? 0);
    capPayout(s, left);
    remaining.set(customer, left - winningsOf(s));
  }
}

/**
 * What each player has been paid on one issue, for a settler that holds the issue's settlement lock
 * (settleIssue in lifecycle.ts) and so is the only one writing the issue's payouts: each player's
 * total is read from the database once, under the player's cap lock, then kept up to date as the
 * settler's batches commit — instead of re-reading every paid order of the issue in every batch
 * (a cost that grew with the square of the issue's size).
 */
export class PayoutTally {
  private readonly paid = new Map<number, number>();
  private pending = new Map<number, number>();

  /** `stillExclusive` re-checks, inside a batch's transaction, that the settlement lock is still held. */
  constructor(private readonly stillExclusive: (client: pg.PoolClient) => Promise<boolean>) {}

  /** Called once the batch's transaction has committed. */
  commit(): void {
    for (const [customerId, amount] of this.pending) this.paid.set(customerId, (this.paid.get(customerId) ?? 0) + amount);
    this.pending = new Map();
  }

  /** Called when the batch's transaction failed. */
  discard(): void {
    this.pending = new Map();
  }

  /** Paid so far to each of `customerIds`. */
  async read(client: pg.PoolClient, issueId: number, customerIds: readonly number[]): Promise<Map<number, number>> {
    // If the settlement lock is still ours, nobody else has paid them on this issue since we
    // started, and whatever was paid before is committed and readable; and until this transaction
    // ends, a settler taking the issue over waits for it (settlement-lock.ts).
    if (!(await this.stillExclusive(client))) throw new Error(`settlement lock of issue ${issueId} lost; batch abandoned`);
    const unknown = customerIds.filter((c) => !this.paid.has(c));
    if (unknown.length > 0) {
      const found = await paidOnIssue(client, issueId, unknown);
      for (const c of unknown) this.paid.set(c, found.get(c) ?? 0);
    }
    return new Map(customerIds.map((c) => [c, this.paid.get(c)!]));
  }

  /** A payout written by the current batch (counted once the batch commits). */
  add(customerId: number, amount: number): void {
    this.pending.set(customerId, (this.pending.get(customerId) ?? 0) + amount);
  }
}

async function paidOnIssue(client: pg.PoolClient, issueId: number, customerIds: readonly number[]): Promise<Map<number, number>> {
  const paid = await client.query<{ customer_id: number; paid: number }>(
    `SELECT customer_id, sum(payout - refund)::bigint AS paid FROM orders
      WHERE issue_id = $1 AND customer_id = ANY($2::bigint[]) AND status = 'WON' GROUP BY customer_id`,
    [issueId, customerIds],
  );
  return new Map(paid.rows.map((r) => [r.customer_id, r.paid]));
}

/**
 * Caps what each player receives on one issue: what earlier batches paid counts too. A settler
 * holding the issue's settlement lock (with a tally) is the only writer of the issue's payouts. Any
 * other caller takes an advisory lock per (issue, player) in a fixed order, so that two settlers
 * never race past the cap.
 */
async function applyIssueCaps(client: pg.PoolClient, issueId: number, settled: SettledOrder[], tally?: PayoutTally): Promise<void> {
  const winners = [...new Set(settled.filter((s) => winningsOf(s) > 0).map((s) => s.order.customerId))].sort((a, b) => a - b);
  if (winners.length === 0) return;
  if (tally) {
    capIssuePayouts(settled, await tally.read(client, issueId, winners));
    return;
  }
  // One statement, the locks still taken one by one in the winners' order (volatile output
  // expressions are evaluated after ORDER BY).
  await client.query(
    'SELECT pg_advisory_xact_lock($1, k) FROM unnest($2::int[]) WITH ORDINALITY AS w(k, n) ORDER BY n',
    [issueId % 2_147_483_647, winners.map((customerId) => customerId % 2_147_483_647)],
  );
  capIssuePayouts(settled, await paidOnIssue(client, issueId, winners));
}

/** Advisory lock class (first key of the two-key form) of the instant caps; issue ids are positive. */
const INSTANT_CAP_LOCK = -7_412_004;
const MINUTE = 60_000;

/**
 * The per-issue cap of instant draws (秒开), which have no issue: what one player may win on one
 * draw type within one calendar minute (the cadence of the fastest periodic issues, 分分彩), by the
 * settlement time. A lock per player serialises the player's instant settlements while the minute's
 * payouts are read (docs/betting.md#payout-caps).
 */
async function applyInstantCaps(client: pg.PoolClient, settled: SettledOrder[], now: number): Promise<void> {
  const winners = settled.filter((s) => winningsOf(s) > 0);
  if (winners.length === 0) return;
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const customers = [...new Set(winners.map((s) => s.order.customerId))].sort((a, b) => a - b);
  await client.query(
    'SELECT pg_advisory_xact_lock($1, k) FROM unnest($2::int[]) WITH ORDINALITY AS w(k, n) ORDER BY n',
    [INSTANT_CAP_LOCK, customers.map((c) => c % 2_147_483_647)],
  );
  const byDrawType = new Map<string, SettledOrder[]>();
  for (const s of winners) byDrawType.set(s.order.drawType, [...(byDrawType.get(s.order.drawType) ?? []), s]);
  for (const [drawType, group] of byDrawType) {
    const found = await client.query<{ customer_id: number; paid: number }>(
      `SELECT customer_id, sum(payout - refund)::bigint AS paid FROM orders
        WHERE customer_id = ANY($1::bigint[]) AND draw_type = $2 AND issue_id IS NULL AND status = 'WON'
          AND settled_at >= to_timestamp($3 / 1000.0) AND settled_at < to_timestamp($4 / 1000.0)
        GROUP BY customer_id`,
      [[...new Set(group.map((s) => s.order.customerId))], drawType, minute, minute + MINUTE],
    );
    capIssuePayouts(group, new Map(found.rows.map((r) => [r.customer_id, r.paid])));
  }
}

export interface WriteOptions {
  issueId: number | null;
  result: readonly number[];
  now: number;
  jackpot?: JackpotHook;
  /** The issue's payouts so far, kept by a settler holding the issue's settlement lock. */
  tally?: PayoutTally;
  /** false: return no live events (nobody publishes them). Default true. */
  events?: boolean;
  /**
   * Settlement by exception (an issue's settler): plain losers are not written — they are LOST once
   * the issue is SETTLED (order_outcomes) — and their rebates are gathered here; no money moves in the
   * batch: wins and rebates are paid as one transfer each per player per issue (postIssueCredits).
   * Without it every order is written with its own WIN and REB transfers (instant draws, which have
   * no issue to settle).
   */
  rebates?: IssueRebates;
  /**
   * With `rebates`: where the popups of the plain losers go instead of the returned events. They say
   * LOST, which is true only once the issue is SETTLED, so the settler publishes them after that.
   */
  onceSettled?: NewLiveEvent[];
}

/** A settled order that only lost: every bet LOSE, nothing paid, the rebate as promised at placement. */
export function isPlainLoss(s: SettledOrder): boolean {
  if (s.status !== 'LOST' || s.payout !== 0) return false;
  return s.bets.every((b, i) => b.settlement.outcome === 'LOSE' && b.settlement.payout === 0 && b.settlement.rebate === s.order.bets[i]!.rebate);
}

/**
 * The rebates of one issue, per player, with the per-bet detail, gathered by a settler across its
 * batches, and the orders its batches wrote. Kept for one settleIssue call only: a call that fails is
 * started again from the orders, and the transfer's idempotency key (`reb:<issue>:<customer>`) pays
 * each player once.
 */
export class IssueRebates {
  private readonly byCustomer = new Map<number, { amount: number; detail: [number, number, number][] }>();
  /** Orders written by this call's batches (not a plain loss). */
  readonly written = new Set<number>();

  add(customerId: number, orderId: number, betId: number, amount: number): void {
    if (amount === 0) return;
    let entry = this.byCustomer.get(customerId);
    if (!entry) this.byCustomer.set(customerId, (entry = { amount: 0, detail: [] }));
    entry.amount += amount;
    entry.detail.push([orderId, betId, amount]);
  }

  /** Players in id order (the order their accounts are locked in). */
  players(): { customerId: number; amount: number; detail: [number, number, number][] }[] {
    return [...this.byCustomer].sort(([a], [b]) => a - b).map(([customerId, e]) => ({ customerId, ...e }));
  }
}

/**
 * Writes settlements (orders, bets, WIN and REB transfers, jackpot records) in the caller's
 * transaction: the caps, one statement that locks the accounts paid, one that writes everything
 * else (settle-write.ts), and the jackpot contributions if any.
 *
 * A bet that simply lost (outcome LOSE, nothing paid, the rebate fixed at placement) is not
 * rewritten: its row keeps `outcome` NULL, which, once the order is settled, means LOSE (views.ts).
 * That is most bets; rewriting them was a fifth of settlement's time.
 */
export async function writeSettlements(client: pg.PoolClient, settled: SettledOrder[], options: WriteOptions): Promise<NewLiveEvent[]> {
  if (settled.length === 0) return [];
  if (options.issueId === null) await applyInstantCaps(client, settled, options.now);
  else await applyIssueCaps(client, options.issueId, settled, options.tally);
  const rebates = options.rebates;
  const plain = rebates ? settled.filter(isPlainLoss) : [];
  const written = plain.length === 0 ? settled : settled.filter((s) => !isPlainLoss(s));
  const done =
    written.length === 0
      ? new Set<number>()
      : await settleOrderRows(
          client,
          written.map((s) => ({ id: s.order.id, status: s.status, payout: s.payout, refund: s.refund, rebate: s.rebate })),
          options.now,
          options.result,
        );
  const freshWritten = done.size === written.length ? written : written.filter((s) => done.has(s.order.id));
  const credits: CreditWrite[] = [];
  const bets: BetWrite[] = [];
  for (const s of freshWritten) {
    const id = s.order.id;
    if (!rebates && s.payout > 0) credits.push(winCredit(id, s.order.customerId, s.payout));
    if (!rebates && s.rebate > 0) credits.push(orderRebateCredit(id, s.order.customerId, s.rebate));
    s.bets.forEach((b, i) => {
      const st = b.settlement;
      if (st.outcome === 'LOSE' && st.payout === 0 && st.rebate === s.order.bets[i]!.rebate) return;
      bets.push({ id: b.id, outcome: st.outcome, payout: st.payout, rebate: st.rebate, detail: JSON.stringify(st.detail ?? null) });
    });
  }
  // A plain loser's rebate joins its player's transfer for the issue. The written orders' rebates are
  // read back from their rows when the transfer is posted (an earlier, interrupted call may have
  // written some), so that each order counts once whichever call wrote it.
  if (rebates) {
    for (const s of plain) s.order.bets.forEach((b) => rebates.add(s.order.customerId, s.order.id, b.id, b.rebate));
    for (const s of freshWritten) rebates.written.add(s.order.id);
  }
  const fresh = plain.length === 0 ? freshWritten : [...freshWritten, ...plain];
  // Accounts resolved and locked once per batch, in id order, only for the players paid (none for an issue).
  const accounts = await lockSettlementAccounts(client, credits.map((c) => c.customerId));
  await writeSettlementRest(client, bets, credits, accounts);
  // What the cap query counts: the payouts of WON orders.
  if (options.tally) for (const s of fresh) if (s.status === 'WON') options.tally.add(s.order.customerId, winningsOf(s));
  const jackpot = options.jackpot ?? noJackpot;
  const contributions = fresh
    .map((s) => ({ id: s.order.id, amount: jackpot.contribution(s.order, { status: s.status, payout: s.payout, rebate: s.rebate }) }))
    .filter((c) => c.amount > 0);
  if (contributions.length > 0) {
    await client.query(
      `INSERT INTO jackpot_contributions (order_id, amount) SELECT * FROM unnest($1::bigint[], $2::bigint[]) ON CONFLICT DO NOTHING`,
      [contributions.map((c) => c.id), contributions.map((c) => c.amount)],
    );
  }
  if (options.events === false) return [];
  const drawResult = formatResultText(fresh[0]?.order.drawType ?? '', options.result);
  const popup = (s: SettledOrder) => settledPopup({ ...s.order, payout: s.payout, rebate: s.rebate }, drawResult);
  // An issue's written orders are told by postIssueCredits, with their money.
  if (rebates) {
    if (options.onceSettled) for (const s of plain) options.onceSettled.push(popup(s));
    return [];
  }
  return fresh.map(popup);
}

interface PopupFacts {
  id: number;
  customerId: number;
  isAutobet: boolean;
  drawType: string;
  playMode: string;
  issueNumber: string;
  totalStake: number;
  payout: number;
  rebate: number;
}

function settledPopup(o: PopupFacts, drawResult: string): NewLiveEvent {
  return {
    customerId: o.customerId,
    type: 'orderSettledPopup',
    payload: {
      orderId: String(o.id),
      isAutoBet: o.isAutobet,
      drawType: o.drawType,
      playMode: o.playMode,
      drawNumber: o.issueNumber,
      drawResult,
      winningPrize: o.payout,
      betProfit: o.payout + o.rebate - o.totalStake,
    },
  };
}

/** Players per transaction when an issue's wins and rebates are paid. */
const CREDIT_PLAYERS_PER_BATCH = 500;

/**
 * Pays one share's wins and rebates of an issue, once every batch of the share has committed: per
 * player one WIN transfer (key `win:<issue>:<customer>`) with its per-order detail and one REB
 * transfer (key `reb:<issue>:<customer>`) with its per-bet detail, reference `issue:<issue>`, the
 * detail in issue_credits in the same statement. The payouts, and the rebates of the orders written
 * by settlement, are read from the rows (this call's or an interrupted earlier one's); `rebates`
 * holds the plain losers' (gathered by this call). A key paid before writes nothing: a call started
 * again after a crash pays nobody twice, and each player's share of the issue is settled whole
 * before any of it is paid, so what is read is the player's final sum.
 *
 * Returns the players this call credited, and the popups of the written orders that go with that
 * money: every written order of a player credited now (a call that paid nobody tells nobody again),
 * and the orders this call wrote for a player who is owed nothing.
 */
export async function postIssueCredits(
  pool: pg.Pool,
  issue: { id: number; result: readonly number[] },
  share: SettlementShare | undefined,
  rebates: IssueRebates,
  stillExclusive: (client: pg.PoolClient) => Promise<boolean>,
): Promise<{ credited: number[]; popups: NewLiveEvent[] }> {
  const issueId = issue.id;
  const { sql: shareFilter, params: shareParams } = shareCondition(share, 2);
  const inShare = shareFilter.replaceAll('customer_id', 'o.customer_id');
  const betRebates = await pool.query<{ customer_id: number; order_id: number; bet_id: number; rebate: number }>(
    `SELECT o.customer_id, o.id AS order_id, b.id AS bet_id, b.rebate
       FROM orders o JOIN order_bets b ON b.order_id = o.id
      WHERE o.issue_id = $1 AND o.status IN ('WON', 'LOST') AND b.rebate > 0 ${inShare}
      ORDER BY o.id, b.seq`,
    [issueId, ...shareParams],
  );
  for (const r of betRebates.rows) rebates.add(r.customer_id, r.order_id, r.bet_id, r.rebate);
  const written = await pool.query<{
    id: number; customer_id: number; is_autobet: boolean; draw_type: string; play_mode: string; issue_number: string; total_stake: number; payout: number; rebate: number;
  }>(
    `SELECT o.id, o.customer_id, o.is_autobet, o.draw_type, o.play_mode, o.issue_number, o.total_stake, o.payout, o.rebate FROM orders o
      WHERE o.issue_id = $1 AND o.status IN ('WON', 'LOST') ${inShare}
      ORDER BY o.id`,
    [issueId, ...shareParams],
  );
  const wins = new Map<number, { amount: number; detail: [number, number][] }>();
  for (const r of written.rows) {
    if (r.payout <= 0) continue;
    let entry = wins.get(r.customer_id);
    if (!entry) wins.set(r.customer_id, (entry = { amount: 0, detail: [] }));
    entry.amount += r.payout;
    entry.detail.push([r.id, r.payout]);
  }
  const byPlayer = new Map<number, CreditWrite[]>();
  const credit = (customerId: number, type: 'WIN' | 'REB', amount: number, detail: unknown) => {
    const list = byPlayer.get(customerId) ?? [];
    list.push({
      key: `${type === 'WIN' ? 'win' : 'reb'}:${issueId}:${customerId}`,
      reference: `issue:${issueId}`,
      customerId,
      type,
      amount,
      issueDetail: { issueId, json: JSON.stringify(detail) },
    });
    byPlayer.set(customerId, list);
  };
  for (const [customerId, w] of wins) credit(customerId, 'WIN', w.amount, w.detail);
  for (const p of rebates.players()) credit(p.customerId, 'REB', p.amount, p.detail);
  const players = [...byPlayer.keys()].sort((a, b) => a - b);
  const credited = new Set<number>();
  for (let i = 0; i < players.length; i += CREDIT_PLAYERS_PER_BATCH) {
    const chunk = players.slice(i, i + CREDIT_PLAYERS_PER_BATCH);
    const keys = await withTransaction(pool, async (client) => {
      if (!(await stillExclusive(client))) throw new Error(`settlement lock of issue ${issueId} lost; credits abandoned`);
      const accounts = await lockSettlementAccounts(client, chunk);
      return (await writeSettlementRest(client, [], chunk.flatMap((c) => byPlayer.get(c)!), accounts)).keys;
    });
    for (const key of keys) credited.add(Number(key.slice(key.lastIndexOf(':') + 1)));
  }
  const drawResult = formatResultText(written.rows[0]?.draw_type ?? '', issue.result);
  const popups = written.rows
    .filter((r) => credited.has(r.customer_id) || (!byPlayer.has(r.customer_id) && rebates.written.has(r.id)))
    .map((r) =>
      settledPopup(
        {
          id: r.id, customerId: r.customer_id, isAutobet: r.is_autobet, drawType: r.draw_type, playMode: r.play_mode,
          issueNumber: r.issue_number, totalStake: r.total_stake, payout: r.payout, rebate: r.rebate,
        },
        drawResult,
      ),
    );
  return { credited: [...credited], popups };
}
