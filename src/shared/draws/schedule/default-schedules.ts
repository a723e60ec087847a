// The default schedule of every periodic draw type (draw-types.md; sources in docs/draws.md). Official
// schedules change: these are the shipped defaults, and the operator corrects them in the back office.
import { findDrawType } from '../../catalogue/draw-types.ts';
import { DrawInputError } from '../draw-input-error.ts';
import type { Weekday } from './beijing-time.ts';
import type { DrawSchedule, DrawWindow, IssueNumberFormat, SalesCalendar } from './schedule-types.ts';

/**
 * Round-the-clock platform draws close a twelfth of their period before the draw, at least 5 s: 5 s
 * for 1-minute games, 15 s for 3-minute, 25 s for 5-minute ones. Sales are continuous (issues.ts), so
 * this is only how long before the draw betting stops. Feed draws close 60 s early.
 */
export function platformCloseSeconds(intervalSeconds: number): number {
  return Math.max(5, Math.round(intervalSeconds / 12));
}
const FEED_CLOSE_SECONDS = 60;
/** A once-a-day platform draw (澳门六合彩) closes like a feed draw. */
const DAILY_PLATFORM_CLOSE_SECONDS = 60;
const TWENTY_MINUTES = 20 * 60;

const EVERY_DAY: SalesCalendar = { weekdays: [0, 1, 2, 3, 4, 5, 6], closedDates: [], extraDates: [] };
/**
 * A-share trading days: Monday to Friday minus the exchanges' closures, which the operator enters from
 * the SSE/SZSE notice each year (none shipped: a wrong default would sell issues that never draw).
 */
const TRADING_DAYS: SalesCalendar = { weekdays: [1, 2, 3, 4, 5], closedDates: [], extraDates: [] };

function weekly(...weekdays: Weekday[]): SalesCalendar {
  return { weekdays, closedDates: [], extraDates: [] };
}

const dated = (sequenceDigits: number): IssueNumberFormat => ({ kind: 'dated', sequenceDigits });
const YYYY_NNN: IssueNumberFormat = { kind: 'yearly', year: 'yyyy', separator: '', sequenceDigits: 3 };
const YY_NNN: IssueNumberFormat = { kind: 'yearly', year: 'yy', separator: '', sequenceDigits: 3 };

/** Round-the-clock platform draws: the n-th draw at 00:00 + n × interval, the last at 24:00. */
function platformAllDay(drawType: string, intervalSeconds: number, sequenceDigits: number): DrawSchedule {
  const first = new Date(intervalSeconds * 1000).toISOString().slice(11, 19);
  return {
    drawType,
    calendar: EVERY_DAY,
    windows: [{ firstDraw: first, lastDraw: '24:00', intervalSeconds }],
    salesCloseSeconds: platformCloseSeconds(intervalSeconds),
    issueNumber: dated(sequenceDigits),
  };
}

function feedEveryDay(drawType: string, windows: DrawWindow[], issueNumber: IssueNumberFormat): DrawSchedule {
  return { drawType, calendar: EVERY_DAY, windows, salesCloseSeconds: FEED_CLOSE_SECONDS, issueNumber };
}

/** A feed draw every 20 minutes from `firstDraw` to `lastDraw` (both drawn). */
function feedEvery20Minutes(drawType: string, firstDraw: string, lastDraw: string, sequenceDigits: number) {
  return feedEveryDay(drawType, [{ firstDraw, lastDraw, intervalSeconds: TWENTY_MINUTES }], dated(sequenceDigits));
}

function feedOncePerDay(drawType: string, calendar: SalesCalendar, time: string, format: IssueNumberFormat) {
  return { drawType, calendar, windows: [{ firstDraw: time }], salesCloseSeconds: FEED_CLOSE_SECONDS, issueNumber: format };
}

const JSK3 = feedEvery20Minutes('JSK3', '08:50', '22:10', 3);

const SCHEDULES: readonly DrawSchedule[] = [
  // 时时彩
  feedEveryDay(
    'CQSSC',
    [
      { firstDraw: '00:30', lastDraw: '03:10', intervalSeconds: TWENTY_MINUTES },
      { firstDraw: '07:30', lastDraw: '23:50', intervalSeconds: TWENTY_MINUTES },
    ],
    dated(3),
  ),
  feedEvery20Minutes('XJSSC', '10:20', '02:00', 2),
  feedEvery20Minutes('TJSSC', '09:20', '23:00', 3),
  platformAllDay('UUFFC', 60, 4),
  platformAllDay('UU2FC', 120, 3),
  platformAllDay('UU3FC', 180, 3),
  platformAllDay('UU5FC', 300, 3),
  platformAllDay('UU90SSC', 90, 3),
  {
    drawType: 'ASHAREF2SSC',
    calendar: TRADING_DAYS,
    // One draw at the end of every 2-minute slice of the trading sessions; sales open at 09:30 and 13:00.
    windows: [
      { firstDraw: '09:32', lastDraw: '11:30', intervalSeconds: 120 },
      { firstDraw: '13:02', lastDraw: '15:00', intervalSeconds: 120 },
    ],
    salesCloseSeconds: FEED_CLOSE_SECONDS,
    // The catalogue writes D+NN, but 120 issues a day need three digits.
    issueNumber: dated(3),
  },
  feedEveryDay('APF10SSC', [{ firstDraw: '00:10', lastDraw: '24:00', intervalSeconds: 600 }], dated(3)),
  platformAllDay('GPTSSC', 60, 4),
  // 11选5
  feedEvery20Minutes('GD11X5', '09:30', '23:10', 2),
  feedEvery20Minutes('SD11X5', '08:40', '22:40', 2),
  feedEvery20Minutes('JX11X5', '09:30', '23:10', 2),
  feedEvery20Minutes('SH11X5', '09:00', '23:40', 2),
  feedEvery20Minutes('AH11X5', '08:40', '21:40', 2),
  feedEvery20Minutes('JS11X5', '08:50', '22:10', 2),
  feedEvery20Minutes('ZJ11X5', '08:50', '22:30', 2),
  platformAllDay('UU11X5', 60, 4),
  platformAllDay('UU311X5', 180, 3),
  // 3D
  feedOncePerDay('FC3D', EVERY_DAY, '21:15', YYYY_NNN),
  feedOncePerDay('P3', EVERY_DAY, '21:25', YY_NNN),
  feedOncePerDay('P5', EVERY_DAY, '21:25', YY_NNN),
  platformAllDay('UU3D', 300, 3),
  // PK10
  feedEveryDay(
    'BJPK10',
    [{ firstDraw: '09:07', lastDraw: '23:57', intervalSeconds: 300 }],
    // Platform config (multisites issue.php): start_issue 730756 on 2019-03-14. Re-anchor from the feed.
    { kind: 'counter', anchors: [{ salesDay: '2019-03-14', firstIssue: 730_756 }] },
  ),
  // Sales open 13:04, first draw 13:09, last draw 04:04 the next morning: 180 draws, closed 04:04–13:04.
  feedEveryDay('XYFT', [{ firstDraw: '13:09', lastDraw: '04:04', intervalSeconds: 300 }], dated(3)),
  platformAllDay('UUPK10', 60, 4),
  platformAllDay('UU3PK10', 180, 3),
  platformAllDay('UU5PK10', 300, 3),
  platformAllDay('GPTPK10', 60, 4),
  // 快3
  JSK3,
  feedEvery20Minutes('AHK3', '08:50', '21:50', 3),
  feedEvery20Minutes('HBK3', '09:20', '22:00', 3),
  feedEvery20Minutes('GXK3', '09:30', '22:30', 3),
  feedEvery20Minutes('JLK3', '08:40', '21:40', 3),
  feedEvery20Minutes('BJK3', '09:20', '23:40', 3),
  feedEvery20Minutes('SHK3', '09:00', '22:20', 3),
  feedEvery20Minutes('HEBK3', '08:30', '21:50', 3),
  platformAllDay('UUK3', 60, 4),
  platformAllDay('UU3K3', 180, 3),
  platformAllDay('UU5K3', 300, 3),
  // PC蛋蛋
  feedEveryDay(
    'JND28',
    // Sales day from 19:00; 338 draws 210 s apart (catalogue), then the daily pause until 19:00.
    [{ firstDraw: '19:03:30', lastDraw: '14:43:00', intervalSeconds: 210 }],
    // A public sample (draw 3342351 at 2025-10-02 21:34:00, the 44th of that sales day). Re-anchor from the feed.
    { kind: 'counter', anchors: [{ salesDay: '2025-10-02', firstIssue: 3_342_308 }] },
  ),
  platformAllDay('UU28', 60, 4),
  platformAllDay('UU3PC28', 180, 3),
  // 六合彩: Tue/Thu/Sat by default; the operator moves a draw with closedDates/extraDates when HKJC does.
  feedOncePerDay('MARK6', weekly(2, 4, 6), '21:30', { kind: 'yearly', year: 'yy', separator: '/', sequenceDigits: 3 }),
  platformAllDay('UUMARK6', 300, 3),
  {
    drawType: 'AMMARK6',
    calendar: EVERY_DAY,
    windows: [{ firstDraw: '21:30' }],
    salesCloseSeconds: DAILY_PLATFORM_CLOSE_SECONDS,
    issueNumber: YYYY_NNN,
  },
  // 快乐8
  feedOncePerDay('FCKL8', EVERY_DAY, '21:30', YYYY_NNN),
  feedEveryDay(
    'TWLKENO',
    [{ firstDraw: '07:05', lastDraw: '23:55', intervalSeconds: 300 }],
    // 台湾宾果 numbers its draws with the ROC year and a count that restarts every year (104046724).
    { kind: 'yearly', year: 'roc', separator: '', sequenceDigits: 6 },
  ),
  platformAllDay('UUFFKENO', 60, 4),
  platformAllDay('UU5KENO', 300, 3),
  // 双色球 / 大乐透
  feedOncePerDay('SSQ', weekly(0, 2, 4), '21:15', YYYY_NNN),
  platformAllDay('UUSSQ', 300, 3),
  feedOncePerDay('DLT', weekly(1, 3, 6), '21:25', YY_NNN),
  platformAllDay('UUDLT', 300, 3),
  // 骰宝: JSTB is settled on the 江苏快3 draw, so it has exactly JSK3's issues.
  { ...JSK3, drawType: 'JSTB' },
  platformAllDay('F1TB', 60, 4),
  platformAllDay('UU3TB', 180, 3),
];

/** Default schedules of every feed and platform draw type, by code. Instant draw types have none. */
export const DEFAULT_SCHEDULES: ReadonlyMap<string, DrawSchedule> = new Map(SCHEDULES.map((s) => [s.drawType, s]));

export function findSchedule(drawType: string): DrawSchedule | undefined {
  return DEFAULT_SCHEDULES.get(drawType);
}

/** The default schedule of a periodic draw type; throws for an unknown or instant draw type. */
export function scheduleOf(drawType: string): DrawSchedule {
  const schedule = DEFAULT_SCHEDULES.get(drawType);
  if (schedule) return schedule;
  if (findDrawType(drawType)) {
    throw new DrawInputError('NOT_PERIODIC', `${drawType} 是秒开彩种，按注开奖，没有期号计划`);
  }
  throw new DrawInputError('UNKNOWN_DRAW_TYPE', `未知彩种：${drawType}`);
}
