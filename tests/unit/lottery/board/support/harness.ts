// Runs the engine's verdicts side by side with an oracle written from the reference text, over a set
// of draws, and accumulates the oracle's own return to player per case.
import type { Board } from '../../../../../src/shared/lottery/board/engine.ts';
import { deriveOn, openBoard } from '../../../../../src/shared/lottery/board/engine.ts';
import { ODDS_SCALE } from '../../../../../src/shared/lottery/board/odds.ts';
import type { BoardRtpReport } from '../../../../../src/shared/lottery/board/rtp.ts';
import type { BoardRules, BoardSettings } from '../../../../../src/shared/lottery/board/settings.ts';
import type { PickId } from '../../../../../src/shared/lottery/board/types.ts';
import type { DrawResult } from '../../../../../src/shared/lottery/result.ts';
import { frac, sameValue, show, type Fraction } from './fractions.ts';

/** What the oracle expects: 'LOSE', 'PUSH', or the odds key a win is paid at. */
export type Expected = string;
export type Selection = string | readonly PickId[];
/** The reference rule of one selection: draw → expected verdict. */
export type SelectionRule = (draw: DrawResult) => Expected;
/** The reference rule of one bet type under the given rules, per selection. */
export type OracleFn = (selection: Selection) => SelectionRule;
export type Oracle = (betTypeId: string, rules: BoardRules) => OracleFn;

export interface Case {
  readonly betTypeId: string;
  readonly selection: Selection;
}

export const caseKey = (c: Case): string => `${c.betTypeId}|${JSON.stringify(c.selection)}`;

export function boardWith(drawType: string, rules: Partial<BoardRules> = {}, drawDate?: string): Board {
  const settings: BoardSettings = { rules };
  return openBoard(drawType, settings, drawDate);
}

/** Every item of every item bet type, plus the RTP cases of the multi-pick bet types. */
export function standardCases(board: Board, filter: (betTypeId: string) => boolean = () => true): Case[] {
  const cases: Case[] = [];
  for (const betType of board.model.betTypes) {
    if (!filter(betType.id)) continue;
    if (betType.kind === 'ITEM') for (const item of betType.items(board.env)) cases.push({ betTypeId: betType.id, selection: item.id });
    else for (const c of betType.cases(board.env)) cases.push({ betTypeId: betType.id, selection: c.combo });
  }
  return cases;
}

export interface OracleRun {
  readonly mismatches: string[];
  readonly draws: number;
  /** Oracle return per case (in odds units), summed over the draws, each draw weighted by 1. */
  readonly returns: Map<string, number>;
  /** How often each expected verdict occurred, per case. */
  readonly verdicts: Map<string, Map<Expected, number>>;
}

export function runOracle(board: Board, draws: Iterable<DrawResult>, cases: readonly Case[], oracle: Oracle): OracleRun {
  const oracles = new Map<string, OracleFn>();
  const prepared = cases.map((c) => {
    let byType = oracles.get(c.betTypeId);
    if (!byType) oracles.set(c.betTypeId, (byType = oracle(c.betTypeId, board.env.rules)));
    return { c, betType: board.betType(c.betTypeId), expect: byType(c.selection), seen: [] as Expected[], counts: [] as number[] };
  });
  const mismatches: string[] = [];
  // Case by case over precomputed contexts: each loop then runs one rule, which keeps it fast.
  const drawList = [...draws];
  const contexts = drawList.map((draw) => deriveOn(board, draw));
  for (const entry of prepared) {
    const { c, betType, expect, seen, counts } = entry;
    const { env } = board;
    const judge =
      betType.kind === 'ITEM'
        ? (ctx: unknown) => betType.judge(c.selection as string, ctx, env)
        : (ctx: unknown) => betType.judge(c.selection as readonly PickId[], ctx, env);
    for (let i = 0; i < drawList.length; i++) {
      const draw = drawList[i] as DrawResult;
      const verdict = judge(contexts[i]);
      const actual = verdict.outcome === 'WIN' ? verdict.oddsKey : verdict.outcome;
      const expected = expect(draw);
      if (actual !== expected && mismatches.length < 10) {
        mismatches.push(`${c.betTypeId} ${JSON.stringify(c.selection)} on [${draw.join(',')}]: engine ${actual}, reference ${expected}`);
      }
      const at = seen.indexOf(expected);
      if (at >= 0) counts[at] = (counts[at] as number) + 1;
      else {
        seen.push(expected);
        counts.push(1);
      }
    }
  }
  const count = drawList.length;
  const returns = new Map<string, number>();
  const verdicts = new Map<string, Map<Expected, number>>();
  for (const { c, seen, counts } of prepared) {
    const byVerdict = new Map(seen.map((expected, i) => [expected, counts[i] as number]));
    verdicts.set(caseKey(c), byVerdict);
    let total = 0;
    for (const [expected, n] of byVerdict) {
      total += n * (expected === 'LOSE' ? 0 : expected === 'PUSH' ? ODDS_SCALE : board.oddsOf(c.betTypeId, expected));
    }
    returns.set(caseKey(c), total);
  }
  return { mismatches, draws: count, returns, verdicts };
}

/** The engine's RTP entry of a case. */
export function rtpEntryOf(report: BoardRtpReport, c: Case) {
  const betType = report.betTypes.find((b) => b.betTypeId === c.betTypeId);
  const entry = betType?.entries.find((e) => JSON.stringify(e.selection) === JSON.stringify(c.selection));
  if (!entry) throw new Error(`no RTP entry for ${caseKey(c)}`);
  return entry;
}

/** Compares the engine's RTP of every case with the oracle's exhaustive average; returns differences. */
export function rtpDifferences(report: BoardRtpReport, run: OracleRun, cases: readonly Case[]): string[] {
  const out: string[] = [];
  for (const c of cases) {
    const expected: Fraction = frac(run.returns.get(caseKey(c)) ?? 0, run.draws * ODDS_SCALE);
    const entry = rtpEntryOf(report, c);
    if (!sameValue(expected, entry.rtp)) out.push(`${caseKey(c)}: engine ${show(entry.rtp)}, enumeration ${show(expected)}`);
  }
  return out;
}
