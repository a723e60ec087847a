// The back office's draws (issue 16 item 6): draw types with their result source and feed status,
// each type's issue calendar, one issue in detail, manual results and corrections (four-eyes), and
// cancelling an issue. Request and response schemas shared by the server and the back-office UI.
import { z } from 'zod';
import { ISSUE_STATES } from '../api/draws.ts';
import { getDrawType } from '../catalogue/draw-types.ts';
import { isValidResult, resultFormatFor, type ResultFormat } from '../lottery/result.ts';
import { calendarDate } from '../validation/calendar-date.ts';
import { reasonText, REASON_MESSAGE } from './auth.ts';

export const DRAWS_ADMIN_PATHS = {
  drawTypes: '/draws',
  calendar: (drawType: string) => `/draws/${encodeURIComponent(drawType)}/issues`,
  issue: (drawType: string, issueNumber: string) => `/draws/${encodeURIComponent(drawType)}/issues/${encodeURIComponent(issueNumber)}`,
  result: (drawType: string, issueNumber: string) => `${DRAWS_ADMIN_PATHS.issue(drawType, issueNumber)}/result`,
  cancel: (drawType: string, issueNumber: string) => `${DRAWS_ADMIN_PATHS.issue(drawType, issueNumber)}/cancel`,
  /** The operator's closed (休市) and extra (加开) days of an official draw type. */
  drawCalendar: (drawType: string) => `/draws/${encodeURIComponent(drawType)}/calendar`,
  drawCalendarDay: (drawType: string, day: string) => `/draws/${encodeURIComponent(drawType)}/calendar/${encodeURIComponent(day)}`,
} as const;

/** The four-eyes approval kind of manual results and corrections (core/api.ts). */
export const MANUAL_RESULT_APPROVAL = 'draws.result';

/** Where a draw type's results come from on this server (src/server/draws/sources.ts). */
export const DRAW_SOURCES = ['platform', 'simulated', 'official', 'none'] as const;
export type DrawSourceName = (typeof DRAW_SOURCES)[number];

export const DRAW_SOURCE_LABELS: Record<DrawSourceName, string> = {
  platform: '平台开奖（可验证）',
  simulated: '模拟开奖（非官方结果）',
  official: '官方开奖源（HTTP）',
  none: '未接入开奖源（不开售）',
};

export const ISSUE_STATE_LABELS: Record<(typeof ISSUE_STATES)[number], string> = {
  SCHEDULED: '未开售',
  OPEN: '销售中',
  CLOSED: '已截止',
  DRAWN: '已开奖',
  SETTLED: '已结算',
  CANCELLED: '已撤单',
};

const IssueStateSchema = z.enum(ISSUE_STATES);

export const LastResultSchema = z.object({
  issueNumber: z.string(),
  result: z.array(z.number().int()),
  resultSource: z.string().nullable(),
  drawAt: z.number().int(),
  drawnAt: z.number().int().nullable(),
});

export const DrawTypeStatusSchema = z.object({
  code: z.string(),
  name: z.string(),
  source: z.enum(DRAW_SOURCES),
  /** Enabled in the lobby (own_games). */
  enabled: z.boolean(),
  /** Whether results of this draw type may be entered by hand (official draw types with a result of their own). */
  manualEntry: z.boolean(),
  lastResult: LastResultSchema.nullable(),
  /** How long after its draw time the last result arrived (ms). */
  lagMs: z.number().int().nullable(),
  /** Closed issues past their draw time still without a result. */
  awaiting: z.number().int(),
  oldestAwaitingDrawAt: z.number().int().nullable(),
});
export type DrawTypeStatus = z.infer<typeof DrawTypeStatusSchema>;

export const DrawTypesOverviewSchema = z.object({
  serverTime: z.number().int(),
  /** The configured result feed (FEED_ADAPTER). */
  feed: z.enum(['simulated', 'http', 'none']),
  /** Cancel an issue with no result this long after its draw time. */
  feedTimeoutMs: z.number().int(),
  drawTypes: z.array(DrawTypeStatusSchema),
});
export type DrawTypesOverview = z.infer<typeof DrawTypesOverviewSchema>;

export const CalendarIssueSchema = z.object({
  issueNumber: z.string(),
  sequence: z.number().int(),
  state: IssueStateSchema,
  opensAt: z.number().int(),
  closesAt: z.number().int(),
  drawAt: z.number().int(),
  drawnAt: z.number().int().nullable(),
  result: z.array(z.number().int()).nullable(),
  resultSource: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** SHA-256(seed ‖ 期号), published before sales open (committed draws). */
  commitment: z.string().nullable(),
  /** Only once the issue is drawn: a seed is never shown before (docs/fairness.md). */
  seed: z.string().nullable(),
  /** A manual result or correction of this issue waits for a second operator. */
  pendingResult: z.boolean(),
});
export type CalendarIssue = z.infer<typeof CalendarIssueSchema>;

export const DAY_MESSAGE = '日期格式应为 YYYY-MM-DD';
export const PAGE_MESSAGE = '页码无效';
export const PAGE_SIZE_MESSAGE = '每页条数应在 10 到 200 之间';

export const CalendarQuerySchema = z.object({
  /** Sales day (Beijing); default: today's. */
  day: calendarDate(DAY_MESSAGE).optional(),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(100_000, PAGE_MESSAGE).default(1),
  pageSize: z.coerce.number({ error: PAGE_SIZE_MESSAGE }).int(PAGE_SIZE_MESSAGE).min(10, PAGE_SIZE_MESSAGE).max(200, PAGE_SIZE_MESSAGE).default(50),
});
export type CalendarQuery = z.input<typeof CalendarQuerySchema>;

export const ChainSchema = z.object({
  /** The day's public anchor, published before the day's sales open. */
  anchor: z.string(),
  length: z.number().int(),
});

export const IssueCalendarSchema = z.object({
  drawType: z.string(),
  name: z.string(),
  source: z.enum(DRAW_SOURCES),
  day: z.string(),
  chain: ChainSchema.nullable(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  issues: z.array(CalendarIssueSchema),
});
export type IssueCalendar = z.infer<typeof IssueCalendarSchema>;

export const ResultRequestViewSchema = z.object({
  approvalId: z.number().int(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  result: z.array(z.number().int()),
  /** Null for a first entry; the result it corrects otherwise. */
  replaces: z.array(z.number().int()).nullable(),
  requestedBy: z.string(),
  requestedAt: z.number().int(),
  reason: z.string(),
  decidedBy: z.string().nullable(),
});
export type ResultRequestView = z.infer<typeof ResultRequestViewSchema>;

export const IssueDetailSchema = z.object({
  drawType: z.string(),
  name: z.string(),
  source: z.enum(DRAW_SOURCES),
  manualEntry: z.boolean(),
  issue: CalendarIssueSchema.extend({
    beacon: z.string().nullable(),
    /** The day's chain anchor and this issue's position in it (committed draws). */
    chain: z.object({ anchor: z.string(), position: z.number().int() }).nullable(),
  }),
  orders: z.object({
    count: z.number().int(),
    pending: z.number().int(),
    /** Stakes of the issue's orders, refunded ones excluded (0.0001 元). */
    turnover: z.number().int(),
    payout: z.number().int(),
  }),
  transitions: z.array(
    z.object({ fromState: z.string(), toState: z.string(), at: z.number().int(), note: z.string().nullable(), actor: z.string().nullable() }),
  ),
  corrections: z.array(
    z.object({
      id: z.number().int(),
      previousResult: z.array(z.number().int()),
      correctedResult: z.array(z.number().int()),
      at: z.number().int(),
      resettledAt: z.number().int().nullable(),
    }),
  ),
  resultRequests: z.array(ResultRequestViewSchema),
});
export type IssueDetail = z.infer<typeof IssueDetailSchema>;

export const RESULT_MESSAGE = '请输入开奖号码';
/** Every operator reason follows the core's rule (2–500 characters). */
const ReasonSchema = reasonText;
export { REASON_MESSAGE };

/** The client's check of a reason before sending it (the server applies ReasonSchema). */
export const isReasonValid = (text: string) => ReasonSchema.safeParse(text).success;

export const ManualResultBodySchema = z.object({
  result: z.array(z.number({ error: RESULT_MESSAGE }).int(RESULT_MESSAGE).min(0, RESULT_MESSAGE).max(99, RESULT_MESSAGE), { error: RESULT_MESSAGE }).min(1, RESULT_MESSAGE).max(20, RESULT_MESSAGE),
  reason: ReasonSchema,
  /** The result the operator saw (null: none yet). When given and no longer current, the entry is refused as stale. */
  replaces: z.array(z.number({ error: RESULT_MESSAGE }).int(RESULT_MESSAGE).min(0, RESULT_MESSAGE).max(99, RESULT_MESSAGE), { error: RESULT_MESSAGE }).max(20, RESULT_MESSAGE).nullable().optional(),
});
export type ManualResultBody = z.infer<typeof ManualResultBodySchema>;

export const ManualResultAnswerSchema = z.object({ approvalId: z.number().int(), isCorrection: z.boolean() });

export const CancelIssueBodySchema = z.object({ reason: ReasonSchema });
export const CancelIssueAnswerSchema = z.object({ state: z.literal('CANCELLED'), refunded: z.number().int() });

/** "3,1,4,1,5", "03 01 04", "1|2|3": the numbers typed; null when any part is not a number. */
export function parseResultText(text: string): number[] | null {
  const parts = text.split(/[\s,，、|+]+/).filter(Boolean);
  if (parts.length === 0 || !parts.every((p) => /^\d{1,2}$/.test(p))) return null;
  return parts.map(Number);
}

function describeFormat(format: ResultFormat): string {
  const range = (min: number, max: number) => `${min}–${max}`;
  if (format.secondZone) {
    const first = format.secondZone.from;
    return `前 ${first} 个为 ${range(format.min, format.max)}，后 ${format.length - first} 个为 ${range(format.secondZone.min, format.secondZone.max)}，各区不重复`;
  }
  return `${format.length} 个 ${range(format.min, format.max)} 的号码${format.distinct ? '，不重复' : '，可重复'}`;
}

/** The draw type's result format in words, e.g. "5 个 0–9 的号码，可重复". */
export function resultFormatHint(drawType: string): string {
  const info = getDrawType(drawType);
  return describeFormat(resultFormatFor(info.category, info.code));
}

/** Null when `result` is a valid result of the draw type, else the Chinese message to show. */
export function resultProblem(drawType: string, result: readonly number[]): string | null {
  const info = getDrawType(drawType);
  return isValidResult(result, resultFormatFor(info.category, info.code)) ? null : `开奖号码格式不正确：应为${resultFormatHint(drawType)}`;
}

// ── 休市日历: closed and extra days of an official draw type (docs/backoffice/draws.md) ──────────

export const CALENDAR_KINDS = ['CLOSED', 'EXTRA'] as const;
export type CalendarKindName = (typeof CALENDAR_KINDS)[number];
export const CALENDAR_KIND_LABELS: Record<CalendarKindName, string> = { CLOSED: '休市', EXTRA: '加开' };
export const CALENDAR_KIND_MESSAGE = '类型应为休市或加开';

export const CalendarDaySchema = z.object({
  day: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.number().int(),
});
export type CalendarDayView = z.infer<typeof CalendarDaySchema>;

export const DrawCalendarSchema = z.object({
  drawType: z.string(),
  name: z.string(),
  /** Whether the operator may change this type's calendar (official draw types with results of their own). */
  editable: z.boolean(),
  /** The draw type whose calendar applies (JSTB follows JSK3's). */
  calendarOf: z.string(),
  /** How 期号 are numbered: yearly ordinals and running counters count only open days. */
  numbering: z.enum(['dated', 'yearly', 'counter']),
  /** Today in Beijing: earlier days cannot be changed. */
  today: z.string(),
  /** Newest first. */
  days: z.array(CalendarDaySchema),
});
export type DrawCalendarView = z.infer<typeof DrawCalendarSchema>;

export const CalendarDayBodySchema = z.object({
  day: calendarDate(DAY_MESSAGE),
  kind: z.enum(CALENDAR_KINDS, { error: CALENDAR_KIND_MESSAGE }),
  reason: ReasonSchema,
});
export type CalendarDayBody = z.infer<typeof CalendarDayBodySchema>;

export const RemoveCalendarDayBodySchema = z.object({ reason: ReasonSchema });

export const CalendarChangeAnswerSchema = z.object({
  day: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  /** 期号 of the day cancelled because the day closed. */
  cancelledIssues: z.array(z.string()),
  /** Orders refunded on them. */
  refunded: z.number().int(),
});
export type CalendarChangeAnswer = z.infer<typeof CalendarChangeAnswerSchema>;
