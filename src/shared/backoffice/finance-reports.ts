// Back office 财务 (issue 17 item 5): the sandbox gateway's fault controls (沙箱故障) and the daily
// cash report (日现金报表). Amounts are integers of 0.0001 元; days are Beijing dates. Definitions:
// docs/wallet/README.md (cash report).
import { z } from 'zod';
import { SandboxFaultsSchema } from '../payments/sandbox-faults.ts';
import { ReportRangeQuerySchema } from './reports.ts';

export const FINANCE_REPORTS_PATHS = {
  sandbox: '/finance/sandbox',
  cash: '/finance/reports/cash',
  cashCsv: '/finance/reports/cash.csv',
} as const;

/** What the back office knows of the configured gateway, and the sandbox's faults when it is one. */
export const SandboxStateSchema = z.object({
  gateway: z.object({ code: z.string(), label: z.string(), sandbox: z.boolean() }),
  /** null: the configured gateway is a real one (no fault controls), or the sandbox did not answer. */
  faults: SandboxFaultsSchema.nullable(),
  /** False when the sandbox service could not be reached to read its faults. */
  reachable: z.boolean(),
});
export type SandboxState = z.infer<typeof SandboxStateSchema>;

export const SandboxFaultsBodySchema = SandboxFaultsSchema;

export const SANDBOX_UNREACHABLE_MESSAGE = '沙箱支付网关无法连接，请稍后重试';

/** The same date range as the sales report (both days included, at most 92 days). */
export const CashReportQuerySchema = ReportRangeQuerySchema;
export type CashReportQuery = z.infer<typeof CashReportQuerySchema>;

const Money = z.number().int();

export const CashFiguresSchema = z.object({
  /** DEP transfers: deposits credited to players. */
  depositCount: z.number().int(),
  /** Credited to the players' wallets. */
  depositAmount: Money,
  /** The house's share of DEP transfers (fees). */
  depositFees: Money,
  /** WIT transfers: withdrawals paid out. */
  withdrawalCount: z.number().int(),
  /** Released from the hold (what the players gave up, fee included). */
  withdrawalAmount: Money,
  /** The house's share of WIT transfers. */
  withdrawalFees: Money,
  /** WFAIL transfers: withdrawals returned to the players (rejected, cancelled, payout failed). */
  returnedCount: z.number().int(),
  returnedAmount: Money,
  /** WPEND transfers: new withdrawal requests put on hold. */
  requestedCount: z.number().int(),
  requestedAmount: Money,
  /** Manual credits (MI, MU) and debits (MD) of player wallets. */
  manualCredits: Money,
  manualDebits: Money,
  /** Money received from outside (deposits) minus money sent out (withdrawals paid). */
  netCashFlow: Money,
});
export type CashFigures = z.infer<typeof CashFiguresSchema>;

export const CashRowSchema = CashFiguresSchema.extend({
  day: z.string(),
  /** Withdrawals on hold at the end of the day (requested, neither paid nor returned yet). */
  heldAtDayEnd: Money,
});
export type CashRow = z.infer<typeof CashRowSchema>;

export const CashReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first (days without movements included, all zero). */
  rows: z.array(CashRowSchema),
  total: CashFiguresSchema,
});
export type CashReport = z.infer<typeof CashReportSchema>;
