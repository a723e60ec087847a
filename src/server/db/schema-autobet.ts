// Autobet (追号): a plan over coming issues, placed one entry per issue when that issue opens.
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, orders } from './schema.ts';

export const autobets = pgTable(
  'autobets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    clientKey: text('client_key').notNull(),
    drawType: text('draw_type').notNull(),
    playMode: text('play_mode', { enum: ['REGULAR', 'BOARD'] }).notNull(),
    /** The order's bets at multiplier 1; each entry scales them by its multiplier. */
    bets: jsonb('bets').notNull(),
    plan: jsonb('plan').notNull(),
    stopOnWin: boolean('stop_on_win').notNull(),
    status: text('status', { enum: ['ONGOING', 'FINISHED', 'STOP', 'USER_CANCELED'] }).notNull().default('ONGOING'),
    totalPlanned: bigint('total_planned', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('autobets_client_key_idx').on(t.customerId, t.clientKey), index('autobets_status_idx').on(t.status)],
);

export const autobetEntries = pgTable(
  'autobet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    autobetId: bigint('autobet_id', { mode: 'number' })
      .notNull()
      .references(() => autobets.id),
    seq: integer('seq').notNull(),
    issueNumber: text('issue_number').notNull(),
    multiplier: integer('multiplier').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Spec §3.5 entry statuses: PENDING (waiting for its issue), BET (order placed), CANCEL, STOP. */
    status: text('status', { enum: ['PENDING', 'BET', 'CANCEL', 'STOP'] }).notNull().default('PENDING'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    note: text('note'),
    /** When the issue closes by the schedule (set at creation): an entry whose issue row never comes is cancelled after it. */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** A runner's claim while it places the entry's order (a lease); cleared when the result is recorded. */
    placingAt: timestamp('placing_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('autobet_entries_seq_idx').on(t.autobetId, t.seq), index('autobet_entries_status_idx').on(t.status, t.issueNumber)],
);
