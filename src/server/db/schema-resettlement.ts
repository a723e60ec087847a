// Re-settlement of corrected official results (src/server/orders/resettle.ts): what each correction
// changed per order and its totals. Migration: drizzle/0008_resettlement.sql, which also holds a
// hand-written partial index on orders (orders_instant_won_idx, for the instant payout cap).
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransfers, orders, resultCorrections } from './schema.ts';

const money = (name: string) => bigint(name, { mode: 'number' });

/** One row per order a correction changed: before and after, and the money moved for it. */
export const orderResettlements = pgTable(
  'order_resettlements',
  {
    correctionId: bigint('correction_id', { mode: 'number' })
      .notNull()
      .references(() => resultCorrections.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    previousStatus: text('previous_status').notNull(),
    status: text('status').notNull(),
    previousPayout: money('previous_payout').notNull(),
    payout: money('payout').notNull(),
    previousRebate: money('previous_rebate').notNull(),
    rebate: money('rebate').notNull(),
    /** (payout + rebate) − (previous payout + previous rebate): credited when positive, owed back when negative. */
    amount: money('amount').notNull(),
    /** Of an amount owed back: what was taken from the wallet. */
    collected: money('collected').notNull().default(0),
    /** Of an amount owed back: what the wallet could not cover (booked to house:uncollected-corrections). */
    uncollected: money('uncollected').notNull().default(0),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.correctionId, t.orderId] }),
    index('order_resettlements_order_idx').on(t.orderId),
    index('order_resettlements_customer_idx').on(t.customerId),
  ],
);

/** A correction's re-settlement, once finished: how many orders changed and the money, for operators. */
export const correctionResettlements = pgTable('correction_resettlements', {
  correctionId: bigint('correction_id', { mode: 'number' })
    .primaryKey()
    .references(() => resultCorrections.id),
  ordersChanged: integer('orders_changed').notNull(),
  credited: money('credited').notNull(),
  debited: money('debited').notNull(),
  collected: money('collected').notNull(),
  uncollected: money('uncollected').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});
