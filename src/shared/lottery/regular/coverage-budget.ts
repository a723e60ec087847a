// What the coverage rule may cost (docs/lottery/engine.md, "Cost"). The typed 单式 lists of 快乐8,
// 双色球 and 大乐透 are checked by searching for a losing draw. Three bounds, in work units (one unit ≈
// 15–20 ns of CPU on the development machine):
//  - a line holds at most MAX_SEARCHED_TICKETS tickets, refused before they are read;
//  - a line's search stops at LINE_WORK, so its verdict depends on the list alone (the bet slip and the
//    server agree);
//  - an order's lines share one CoverageBudget (reading each ticket costs ENTRY_WORK, each search what
//    it spent): the server prices an order within it, so one request costs at most about 40 ms of CPU
//    for coverage however many lines it holds, and the order is refused (ORDER_TOO_COSTLY_MESSAGE) when
//    it would need more. A line's verdict and its work are remembered; a remembered verdict charges the
//    order the same work again, so an order's outcome never depends on what was priced before it.
import { LotteryError } from '../errors.ts';

/** Most tickets one 单式 line of 快乐8, 双色球 or 大乐透 may hold (checked before anything else). */
export const MAX_SEARCHED_TICKETS = 1_000;
export const TOO_MANY_TICKETS_MESSAGE = `快乐8、双色球、大乐透单式最多输入${MAX_SEARCHED_TICKETS.toLocaleString('en')}注，请分多单投注`;
export const ORDER_TOO_COSTLY_MESSAGE = '本单单式号码过多，无法逐一核对开奖结果，请分多单投注';

/** Work units one line's search may take (≈ 35 ms on the development machine). */
export const LINE_WORK = 2_000_000;
/** Work charged per typed ticket of such a line before it is read (validating it costs ≈ 5 µs). */
export const ENTRY_WORK = 300;
/** One order's lines together: exactly one line at the ticket cap and its search (≈ 40 ms). */
export const ORDER_WORK = LINE_WORK + MAX_SEARCHED_TICKETS * ENTRY_WORK;

/** An order's share of coverage work: create one per order and pass it to every line's `count`. */
export class CoverageBudget {
  constructor(public remaining: number = ORDER_WORK) {}
}

/** Thrown inside a search when its meter runs dry; never leaves `coversWithin`. */
class OutOfWork extends Error {}

/** The work left to one search: its line limit, or what the order has left if that is less. */
export class WorkMeter {
  private left: number;
  constructor(
    readonly limit: number,
    /** True when the order's budget, not the line limit, is what bounds this search. */
    readonly orderBound = false,
  ) {
    this.left = limit;
  }
  static within(budget: CoverageBudget | undefined): WorkMeter {
    if (!budget || budget.remaining >= LINE_WORK) return new WorkMeter(LINE_WORK);
    return new WorkMeter(budget.remaining, true);
  }
  /** Counts `units` of work; throws (to `coversWithin`) once the limit is passed. */
  spend(units: number): void {
    this.left -= units;
    if (this.left < 0) throw new OutOfWork();
  }
  get spent(): number {
    return this.limit - Math.max(this.left, 0);
  }
}

interface Verdict {
  covers: boolean;
  work: number;
}

/** Recent verdicts by list: the bet slip asks again on every keystroke; the server prices twice. */
const verdicts = new Map<string, Verdict>();
const REMEMBERED = 64;

/**
 * Runs a search that returns true when it found a losing draw. A search that runs out of its line's
 * work counts as covering (the list is refused: no covering list is ever accepted); one that runs out
 * of the order's budget refuses the order instead (ORDER_TOO_COSTLY_MESSAGE).
 */
export function coversWithin(budget: CoverageBudget | undefined, key: string, findLosingDraw: (meter: WorkMeter) => boolean): boolean {
  const known = verdicts.get(key);
  if (known) {
    charge(budget, known.work);
    return known.covers;
  }
  const meter = WorkMeter.within(budget);
  let covers: boolean;
  try {
    covers = !findLosingDraw(meter);
  } catch (error) {
    if (!(error instanceof OutOfWork)) throw error;
    if (meter.orderBound) {
      if (budget) budget.remaining = 0;
      throw new LotteryError('TOO_MANY_BETS', ORDER_TOO_COSTLY_MESSAGE);
    }
    covers = true;
  }
  const verdict = { covers, work: meter.spent };
  if (verdicts.size >= REMEMBERED) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(key, verdict);
  if (budget) budget.remaining -= verdict.work;
  return covers;
}

/** Charges an order for reading a typed line of `entries` tickets (before they are validated). */
export function chargeEntries(budget: CoverageBudget | undefined, entries: number): void {
  charge(budget, entries * ENTRY_WORK);
}

function charge(budget: CoverageBudget | undefined, work: number): void {
  if (!budget) return;
  if (work > budget.remaining) {
    budget.remaining = 0;
    throw new LotteryError('TOO_MANY_BETS', ORDER_TOO_COSTLY_MESSAGE);
  }
  budget.remaining -= work;
}
