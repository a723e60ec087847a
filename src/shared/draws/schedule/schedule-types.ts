// The shape of a periodic draw type's schedule. Schedules are immutable data (the compiled form is
// cached per object): the defaults live in default-schedules.ts, and an operator's change is a new
// object built from a default (`{ ...scheduleOf('MARK6'), calendar: … }`).
import type { Weekday } from './beijing-time.ts';

/** Which calendar days a draw type runs on (its sales days). */
export interface SalesCalendar {
  /** The weekly pattern: every day, the A-share weekdays, SSQ's Tue/Thu/Sun … */
  readonly weekdays: readonly Weekday[];
  /** 'YYYY-MM-DD' days off the pattern: exchange holidays, the Spring Festival break, a cancelled draw. */
  readonly closedDates: readonly string[];
  /** 'YYYY-MM-DD' days added to the pattern: a Mark Six draw moved to Sunday. A closed date wins. */
  readonly extraDates: readonly string[];
}

/**
 * A run of evenly spaced draws within one sales day, in Beijing time relative to the sales day's
 * midnight. A `lastDraw` earlier than `firstDraw` is on the next calendar day (XYFT 13:09 → 04:04)
 * and still belongs to the sales day that the window started on.
 */
export interface DrawWindow {
  /** 'HH:MM' or 'HH:MM:SS'. */
  readonly firstDraw: string;
  /** Inclusive; omit (with `intervalSeconds`) for a window of a single draw. */
  readonly lastDraw?: string;
  readonly intervalSeconds?: number;
  /**
   * When sales of the window's first issue open. Default: one interval before the first draw
   * (CQSSC 07:30 → 07:10, XYFT 13:09 → 13:04); a single draw opens when the previous issue is drawn.
   * An issue never opens before the previous issue's draw.
   */
  readonly salesOpen?: string;
}

export interface CounterAnchor {
  /** A sales day on which the draw type runs. */
  readonly salesDay: string;
  /** The running number of that day's first issue. */
  readonly firstIssue: number;
}

/** How a 期号 is written (draw-types.md: `D` = yyyymmdd, `N..` = zero-padded sequence). */
export type IssueNumberFormat =
  /** yyyymmdd + the sequence within the sales day: `D+NNN` → 20261122001. */
  | { readonly kind: 'dated'; readonly sequenceDigits: number }
  /**
   * A year + the draw's ordinal within that year: `yyyyNNN` (SSQ 2026014), `yyNNN` (DLT 26014),
   * `yy/NNN` (Mark Six 26/014), ROC year + 6 digits (台湾宾果 115065976).
   */
  | {
      readonly kind: 'yearly';
      readonly year: 'yyyy' | 'yy' | 'roc';
      readonly separator: '' | '/';
      readonly sequenceDigits: number;
    }
  /**
   * A running number that never resets (BJPK10, JND28), counted in draws from an anchor. Later anchors
   * re-base the count when the feed's numbering jumps; the latest anchor not after a day applies.
   */
  | { readonly kind: 'counter'; readonly anchors: readonly CounterAnchor[] };

export interface DrawSchedule {
  readonly drawType: string;
  readonly calendar: SalesCalendar;
  /** In time order; issues are numbered through the windows in this order. */
  readonly windows: readonly DrawWindow[];
  /** Sales close this many seconds before each draw. */
  readonly salesCloseSeconds: number;
  readonly issueNumber: IssueNumberFormat;
}

/** One issue (期) of a periodic draw type. Instants are epoch milliseconds. */
export interface ScheduledIssue {
  readonly drawType: string;
  readonly issueNumber: string;
  /** 'YYYY-MM-DD': the sales day the issue belongs to (XYFT's 02:00 draw belongs to the day before). */
  readonly salesDay: string;
  /** 1-based position within the sales day. */
  readonly sequence: number;
  readonly opensAt: number;
  readonly closesAt: number;
  readonly drawAt: number;
}

export type SalesStatus = 'NOT_OPEN' | 'ON_SALE' | 'CLOSED' | 'DRAWN';
