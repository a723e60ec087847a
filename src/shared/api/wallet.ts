// Wallet calls of spec §7: balances, required stake (decisions §10) and the statement of the main
// wallet (`/account/transaction/main-wallet`, issue 17 item 6). Amounts are integers of 0.0001 元;
// times are epoch milliseconds.
import { z } from 'zod';
import { beijingDayOf, formatDay, parseDay } from '../draws/schedule/beijing-time.ts';
import { calendarDate, isCalendarDate } from '../validation/calendar-date.ts';
import { isTransactionTypeFilter, type TransactionTypeFilter } from '../wallet/transaction-types.ts';
import { lazySchema } from './lazy-schema.ts';

export const WALLET_PATHS = {
  mainWalletBalance: '/ajax/wallet/main-wallet-balance',
  totalBalance: '/ajax/wallet/total-balance',
  requiredStake: '/ajax/wallet/required-stake',
  requiredStakeRefresh: '/ajax/wallet/required-stake/refresh',
  transactions: '/ajax/wallet/transactions',
} as const;

const Money = lazySchema(() => z.number().int());

/** `GET /ajax/wallet/main-wallet-balance`: integer of 0.0001 元. */
export const BalanceSchema = lazySchema(() => z.object({ balance: z.number().int() }));
export type Balance = z.infer<typeof BalanceSchema>;

/** One third-party game wallet, with how fresh its balance is (docs/providers/server.md). */
export const ThirdPartyBalanceSchema = lazySchema(() => z.object({
  provider: z.string(),
  balance: Money,
  /** When the provider last confirmed it (ISO); null: never asked. */
  updatedAt: z.string().nullable().optional(),
  state: z.enum(['OK', 'STALE', 'IN_DOUBT']).optional(),
}));

/** `GET /ajax/wallet/total-balance`: the main wallet plus every third-party wallet. */
export const TotalBalanceSchema = lazySchema(() => z.object({
  total: Money,
  mainWallet: Money,
  thirdParty: z.array(ThirdPartyBalanceSchema),
}));
export type TotalBalance = z.infer<typeof TotalBalanceSchema>;

/**
 * `GET /ajax/wallet/required-stake` and `PUT /ajax/wallet/required-stake/refresh`: what must still be
 * staked before a withdrawal (0: none), the settled stake this answer counted that had not been
 * counted before, and up to when settled bets are counted.
 */
export const RequiredStakeSchema = lazySchema(() => z.object({
  remaining: Money,
  counted: Money,
  countedUntil: z.number().int(),
}));
export type RequiredStake = z.infer<typeof RequiredStakeSchema>;

// ── Statement (交易记录) ─────────────────────────────────────────────────────────────────────────

/** Spec §9: transaction records are kept (shown) for 30 days — today and the 29 Beijing days before. */
export const STATEMENT_DAYS = 30;
export const STATEMENT_WINDOW_MESSAGE = `只能查询最近${STATEMENT_DAYS}天的交易记录`;
export const STATEMENT_TYPE_MESSAGE = '交易类型不存在';
export const STATEMENT_PAGE_SIZE = 20;

/** The Beijing days a statement may show at `now`: oldest and today, 'YYYY-MM-DD'. */
export function statementWindow(now: number): { earliest: string; today: string } {
  const today = beijingDayOf(now);
  return { earliest: formatDay(today - STATEMENT_DAYS + 1), today: formatDay(today) };
}

/**
 * Why a date range is outside the window at `now`, per field, or null. Checked by the server (the
 * authority) and by the form before it asks.
 */
export function statementRangeProblem(range: { from?: string | undefined; to?: string | undefined }, now: number): { field: 'from' | 'to'; message: string } | null {
  const { earliest } = statementWindow(now);
  if (range.from !== undefined && parseDay(range.from) < parseDay(earliest)) return { field: 'from', message: STATEMENT_WINDOW_MESSAGE };
  if (range.to !== undefined && parseDay(range.to) < parseDay(earliest)) return { field: 'to', message: STATEMENT_WINDOW_MESSAGE };
  if (range.from !== undefined && range.to !== undefined && parseDay(range.to) < parseDay(range.from)) {
    return { field: 'to', message: '结束日期不能早于开始日期' };
  }
  return null;
}

const PAGE_MESSAGE = '页码必须为正整数';

export const TransactionListQuerySchema = lazySchema(() => z
  .object({
    /** One type code (DEP) or a group (deposit); absent: every type. */
    type: z
      .string({ error: STATEMENT_TYPE_MESSAGE })
      .trim()
      .refine(isTransactionTypeFilter, STATEMENT_TYPE_MESSAGE)
      .transform((value) => value as TransactionTypeFilter)
      .optional(),
    /** Beijing dates, both included; absent: the whole 30-day window. */
    from: calendarDate('请选择有效的开始日期').optional(),
    to: calendarDate('请选择有效的结束日期').optional(),
    page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(10_000, '页码过大').default(1),
    pageSize: z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1, '每页条数无效').max(100, '每页最多100条').default(STATEMENT_PAGE_SIZE),
  })
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined || !isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    if (parseDay(query.to) < parseDay(query.from)) context.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
  }));
/** What a client asks for (the schema's input; absent values take their defaults). */
export interface TransactionListQuery {
  type?: TransactionTypeFilter;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}
export type ParsedTransactionListQuery = z.output<typeof TransactionListQuerySchema>;

export const TransactionEntrySchema = lazySchema(() => z.object({
  /** The ledger entry's id (stable, unique). */
  id: z.number().int(),
  /** Spec §3.5 code (DEP, BET, …). */
  type: z.string(),
  /** Chinese label of the code. */
  typeLabel: z.string(),
  /** Signed: + into the wallet, − out of it. */
  amount: Money,
  balanceAfter: Money,
  /** What the movement belongs to (order:42, deposit:…, withdrawal:…), null when none. */
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.number().int(),
}));
export type TransactionEntry = z.infer<typeof TransactionEntrySchema>;

export const TransactionListSchema = lazySchema(() => z.object({
  items: z.array(TransactionEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The range the answer covers (the window's ends when the query left them out). */
  from: z.string(),
  to: z.string(),
}));
export type TransactionList = z.infer<typeof TransactionListSchema>;

/** The query string of a statement request (defaults left out). */
export function transactionListPath(query: TransactionListQuery): string {
  const params = new URLSearchParams();
  if (query.type) params.set('type', query.type);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page !== undefined && query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== undefined && query.pageSize !== STATEMENT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  const search = params.toString();
  return search ? `${WALLET_PATHS.transactions}?${search}` : WALLET_PATHS.transactions;
}
