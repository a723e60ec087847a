// What settled bets were expected to pay, from the engine's own tables: the theoretical side of the
// return-to-player report (docs/backoffice/reports.md#theoretical-rtp).
//   - Regular, prize-group categories: every method returns exactly G/2000 of the stake on average
//     over the outcome space (the engine's invariant, docs/lottery/engine.md), G = the bet's group.
//   - Regular, fixed-prize categories (快乐8, 双色球, 大乐透): Σ per level of prize × count/total for
//     one 2-元 注, from the prize table of the issue (floating levels at the configured amount).
//   - Board: each combination's exact expectation at the odds in force when the bet was placed (the
//     odds its settlement used; 和局 returns the stake), by
//     enumerating its outcome space as the board's RTP table does; a bet's stake is shared equally by
//     its combinations.
// Rebates are not part of it: the report shows them in their own column.
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { FIXED_PRIZE_CATEGORIES, getMethod, prizeTable } from '../../../shared/lottery/index.ts';
import { BOARD_ODDS_SCALE, type BoardEngine, type BoardPickId } from '../../../shared/lottery/board/index.ts';
import { BET_UNIT_PRICE, type Money } from '../../../shared/money.ts';
import { boardSettingsAt } from '../../games/settings.ts';
import { boardFor } from '../../orders/pricing.ts';

/** Settled stake of bets that share everything the expectation depends on. */
export interface StakeGroup {
  drawType: string;
  playMode: 'REGULAR' | 'BOARD';
  /** Regular: the method id; board: the bet type id. */
  code: string;
  /** Regular prize-group methods: the bet's group. */
  prizeGroup: number | null;
  /** Board: the selection as stored; regular: null. */
  selection: unknown;
  /** The business day (board: 六合彩's zodiac year depends on it). */
  day: string;
  /** An issue number of the group (fixed-prize tables change by issue). */
  issueNumber: string;
  /** When a bet of the group was placed (ms): board bets are rated at the odds in force then. */
  placedAt: number;
  stake: Money;
}

interface Ratio {
  num: bigint;
  den: bigint;
}

const CLASSIC_PRIZE_GROUP = 2000n;
const cache = new Map<string, Ratio | null>();
const CACHE_LIMIT = 20_000;

/** The expected payout of a group's stake, floored to 0.0001 元; 0 when the engine cannot rate it. */
export function expectedPayout(group: StakeGroup): Money {
  const ratio = returnRatio(group);
  if (!ratio || group.stake <= 0) return 0;
  return Number((BigInt(group.stake) * ratio.num) / ratio.den);
}

function returnRatio(group: StakeGroup): Ratio | null {
  const info = findDrawType(group.drawType);
  if (!info) return null;
  if (group.playMode === 'REGULAR') {
    if (!FIXED_PRIZE_CATEGORIES.has(info.category)) {
      return group.prizeGroup === null ? null : { num: BigInt(group.prizeGroup), den: CLASSIC_PRIZE_GROUP };
    }
    return cached(`F|${group.drawType}|${group.code}|${group.issueNumber}`, () => fixedPrizeReturn(group.drawType, group.code, group.issueNumber));
  }
  const zodiacDay = info.category === 'MARK6' ? group.day : '';
  const odds = boardSettingsAt(group.drawType, group.placedAt);
  return cached(`B|${group.drawType}|${zodiacDay}|${odds?.id ?? 0}|${group.code}|${JSON.stringify(group.selection)}`, () =>
    boardReturn(boardFor(group.drawType, group.day, odds), group.code, group.selection),
  );
}

function cached(key: string, compute: () => Ratio | null): Ratio | null {
  if (cache.has(key)) return cache.get(key)!;
  let value: Ratio | null;
  try {
    value = compute();
  } catch {
    // A bet the engine no longer knows (a method or bet type since withdrawn): not rated.
    value = null;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

function addRatio(a: Ratio, b: Ratio): Ratio {
  const num = a.num * b.den + b.num * a.den;
  const den = a.den * b.den;
  let [x, y] = [num, den];
  while (y !== 0n) [x, y] = [y, x % y];
  return x > 1n ? { num: num / x, den: den / x } : { num, den };
}

/** Σ prize × count/total for one 注, over the 2 元 it costs. */
function fixedPrizeReturn(drawType: string, methodId: string, issue: string): Ratio {
  const levels = getMethod(drawType, methodId).levels;
  const prizes = prizeTable(drawType, methodId, undefined, { issue });
  let num = 0n;
  let den = 1n;
  levels.forEach((level, index) => {
    ({ num, den } = addRatio({ num, den }, { num: BigInt(prizes[index]!.prize) * BigInt(level.count), den: BigInt(level.total) * BigInt(BET_UNIT_PRICE) }));
  });
  return { num, den };
}

/** The mean, over the bet's combinations, of each combination's expected return per unit staked. */
function boardReturn(engine: BoardEngine, betTypeId: string, selection: unknown): Ratio {
  const board = engine.board;
  const betType = board.betType(betTypeId);
  const limits = board.limits[betTypeId]!;
  const { combinations } = engine.validate({ betTypeId, selection: selection as never, stake: limits.min });
  const scale = BigInt(BOARD_ODDS_SCALE);
  let num = 0n;
  let den = 1n;
  for (const combo of combinations) {
    const space =
      betType.kind === 'ITEM' ? betType.space(combo as string, board.env) : betType.space(combo as readonly BoardPickId[], board.env);
    let returned = 0n;
    let total = 0n;
    for (const { ctx, weight } of space) {
      const verdict =
        betType.kind === 'ITEM'
          ? betType.judge(combo as string, ctx, board.env)
          : betType.judge(combo as readonly BoardPickId[], ctx, board.env);
      total += weight;
      if (verdict.outcome === 'PUSH') returned += weight * scale;
      else if (verdict.outcome === 'WIN') returned += weight * BigInt(board.oddsOf(betTypeId, verdict.oddsKey));
    }
    ({ num, den } = addRatio({ num, den }, { num: returned, den: total * scale }));
  }
  return { num, den: den * BigInt(combinations.length) };
}
