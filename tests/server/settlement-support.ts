// Helpers for settlement tests: funded players, a drawn issue made to order, and pending orders
// priced by the server's own pricing, their stakes debited as placement debits them (BET transfers).
import type pg from 'pg';
import type { BoardBetInput, RegularBetInput } from '../../src/shared/api/orders.ts';
import { getDrawType } from '../../src/shared/catalogue/draw-types.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { houseAccountFor } from '../../src/server/orders/accounts.ts';
import { priceBoard, priceRegular } from '../../src/server/orders/pricing.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../src/server/wallet/ledger.ts';

let players = 0;

/** A new player (own prize group 1950) with `funds` deposited. */
export async function fundedPlayer(pool: pg.Pool, funds: number, prefix = 'settle'): Promise<number> {
  const name = `${prefix}_${process.pid}_${players++}`;
  const inserted = await pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type) VALUES ($1, $1, 'x', $1, 'PLAYER') RETURNING id`,
    [name],
  );
  const customerId = inserted.rows[0]!.id;
  if (funds > 0) {
    await withTransaction(pool, async (client) => {
      await postTransfer(client, {
        idempotencyKey: `test-funds:${customerId}`,
        type: 'DEP',
        legs: [
          { accountId: await systemAccountId(client, 'external:test-funding', 'EXTERNAL'), amount: -funds },
          { accountId: await playerAccountId(client, customerId), amount: funds },
        ],
      });
    });
  }
  return customerId;
}

let issues = 0;

/** A DRAWN issue of `drawType` with `result`, outside the scheduler's calendar. */
export async function drawnIssue(pool: pg.Pool, drawType: string, result: readonly number[]): Promise<{ id: number; issueNumber: string }> {
  const issueNumber = `T${process.pid}${String(issues++).padStart(4, '0')}`;
  const at = new Date('2026-11-22T02:00:00Z');
  const inserted = await pool.query<{ id: number }>(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result, result_source, drawn_at)
     VALUES ($1, $2, '2026-11-22', $3, $4, $4, $4, 'DRAWN', $5, 'manual', $4) RETURNING id`,
    [drawType, issueNumber, 100_000 + issues, at, result],
  );
  return { id: inserted.rows[0]!.id, issueNumber };
}

export type OrderBets = { playMode: 'REGULAR'; bets: RegularBetInput[] } | { playMode: 'BOARD'; bets: BoardBetInput[] };

/** A pending order on the issue, priced as placement prices it, its stake debited (key bet:<id>). */
export async function pendingOrder(
  pool: pg.Pool,
  issue: { id: number; issueNumber: string },
  customerId: number,
  drawType: string,
  order: OrderBets,
  userPrizeGroup = 1950,
): Promise<number> {
  const info = getDrawType(drawType);
  const priced = order.playMode === 'REGULAR' ? priceRegular(info, order.bets, userPrizeGroup) : priceBoard(info, order.bets, '2026-11-22');
  return withTransaction(pool, async (client) => {
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake, prize_group)
       VALUES ($1, gen_random_uuid()::text, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [customerId, drawType, order.playMode, issue.id, issue.issueNumber, priced.betCount, priced.totalStake, userPrizeGroup],
    );
    const orderId = inserted.rows[0]!.id;
    for (const [seq, bet] of priced.bets.entries()) {
      await client.query(
        `INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [orderId, seq + 1, bet.code, bet.name, JSON.stringify(bet.selection), bet.mode, bet.multiplier, bet.prizeGroup, bet.betCount, bet.stake, bet.rebate],
      );
    }
    await postTransfer(client, {
      idempotencyKey: `bet:${orderId}`,
      type: 'BET',
      reference: `order:${orderId}`,
      legs: [
        { accountId: await playerAccountId(client, customerId), amount: -priced.totalStake },
        { accountId: await houseAccountFor(client, customerId), amount: priced.totalStake },
      ],
    });
    return orderId;
  });
}

export async function balanceOf(pool: pg.Pool, customerId: number): Promise<number> {
  const found = await pool.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`, [customerId]);
  return found.rows[0]?.balance ?? 0;
}

export async function orderRow(pool: pg.Pool, orderId: number): Promise<{ status: string; payout: number; rebate: number }> {
  // As readers see it: a plain loser's row stays PENDING and reads LOST once its issue is SETTLED.
  const found = await pool.query<{ status: string; payout: number; rebate: number }>('SELECT status, payout, rebate FROM order_outcomes WHERE id = $1', [orderId]);
  return found.rows[0]!;
}

/** What the player's wallet received (+) or paid (−) through transfers whose key is LIKE `pattern`. */
export async function walletMoves(pool: pg.Pool, customerId: number, pattern: string): Promise<number> {
  const found = await pool.query<{ total: number }>(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS total FROM ledger_entries e
       JOIN ledger_transfers t ON t.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.customer_id = $1 AND a.kind = 'PLAYER_MAIN' AND t.idempotency_key LIKE $2`,
    [customerId, pattern],
  );
  return found.rows[0]!.total;
}

/**
 * SQL, for an order aliased `o`: what its win put into the player's wallet — an instant order's own
 * WIN transfer (`win:<order>`), or its line in its player's WIN transfer for the issue
 * (issue_credits) — and, as ORDER_WIN_TIMES_SQL, how many such payments there are. Trust the lines
 * only with issueCreditsMismatched empty, which ties them to the ledger.
 */
export const ORDER_WIN_PAID_SQL = `(
  (SELECT coalesce(sum(e.amount), 0) FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'PLAYER_MAIN' WHERE t.idempotency_key = 'win:' || o.id)
  + (SELECT coalesce(sum((d->>1)::bigint), 0) FROM issue_credits c CROSS JOIN jsonb_array_elements(c.detail) AS d
      WHERE c.type = 'WIN' AND c.issue_id = o.issue_id AND c.customer_id = o.customer_id AND (d->>0)::bigint = o.id))::bigint`;
export const ORDER_WIN_TIMES_SQL = `(
  (SELECT count(*) FROM ledger_transfers t WHERE t.idempotency_key = 'win:' || o.id)
  + (SELECT count(*) FROM issue_credits c CROSS JOIN jsonb_array_elements(c.detail) AS d
      WHERE c.type = 'WIN' AND c.issue_id = o.issue_id AND c.customer_id = o.customer_id AND (d->>0)::bigint = o.id))::int`;

/**
 * The issue_credits rows that do not match the ledger: the detail must sum to the amount, and the
 * row's transfer must carry the key of its issue, player and type and credit exactly that amount to
 * the player's main wallet. Also every per-issue WIN/REB transfer without its row.
 */
export async function issueCreditsMismatched(pool: pg.Pool): Promise<unknown[]> {
  const found = await pool.query(`
    SELECT c.issue_id, c.customer_id, c.type, 'row' AS what FROM issue_credits c JOIN ledger_transfers t ON t.id = c.transfer_id
     WHERE t.type <> c.type
        OR t.idempotency_key <> lower(c.type) || ':' || c.issue_id || ':' || c.customer_id
        OR c.amount <> (SELECT sum((CASE WHEN c.type = 'WIN' THEN d->>1 ELSE d->>2 END)::bigint) FROM jsonb_array_elements(c.detail) AS d)
        OR c.amount <> (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                         WHERE e.transfer_id = t.id AND a.kind = 'PLAYER_MAIN' AND a.customer_id = c.customer_id)
    UNION ALL
    SELECT NULL, NULL, t.type, t.idempotency_key FROM ledger_transfers t
     WHERE t.idempotency_key ~ '^(win|reb):[0-9]+:[0-9]+$' AND NOT EXISTS (SELECT 1 FROM issue_credits c WHERE c.transfer_id = t.id)`);
  return found.rows;
}
