// Favourite games (收藏): one row per customer and own game (draw type), at most MAX_FAVORITE_GAMES each.
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './schema.ts';

export const favoriteGames = pgTable(
  'favorite_games',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    drawType: text('draw_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'favorite_games_pkey', columns: [t.customerId, t.drawType] })],
);
