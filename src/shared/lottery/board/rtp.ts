// Return to player of every board bet type by exact enumeration of its weighted outcome space, as an
// exact rational (percentages only at display). Each item (or, for multi-pick bets, each class of
// equivalent combinations) gets its own entry; a combination bet's RTP is that of one combination.
import type { Board } from './engine.ts';
import { ODDS_SCALE } from './odds.ts';
import { addRational, maxRational, rational, type Rational } from './rational.ts';
import type { BoardRules } from './settings.ts';
import type { BoardBetType, Odds, OddsKey, PickId, Verdict } from './types.ts';

export interface BoardLevelProbability {
  readonly key: OddsKey;
  readonly odds: Odds;
  readonly probability: Rational;
}

export interface BoardRtpEntry {
  readonly label: string;
  readonly selection: string | readonly PickId[];
  readonly levels: readonly BoardLevelProbability[];
  readonly winProbability: Rational;
  /** Probability of a refund (和局). */
  readonly pushProbability: Rational;
  /** Expected return per unit staked, from the odds alone. */
  readonly rtp: Rational;
  /** rtp plus the expected 退水 (paid on stakes that are not refunded). */
  readonly rtpWithRebate: Rational;
}

export interface BoardBetTypeRtp {
  readonly betTypeId: string;
  readonly name: string;
  readonly group: string;
  readonly rebate: number;
  readonly entries: readonly BoardRtpEntry[];
  /** The highest rtpWithRebate among the entries: the figure that must stay below 100 %. */
  readonly highest: Rational;
}

export interface BoardRtpReport {
  readonly drawType: string;
  readonly rules: BoardRules;
  readonly betTypes: readonly BoardBetTypeRtp[];
}

/** Total weight per verdict over the selection's outcome space. */
function verdictWeights(
  board: Board,
  betType: BoardBetType<unknown>,
  selection: string | readonly PickId[],
): { weights: Map<Verdict, bigint>; total: bigint } {
  const weights = new Map<Verdict, bigint>();
  let total = 0n;
  const space =
    betType.kind === 'ITEM'
      ? betType.space(selection as string, board.env)
      : betType.space(selection as readonly PickId[], board.env);
  for (const { ctx, weight } of space) {
    const verdict =
      betType.kind === 'ITEM'
        ? betType.judge(selection as string, ctx, board.env)
        : betType.judge(selection as readonly PickId[], ctx, board.env);
    weights.set(verdict, (weights.get(verdict) ?? 0n) + weight);
    total += weight;
  }
  return { weights, total };
}

function entryFor(board: Board, betType: BoardBetType<unknown>, label: string, selection: string | readonly PickId[]): BoardRtpEntry {
  const { weights, total } = verdictWeights(board, betType, selection);
  const scale = BigInt(ODDS_SCALE);
  let returned = 0n;
  let won = 0n;
  let pushed = 0n;
  const levels: BoardLevelProbability[] = [];
  for (const [verdict, weight] of weights) {
    if (verdict.outcome === 'PUSH') {
      pushed += weight;
      returned += weight * scale;
    } else if (verdict.outcome === 'WIN') {
      const odds = board.oddsOf(betType.id, verdict.oddsKey);
      won += weight;
      returned += weight * BigInt(odds);
      levels.push({ key: verdict.oddsKey, odds, probability: rational(weight, total) });
    }
  }
  const rtp = rational(returned, total * scale);
  const rebate = rational(BigInt(board.rebates[betType.id] ?? 0) * (total - pushed), scale * total);
  return {
    label,
    selection,
    levels,
    winProbability: rational(won, total),
    pushProbability: rational(pushed, total),
    rtp,
    rtpWithRebate: addRational(rtp, rebate),
  };
}

export function betTypeRtp(board: Board, betType: BoardBetType<unknown>): BoardBetTypeRtp {
  const entries =
    betType.kind === 'ITEM'
      ? betType.items(board.env).map((item) => entryFor(board, betType, item.name, item.id))
      : betType.cases(board.env).map((c) => entryFor(board, betType, c.label, c.combo));
  return {
    betTypeId: betType.id,
    name: betType.name,
    group: betType.group,
    rebate: board.rebates[betType.id] ?? 0,
    entries,
    highest: maxRational(entries.map((entry) => entry.rtpWithRebate)),
  };
}

export function rtpReportOf(board: Board): BoardRtpReport {
  return {
    drawType: board.drawType.code,
    rules: board.env.rules,
    betTypes: board.model.betTypes.map((betType) => betTypeRtp(board, betType)),
  };
}
