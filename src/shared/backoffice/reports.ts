// Back-office reports (issue 16 item 9): the sales report per business day and per draw type, and
// the ledger reconciliation runs. Amounts are integers of 0.0001 元; return-to-player figures are
// ratios (0.975 = 97.5 %), null when nothing was settled. Definitions: docs/backoffice/reports.md.
import { z } from 'zod';
import { parseDay } from '../draws/schedule/beijing-time.ts';
import { calendarDate, isCalendarDate } from '../validation/calendar-date.ts';

export const REPORTS_PATHS = {
  daily: '/reports/daily',
  dailyCsv: '/reports/daily.csv',
  drawTypes: '/reports/draw-types',
  drawTypesCsv: '/reports/draw-types.csv',
  reconciliation: '/reports/reconciliation',
  reconciliationCsv: '/reports/reconciliation.csv',
  providers: '/reports/providers',
} as const;

/** The longest range one report covers, in days (both ends included). */
export const MAX_REPORT_DAYS = 92;

const FROM_MESSAGE = '请输入有效的开始日期';
const TO_MESSAGE = '请输入有效的结束日期';
const DRAW_TYPE_MESSAGE = '彩种不存在';

export const ReportRangeQuerySchema = z
  .object({
    from: calendarDate(FROM_MESSAGE),
    to: calendarDate(TO_MESSAGE),
    /** Daily report only: one draw type's figures instead of all of them. */
    drawType: z.string({ error: DRAW_TYPE_MESSAGE }).trim().regex(/^[A-Z0-9_]{1,32}$/, DRAW_TYPE_MESSAGE).optional(),
  })
  .superRefine((query, context) => {
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    const days = reportDays(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
    else if (days > MAX_REPORT_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: `报表的日期范围最多${MAX_REPORT_DAYS}天` });
  });
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function reportDays(from: string, to: string): number {
  return parseDay(to) - parseDay(from) + 1;
}

const Money = z.number().int();
const Ratio = z.number().nullable();

/** The figures of one row (a day, a draw type, or the total of the range). */
export const SalesFiguresSchema = z.object({
  /** Settled orders (won or lost). */
  orders: z.number().int(),
  /** 有效投注: stakes of settled orders. */
  turnover: Money,
  /** Stakes of orders still waiting for their draw (not in turnover). */
  pendingStake: Money,
  /** 派奖: paid to settled orders (refunds of 和局 included). */
  payouts: Money,
  /** 返点 (regular) and 退水 (board) of settled orders. */
  rebates: Money,
  /** turnover − payouts − rebates. */
  grossGamingRevenue: Money,
  /** payouts ÷ turnover. */
  actualRtp: Ratio,
  /** What the settled orders were expected to pay by the prize tables and odds, in 0.0001 元. */
  expectedPayouts: Money,
  /** expectedPayouts ÷ turnover. */
  theoreticalRtp: Ratio,
  /** Players with at least one order (pending or settled) that was not cancelled. */
  activePlayers: z.number().int(),
});
export type SalesFigures = z.infer<typeof SalesFiguresSchema>;

export const DailyRowSchema = SalesFiguresSchema.extend({
  day: z.string(),
  /** Accounts registered that day (trial accounts not counted). */
  newPlayers: z.number().int(),
});
export type DailyRow = z.infer<typeof DailyRowSchema>;

export const DailyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  drawType: z.string().nullable(),
  /** Every day of the range, oldest first (days without business included, all zero). */
  rows: z.array(DailyRowSchema),
  total: DailyRowSchema.omit({ day: true }),
});
export type DailyReport = z.infer<typeof DailyReportSchema>;

export const DrawTypeRowSchema = SalesFiguresSchema.extend({
  drawType: z.string(),
  drawTypeName: z.string(),
});
export type DrawTypeRow = z.infer<typeof DrawTypeRowSchema>;

export const DrawTypeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Draw types with any order in the range, by turnover (highest first). */
  rows: z.array(DrawTypeRowSchema),
  total: SalesFiguresSchema,
});
export type DrawTypeReport = z.infer<typeof DrawTypeReportSchema>;

// ── Ledger reconciliation ───────────────────────────────────────────────────────────────────────

export const ReconciliationMismatchesSchema = z.object({
  unbalancedTransfers: z.array(z.number().int()),
  driftingAccounts: z.array(z.object({ accountId: z.number().int(), balance: Money, entries: Money })),
  negativeAccounts: z.array(z.number().int()),
  emptyTransfers: z.array(z.number().int()),
});
export type ReconciliationMismatches = z.infer<typeof ReconciliationMismatchesSchema>;

export const ReconciliationRunSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  trigger: z.enum(['OPERATOR', 'SCHEDULER']),
  operatorUsername: z.string().nullable(),
  ok: z.boolean(),
  /** Σ of every ledger entry: 0 when the books balance. */
  totalOfEntries: Money,
  mismatchCount: z.number().int(),
  mismatches: ReconciliationMismatchesSchema,
});
export type ReconciliationRun = z.infer<typeof ReconciliationRunSchema>;

export const RECONCILIATION_PAGE_SIZE = 20;

export const ReconciliationListQuerySchema = z.object({
  page: z.coerce.number({ error: '页码必须为正整数' }).int('页码必须为正整数').min(1, '页码必须为正整数').max(100_000, '页码过大').default(1),
});

export const ReconciliationListSchema = z.object({
  /** The newest run, whatever the page. */
  last: ReconciliationRunSchema.nullable(),
  runs: z.array(ReconciliationRunSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReconciliationList = z.infer<typeof ReconciliationListSchema>;

export const RunReconciliationResponseSchema = z.object({ run: ReconciliationRunSchema });

// ── Third-party games (issue 20) ────────────────────────────────────────────────────────────────

/** One provider's settled bet records and transfers over the range (trial accounts left out). */
export const ProviderReportRowSchema = z.object({
  provider: z.string(),
  /** Settled bet records, by the Beijing day they settled. */
  records: z.number().int(),
  stake: Money,
  validStake: Money,
  payout: Money,
  /** stake − payout: what the players lost at this provider (the platform's gross gaming revenue there). */
  playerLoss: Money,
  /** Successful transfers to and from the provider's wallets, by the day they were confirmed. */
  transfersIn: Money,
  transfersOut: Money,
  players: z.number().int(),
});
export type ProviderReportRow = z.infer<typeof ProviderReportRowSchema>;

export const ProviderReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(ProviderReportRowSchema),
  total: ProviderReportRowSchema,
});
export type ProviderReport = z.infer<typeof ProviderReportSchema>;
