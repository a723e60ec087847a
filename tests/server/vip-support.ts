// Shared by the VIP and weekly-ranking tests: accounts and settled orders of their own.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createTestAccount, TEST_ACCOUNT_PASSWORD } from '../../src/server/testing/test-accounts.ts';
import type { VipLevel } from '../../src/shared/enums.ts';
import { monthOf, startOfDay, weekOf } from '../../src/server/vip/periods.ts';

export { TEST_ACCOUNT_PASSWORD };

export async function newPlayer(pool: pg.Pool, options: { vipLevel?: VipLevel; trial?: boolean } = {}): Promise<{ id: number; username: string }> {
  const account = await createTestAccount(pool, { kind: options.trial ? 'TRIAL' : 'PLAYER', alias: '测试玩家', vipLevel: options.vipLevel ?? 'NOT_VIP', funds: 0 });
  const found = await pool.query<{ id: number }>('SELECT id FROM customers WHERE username = $1', [account.username]);
  return { id: Number(found.rows[0]!.id), username: account.username };
}

/** A settled own-game order (WON when it paid anything), settled at `settledAt`. */
export async function settledOrder(pool: pg.Pool, customerId: number, stake: number, payout: number, settledAt: Date): Promise<void> {
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, payout, prize_group, created_at, settled_at)
     VALUES ($1, $2, 'CQSSC', 'REGULAR', '20261101-001', $3, 1, $4, $5, 1950, $6, $6)`,
    [customerId, randomUUID(), payout > 0 ? 'WON' : 'LOST', stake, payout, settledAt],
  );
}

export async function balanceOf(pool: pg.Pool, customerId: number): Promise<number> {
  const found = await pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE code = $1', [`player:${customerId}:main`]);
  return Number(found.rows[0]?.balance ?? 0);
}

export async function levelOf(pool: pg.Pool, customerId: number): Promise<VipLevel> {
  return (await pool.query<{ vip_level: VipLevel }>('SELECT vip_level FROM customers WHERE id = $1', [customerId])).rows[0]!.vip_level;
}

export const at = (text: string) => new Date(Date.parse(text));

/**
 * `ms` before now, but not before the current Shanghai month (or week) began: an order settled "a
 * minute ago" must count in the period the server reads now, also when a run starts just after the
 * period turned.
 */
export function earlierThisMonth(ms: number): Date {
  return new Date(Math.max(startOfDay(monthOf(new Date())).getTime() + 1000, Date.now() - ms));
}
export function earlierThisWeek(ms: number): Date {
  return new Date(Math.max(startOfDay(weekOf(new Date())).getTime() + 1000, Date.now() - ms));
}
