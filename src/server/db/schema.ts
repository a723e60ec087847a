// The database schema (drizzle). Migrations under drizzle/ are generated from this file
// (`npm run db:generate`); hand-written SQL (triggers) lives in custom migrations beside them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    /** Lower-cased username: logins are case-insensitive and names unique regardless of case. */
    usernameKey: text('username_key').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    moneyPasswordHash: text('money_password_hash'),
    alias: text('alias').notNull(),
    avatarImage: text('avatar_image'),
    birthday: date('birthday'),
    type: text('type', { enum: ['PRIMARY_AGENT', 'AGENT', 'PLAYER'] }).notNull(),
    vipLevel: text('vip_level', { enum: ['NOT_VIP', 'VIP_1', 'VIP_2'] }).notNull().default('NOT_VIP'),
    testMode: text('test_mode', { enum: ['USER_TEST'] }),
    firstLogin: boolean('first_login').notNull().default(false),
    firstLoginContactRequired: boolean('first_login_contact_required').notNull().default(false),
    registrationLinkId: text('registration_link_id'),
    parentId: bigint('parent_id', { mode: 'number' }),
    prizeGroup: integer('prize_group').notNull().default(1950),
    phone: text('phone'),
    email: text('email'),
    /** When the phone / e-mail was bound by the player (null: at registration or before 2026-11-28); see money-password reset. */
    phoneBoundAt: timestamp('phone_bound_at', { withTimezone: true }),
    emailBoundAt: timestamp('email_bound_at', { withTimezone: true }),
    qq: text('qq'),
    wechat: text('wechat'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [index('customers_parent_idx').on(t.parentId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the opaque cookie token: a database leak yields no usable session. */
    tokenHash: bytea('token_hash').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

/** Failed-login counters per typed username, whether or not such an account exists (no enumeration). */
export const loginThrottle = pgTable('login_throttle', {
  usernameKey: text('username_key').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const registrationLinks = pgTable('registration_links', {
  id: text('id').primaryKey(),
  agentId: bigint('agent_id', { mode: 'number' })
    .notNull()
    .references(() => customers.id),
  remarks: text('remarks').notNull().default(''),
  retention: text('retention', { enum: ['ONE_DAY', 'SEVEN_DAY', 'FIFTEEN_DAY', 'PERMANENT'] })
    .notNull()
    .default('PERMANENT'),
  recaptchaRequired: boolean('recaptcha_required').notNull().default(false),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** The live-event outbox: ids are monotonic in commit order (see events/outbox.ts). */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null: for everyone. */
    customerId: bigint('customer_id', { mode: 'number' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_customer_idx').on(t.customerId, t.id)],
);

/** Own games the operator has enabled, per draw type and play mode. */
export const ownGames = pgTable('own_games', {
  drawType: text('draw_type').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  playModes: text('play_modes').array().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const thirdPartyProviders = pgTable('third_party_providers', {
  code: text('code').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
});

// ── Ledger (decisions §3): double entry, append-only, integer 0.0001 元 ──────────────────────────

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stable name, e.g. `player:42:main`, `house:bets:3`, `external:deposits`. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['PLAYER_MAIN', 'HOUSE', 'CLEARING', 'EXTERNAL'] }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    balance: money('balance').notNull().default(0),
    /** Only house, clearing and external accounts may go below zero; player wallets never. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_accounts_non_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
    uniqueIndex('ledger_accounts_player_main_idx')
      .on(t.customerId)
      .where(sql`${t.kind} = 'PLAYER_MAIN'`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Wallet transaction type code of spec §3.5 (BET, WIN, DEP, …). */
    type: text('type').notNull(),
    state: text('state', { enum: ['POSTED', 'PENDING', 'VOIDED'] }).notNull().default('POSTED'),
    /** What the transfer is about: an order id, a deposit id… */
    reference: text('reference'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transfers_reference_idx').on(t.reference)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    /** The account's balance right after this entry: the statement line a player sees. */
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_non_zero', sql`${t.amount} <> 0`),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
  ],
);

// ── Draws (issue model, seed chains, results) ───────────────────────────────────────────────────

export const ISSUE_STATES = ['SCHEDULED', 'OPEN', 'CLOSED', 'DRAWN', 'SETTLED', 'CANCELLED'] as const;

export const drawIssues = pgTable(
  'draw_issues',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    drawType: text('draw_type').notNull(),
    issueNumber: text('issue_number').notNull(),
    salesDay: date('sales_day').notNull(),
    sequence: integer('sequence').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ISSUE_STATES }).notNull().default('SCHEDULED'),
    /** Numbers drawn, in draw order. */
    result: integer('result').array(),
    /** platform | simulated | http | manual | a draw type whose result this one reads (JSTB → JSK3). */
    resultSource: text('result_source'),
    /** Platform draws: SHA-256(seed ‖ 期号) published before sales open (never a chain link), and the seed revealed after. */
    commitment: text('commitment'),
    seed: text('seed'),
    beacon: text('beacon'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('draw_issues_type_number_idx').on(t.drawType, t.issueNumber),
    index('draw_issues_state_idx').on(t.state, t.drawAt),
    index('draw_issues_type_draw_at_idx').on(t.drawType, t.drawAt),
  ],
);

/** Every state change of an issue, written in the transaction that makes it: the audit trail. */
export const drawIssueTransitions = pgTable(
  'draw_issue_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => drawIssues.id),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    /** The scheduler process (host:pid) that made the transition; null outside the scheduler. */
    actor: text('actor'),
  },
  (t) => [index('draw_issue_transitions_issue_idx').on(t.issueId)],
);

/** One hash chain of seeds per platform draw type and sales day (docs/fairness.md). */
export const seedChains = pgTable(
  'seed_chains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    drawType: text('draw_type').notNull(),
    salesDay: date('sales_day').notNull(),
    /** Secret until the day's last issue is drawn; every seed of the chain is a hash of it. */
    terminalSeed: text('terminal_seed').notNull(),
    /** seed_0, published before the day's first issue opens. */
    anchor: text('anchor').notNull(),
    length: integer('length').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seed_chains_type_day_idx').on(t.drawType, t.salesDay)],
);

/** Official results entered by hand: a second operator must confirm before the issue is drawn. */
export const manualResults = pgTable(
  'manual_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => drawIssues.id),
    result: integer('result').array().notNull(),
    enteredBy: text('entered_by').notNull(),
    confirmedBy: text('confirmed_by'),
    state: text('state', { enum: ['PENDING', 'CONFIRMED', 'REJECTED'] }).notNull().default('PENDING'),
    /** A correction of an already drawn result: goes through re-settlement, never a silent overwrite. */
    isCorrection: boolean('is_correction').notNull().default(false),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('manual_results_issue_idx').on(t.issueId)],
);

/** Corrected official results and what they replaced. */
export const resultCorrections = pgTable('result_corrections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  issueId: bigint('issue_id', { mode: 'number' })
    .notNull()
    .references(() => drawIssues.id),
  previousResult: integer('previous_result').array().notNull(),
  correctedResult: integer('corrected_result').array().notNull(),
  source: text('source').notNull(),
  createdAt: createdAt(),
  resettledAt: timestamp('resettled_at', { withTimezone: true }),
});

// ── Orders (betting) ────────────────────────────────────────────────────────────────────────────

export const ORDER_STATES = ['PENDING', 'WON', 'LOST', 'CUSTOMER_CANCELED', 'SYSTEM_CANCELED'] as const;

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** The client-generated idempotency key: a retry with the same key returns the same order. */
    clientKey: text('client_key').notNull(),
    drawType: text('draw_type').notNull(),
    playMode: text('play_mode', { enum: ['REGULAR', 'BOARD'] }).notNull(),
    /** null for instant draws. */
    issueId: bigint('issue_id', { mode: 'number' }).references(() => drawIssues.id),
    issueNumber: text('issue_number').notNull(),
    status: text('status', { enum: ORDER_STATES }).notNull().default('PENDING'),
    betCount: integer('bet_count').notNull(),
    totalStake: money('total_stake').notNull(),
    payout: money('payout').notNull().default(0),
    /** The part of `payout` that gives back the stake of pushed bets (和局退还本金): not a win, so the caps ignore it. */
    refund: money('refund').notNull().default(0),
    rebate: money('rebate').notNull().default(0),
    /** The player's own prize group when the order was placed (the rebate is measured against it). */
    prizeGroup: integer('prize_group').notNull(),
    isAutobet: boolean('is_autobet').notNull().default(false),
    autobetId: bigint('autobet_id', { mode: 'number' }),
    /** Instant draws: the result and what proves it (server seed hash shown before, seed after). */
    result: integer('result').array(),
    instantSeedId: bigint('instant_seed_id', { mode: 'number' }),
    instantNonce: integer('instant_nonce'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_client_key_idx').on(t.customerId, t.clientKey),
    index('orders_issue_status_idx').on(t.issueId, t.status),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt),
  ],
);

export const orderBets = pgTable(
  'order_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    seq: integer('seq').notNull(),
    /** Regular: the method id (ZX5 …); board: the bet type id. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    selection: jsonb('selection').notNull(),
    /** Regular mode only: 元/角/分/厘, multiplier and the prize group the bet was placed at. */
    mode: text('mode'),
    multiplier: integer('multiplier'),
    prizeGroup: integer('prize_group'),
    betCount: integer('bet_count').notNull(),
    stake: money('stake').notNull(),
    payout: money('payout').notNull().default(0),
    rebate: money('rebate').notNull().default(0),
    /** WIN | LOSE | PUSH once settled. */
    outcome: text('outcome'),
    /** Prize levels hit (regular) or combinations settled (board). */
    detail: jsonb('detail'),
  },
  (t) => [uniqueIndex('order_bets_order_seq_idx').on(t.orderId, t.seq)],
);

/** Per-player server seeds for instant (秒开) draws: the hash is shown before a bet, the seed after rotation. */
export const instantSeeds = pgTable(
  'instant_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    /** When the hash was first returned to the player; instant bets are drawn only from a shown seed. */
    hashShownAt: timestamp('hash_shown_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('instant_seeds_active_idx')
      .on(t.customerId)
      .where(sql`${t.active}`),
  ],
);

/** Jackpot contributions recorded at settlement, for the jackpot capability to fund its pool from. */
export const jackpotContributions = pgTable('jackpot_contributions', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id),
  amount: money('amount').notNull(),
  createdAt: createdAt(),
});
