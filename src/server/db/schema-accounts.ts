// Tables of the accounts capability (registration, captcha, login tokens, verification codes, the
// message outbox, avatars, consents) and of player protection (decisions §8). Migrations are
// generated from this file together with schema.ts (drizzle.config.ts).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const customerRef = () =>
  bigint('customer_id', { mode: 'number' })
    .notNull()
    .references(() => customers.id);

/** Built-in image captcha challenges: only a hash of the answer is kept; a row is deleted when used. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    answerHash: bytea('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('captcha_challenges_expires_idx').on(t.expiresAt)],
);

/** One-time tokens that log a newly registered player in (spec §4 "enter game"); SHA-256 only. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    customerId: customerRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_tokens_customer_idx').on(t.customerId)],
);

/** SMS / e-mail verification codes, bound to the customer, the channel and the address they went to. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerRef(),
    channel: text('channel', { enum: ['SMS', 'EMAIL'] }).notNull(),
    destination: text('destination').notNull(),
    /** SHA-256 of a per-code salt and the code. */
    codeHash: bytea('code_hash').notNull(),
    salt: bytea('salt').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, burnt by wrong tries, or replaced by a newer code. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_customer_idx').on(t.customerId, t.channel, t.createdAt),
    index('verification_codes_destination_idx').on(t.destination, t.createdAt),
  ],
);

/** What the built-in `outbox` SMS / e-mail adapter "sent": operators read the messages here. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['SMS', 'EMAIL'] }).notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_destination_idx').on(t.destination, t.id)],
);

/** Uploaded avatars after server-side re-encoding (184×184 PNG); the upload itself is never kept. */
export const avatarImages = pgTable(
  'avatar_images',
  {
    id: text('id').primaryKey(),
    customerId: customerRef(),
    png: bytea('png').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatar_images_customer_idx').on(t.customerId)],
);

/** Consents given (age 18+, user agreement), when and from where. */
export const customerConsents = pgTable(
  'customer_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerRef(),
    kind: text('kind', { enum: ['AGE_18', 'USER_AGREEMENT'] }).notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_consents_customer_idx').on(t.customerId)],
);

/** Sliding-window counters shared by every process (registration, trial, codes, password checks). */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_key_idx').on(t.bucket, t.key, t.createdAt)],
);

// ── Player protection (decisions §8) ────────────────────────────────────────────────────────────

export const protectionSettings = pgTable('protection_settings', {
  customerId: bigint('customer_id', { mode: 'number' })
    .primaryKey()
    .references(() => customers.id),
  coolingOffUntil: timestamp('cooling_off_until', { withTimezone: true }),
  selfExcludedUntil: timestamp('self_excluded_until', { withTimezone: true }),
  /** Minutes between reality-check reminders; null: off. */
  realityCheckMinutes: integer('reality_check_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Deposit and loss limits per period. A raise waits 24 hours in `pending_*`; a lowering is immediate. */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    customerId: customerRef(),
    kind: text('kind', { enum: ['DEPOSIT', 'LOSS'] }).notNull(),
    period: text('period', { enum: ['DAILY', 'WEEKLY', 'MONTHLY'] }).notNull(),
    /** In force now; null: no limit. */
    amount: money('amount'),
    /** A pending raise exists iff pending_effective_at is set; its new amount (null: the limit goes). */
    pendingAmount: money('pending_amount'),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.kind, t.period] }),
    check('protection_limits_positive', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
  ],
);

/** Append-only record of every protection change (limits, cooling-off, self-exclusion). */
export const protectionAudit = pgTable(
  'protection_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerRef(),
    action: text('action').notNull(),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('protection_audit_customer_idx').on(t.customerId, t.id)],
);
