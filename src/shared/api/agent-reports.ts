// The agent centre's reports (issue 19 items 4 and 5): team overview and team profit. Paths, queries
// and answers shared by the PWA and the server. Amounts are integers of 0.0001 元; days are Beijing
// calendar days 'YYYY-MM-DD'.
import { z } from 'zod';
import { beijingDayOf, formatDay, parseDay } from '../draws/schedule/beijing-time.ts';
import { calendarDate } from '../validation/calendar-date.ts';

export const AGENT_REPORT_PATHS = {
  overview: '/ajax/agent/overview',
  profit: '/ajax/agent/profit',
} as const;

/** How far back a report reaches (spec: team profit over at most 3 months). */
export const REPORT_MAX_DAYS_BACK = 92;
export const DATE_MESSAGE = '请选择有效的日期';
export const RANGE_MESSAGE = '只能查询最近三个月内的数据';
export const RANGE_ORDER_MESSAGE = '开始日期不能晚于结束日期';

/** The earliest and latest day a report may ask for, today being Beijing's. */
export function reportWindow(now: number): { min: string; max: string } {
  const today = beijingDayOf(now);
  return { min: formatDay(today - REPORT_MAX_DAYS_BACK), max: formatDay(today) };
}

const dateField = calendarDate(DATE_MESSAGE).optional();

/** from/to default to today; the range must lie inside the window and be in order. */
const rangeShape = { from: dateField, to: dateField };

interface RangeInput {
  from?: string | undefined;
  to?: string | undefined;
}

function checkRange(input: RangeInput, context: z.RefinementCtx): void {
  const { min, max } = reportWindow(Date.now());
  for (const key of ['from', 'to'] as const) {
    const value = input[key];
    if (value !== undefined && (value < min || value > max)) context.addIssue({ code: 'custom', path: [key], message: RANGE_MESSAGE });
  }
  if (input.from && input.to && input.from > input.to) context.addIssue({ code: 'custom', path: ['from'], message: RANGE_ORDER_MESSAGE });
}

export const OverviewQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type OverviewQuery = z.infer<typeof OverviewQuerySchema>;

const MEMBER_MESSAGE = '该会员不存在或不在您的团队中';
const memberId = z.coerce
  .number({ error: MEMBER_MESSAGE })
  .int({ error: MEMBER_MESSAGE })
  .min(1, { error: MEMBER_MESSAGE })
  .max(Number.MAX_SAFE_INTEGER, { error: MEMBER_MESSAGE });

export const PROFIT_VIEWS = ['members', 'days'] as const;
export type ProfitView = (typeof PROFIT_VIEWS)[number];

export const ProfitQuerySchema = z
  .object({
    ...rangeShape,
    /** Drill-down: the team member whose team is shown (the caller when absent). */
    memberId: memberId.optional(),
    view: z.enum(PROFIT_VIEWS, { error: '请选择查看方式' }).default('members'),
    page: z.coerce.number({ error: '页码有误' }).int({ error: '页码有误' }).min(1, { error: '页码有误' }).max(100_000, { error: '页码有误' }).default(1),
    pageSize: z.coerce.number({ error: '每页条数有误' }).int({ error: '每页条数有误' }).min(1, { error: '每页条数有误' }).max(100, { error: '每页条数有误' }).default(20),
  })
  .superRefine(checkRange);
export type ProfitQuery = z.infer<typeof ProfitQuerySchema>;

/** The money figures of one customer, or of a team, over a range. */
export const FiguresSchema = z.object({
  /** Stakes of bets, net of cancelled orders' refunds. */
  bets: z.number().int(),
  betCount: z.number().int(),
  /** Prizes, corrections of prizes and jackpots. */
  wins: z.number().int(),
  rebates: z.number().int(),
  /** Level-difference commission, net of commission taken back. */
  commission: z.number().int(),
  /** 分红, 日工资 and campaign money. */
  bonuses: z.number().int(),
  deposits: z.number().int(),
  /** Withdrawals requested, net of those returned. */
  withdrawals: z.number().int(),
  transfersIn: z.number().int(),
  transfersOut: z.number().int(),
  /** 盈亏 = wins + rebates + commission + bonuses − bets: what the players won from the platform. */
  profit: z.number().int(),
});
export type Figures = z.infer<typeof FiguresSchema>;

export const PROFIT_DEFINITION = '盈亏 = 中奖 + 返点 + 佣金 + 分红/日工资/活动 − 投注（正数表示团队盈利）';

export const OverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Everyone below the agent (not the agent itself), as of the roll-up (`updatedAt`). */
  members: z.number().int(),
  agents: z.number().int(),
  players: z.number().int(),
  /** Members registered today (Beijing), as of the roll-up. */
  newToday: z.number().int(),
  /** Members with a session used in the last few minutes (live). */
  onlineNow: z.number().int(),
  /** Σ of the members' main-wallet balances, as of the roll-up. */
  teamBalance: z.number().int(),
  /** The team's figures over the range, the agent's own included. */
  figures: FiguresSchema,
  /** The roll-up's time: every movement committed before it is in the figures (null: never ran). */
  updatedAt: z.string().nullable(),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const ProfitMemberRowSchema = z.object({
  customerId: z.number().int(),
  username: z.string(),
  type: z.string(),
  /** Has members of its own: its team can be opened. */
  hasTeam: z.boolean(),
  /** The member's own movements. */
  own: FiguresSchema,
  /** The member's whole team, itself included. */
  team: FiguresSchema,
});
export type ProfitMemberRow = z.infer<typeof ProfitMemberRowSchema>;

export const ProfitDayRowSchema = z.object({ day: z.string(), team: FiguresSchema });
export type ProfitDayRow = z.infer<typeof ProfitDayRowSchema>;

export const ProfitSchema = z.object({
  from: z.string(),
  to: z.string(),
  view: z.enum(PROFIT_VIEWS),
  /** Whose team is shown, and the chain from the caller down to it (for the drill-down trail). */
  root: z.object({ customerId: z.number().int(), username: z.string() }),
  trail: z.array(z.object({ customerId: z.number().int(), username: z.string() })),
  /** The root's own movements (本人). */
  own: FiguresSchema,
  /** The root's whole team, itself included: the sum of `own` and every member row's team. */
  total: FiguresSchema,
  members: z.array(ProfitMemberRowSchema),
  days: z.array(ProfitDayRowSchema),
  /** Rows of the view in all (direct members, or days of the range). */
  rowCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type Profit = z.infer<typeof ProfitSchema>;

/** The days from `from` to `to`, newest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = parseDay(to); day >= parseDay(from); day--) days.push(formatDay(day));
  return days;
}
