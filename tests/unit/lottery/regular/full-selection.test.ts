// Full selections (全包) players expect (issue 18 item 9): no bet limit tied to the ticket space, so a
// whole space that can still lose is accepted at its exact count and price; the coverage rule alone
// refuses what wins on every draw (checked by brute force over the outcome space of the small games,
// from the oracles' single tickets); the operator's maximum and the ceiling still refuse.
import { afterEach, describe, expect, it } from 'vitest';
import {
  configureDrawType,
  count,
  getMethod,
  LotteryError,
  methodIds,
  quickPickValues,
  quoteOrder,
  resetDrawTypeConfig,
  type MethodDefinition,
  type Selection,
} from '../../../../src/shared/lottery/index.ts';
import { yuan } from '../../../../src/shared/money.ts';
import { quick3Oracles } from './oracle/ball-rules.ts';
import { sscOracles, threeDigitOracles } from './oracle/digit-rules.ts';
import { dedupe, diceOutcomes, distinctBets } from './oracle/harness.ts';
import type { Oracle, OracleTable, Ticket } from './oracle/types.ts';
import { cartesian, choose, range } from './oracle/util.ts';

const DIGITS = range(0, 9);
const COVERS = '所选号码已覆盖全部开奖结果，请减少选号';

afterEach(() => resetDrawTypeConfig());

/** One 注 in 元 mode at multiplier 1 costs 2 元; the line is priced as the server prices it. */
function quote(drawType: string, id: string, selection: Selection) {
  return quoteOrder(drawType, id, { selection, mode: 'YUAN', multiplier: 1, prizeGroup: 1800, userPrizeGroup: 1800 });
}

/** The first outcome on which no ticket wins, or null when every outcome is won. */
function losingOutcome(tickets: readonly Ticket[], outcomes: Iterable<readonly number[]>): readonly number[] | null {
  let last = 0;
  for (const outcome of outcomes) {
    if (tickets.length > 0 && tickets[last]!.wins(outcome)) continue;
    const index = tickets.findIndex((t) => t.wins(outcome));
    if (index < 0) return outcome;
    last = index;
  }
  return null;
}

/** Every outcome of the positions a method reads (the others stay 0); all positions for 任选. */
function* digitOutcomes(length: number, def: MethodDefinition): Generator<number[]> {
  const read = def.reads.positions.length > 0 && !def.layout.positions ? def.reads.positions : range(0, length - 1);
  for (let i = 0; i < 10 ** read.length; i++) {
    const outcome = new Array<number>(length).fill(0);
    let rest = i;
    for (let p = read.length - 1; p >= 0; p--) {
      outcome[read[p]!] = rest % 10;
      rest = Math.floor(rest / 10);
    }
    yield outcome;
  }
}

describe('the full selections players expect are accepted at their exact count and price', () => {
  // [name, draw type, method, selection, 注 by formula]
  const cases: [string, string, string, Selection, number][] = [
    ['快3 二不同号 all six', 'JSK3', 'EBTH', { rows: [range(1, 6)] }, choose(6, 2)],
    ['快3 三不同号 all six', 'JSK3', 'SBTH', { rows: [range(1, 6)] }, choose(6, 3)],
    ['快3 三同号单选 全包', 'JSK3', 'STHDX', { rows: [[111, 222, 333, 444, 555, 666]] }, 6],
    ['快3 二同号复选 全包', 'JSK3', 'ETHFX', { rows: [[11, 22, 33, 44, 55, 66]] }, 6],
    ['快3 二同号单选 全包', 'JSK3', 'ETHDX', { rows: [[11, 22, 33, 44, 55, 66], range(1, 6)] }, 6 * 5],
    ['五星组选120 all ten digits', 'CQSSC', 'WXZU120', { rows: [DIGITS] }, choose(10, 5)],
    ['五星组选60 全包', 'CQSSC', 'WXZU60', { rows: [DIGITS, DIGITS] }, 10 * choose(9, 3)],
    ['五星组选30 全包', 'CQSSC', 'WXZU30', { rows: [DIGITS, DIGITS] }, choose(10, 2) * 8],
    ['五星组选20 全包', 'CQSSC', 'WXZU20', { rows: [DIGITS, DIGITS] }, 10 * choose(9, 2)],
    ['五星组选10 全包', 'CQSSC', 'WXZU10', { rows: [DIGITS, DIGITS] }, 10 * 9],
    ['五星组选5 全包', 'CQSSC', 'WXZU5', { rows: [DIGITS, DIGITS] }, 10 * 9],
    ['四星组选24 全包', 'CQSSC', 'SXZU24', { rows: [DIGITS] }, choose(10, 4)],
    ['四星组选12 全包', 'CQSSC', 'SXZU12', { rows: [DIGITS, DIGITS] }, 10 * choose(9, 2)],
    ['四星组选6 全包', 'CQSSC', 'SXZU6', { rows: [DIGITS] }, choose(10, 2)],
    ['四星组选4 全包', 'CQSSC', 'SXZU4', { rows: [DIGITS, DIGITS] }, 10 * 9],
    ['前三组选和值 on all sums', 'CQSSC', 'QZUHZ', { rows: [range(1, 26)] }, 90 + 120],
    ['3D 组选和值 on all sums', 'FC3D', 'QZUHZ', { rows: [range(1, 26)] }, 90 + 120],
    ['3D 组六复式 all ten digits', 'FC3D', 'QZU6', { rows: [DIGITS] }, choose(10, 3)],
  ];
  const oracles: Record<string, OracleTable> = { JSK3: quick3Oracles(), CQSSC: sscOracles(), FC3D: threeDigitOracles() };

  it.each(cases)('%s', (_, drawType, id, selection, bets) => {
    expect(count(drawType, id, selection)).toBe(bets);
    expect(quote(drawType, id, selection)).toMatchObject({ bets, stake: yuan(2 * bets) });
    expect(quoteOrder(drawType, id, { selection, mode: 'JIAO', multiplier: 3, prizeGroup: 1800 }).stake).toBe((bets * 3 * yuan(2)) / 10); // 角 mode, 3 倍
    // The oracle's single tickets: as many, and some draw loses every one of them.
    const tickets = dedupe(oracles[drawType]![id]!.expand(selection));
    expect(distinctBets(tickets)).toBe(bets);
    const def = getMethod(drawType, id);
    const outcomes = drawType === 'JSK3' ? diceOutcomes() : digitOutcomes(drawType === 'FC3D' ? 3 : 5, def);
    expect(losingOutcome(tickets, outcomes)).not.toBeNull();
  });
});

/** A method's 全包: every row as full as it may be (胆码 rows keep their first option, 拖码 the rest), every position; 单式: every ticket. */
function wholeSelection(def: MethodDefinition, oracle: Oracle): Selection | null {
  const selection: { rows?: (number | string)[][]; entries?: number[][]; positions?: number[] } = {};
  if (def.layout.entry) {
    const format = def.layout.entry;
    if (format.zones.length !== 1) return null;
    const zone = format.zones[0]!;
    if ((zone.max - zone.min + 1) ** zone.size > 1000) return null;
    const seen = new Set<string>();
    selection.entries = cartesian(range(1, zone.size).map(() => range(zone.min, zone.max))).filter((e) => {
      if (!oracle.entry!.valid(e) || seen.has(oracle.entry!.key(e))) return false;
      seen.add(oracle.entry!.key(e));
      return true;
    });
  } else {
    const rows: (number | string)[][] = [];
    def.layout.rows.forEach((row, i) => {
      const values = row.options.map((o) => o.value);
      if (row.label.endsWith('胆码')) rows.push(values.slice(0, row.minPicks));
      else if (row.label.endsWith('拖码')) rows.push(values.filter((v) => !rows[i - 1]!.includes(v)).slice(0, row.maxPicks));
      else rows.push(values.slice(0, row.maxPicks));
    });
    selection.rows = rows;
  }
  if (def.layout.positions) selection.positions = range(0, def.layout.positions.labels.length - 1);
  return selection;
}

type Verdict = { accepted: true; bets: number } | { accepted: false; message: string };

function verdictOf(drawType: string, id: string, selection: Selection): Verdict {
  try {
    return { accepted: true, bets: count(drawType, id, selection) };
  } catch (error) {
    if (!(error instanceof LotteryError)) throw error;
    return { accepted: false, message: error.message };
  }
}

describe('全包 of every method of the small games: refused exactly when it wins on every draw (brute force)', () => {
  const MAX_TICKETS = 3000;
  const games: { drawType: string; oracles: OracleTable; outcomes: (def: MethodDefinition) => Iterable<readonly number[]> }[] = [
    { drawType: 'JSK3', oracles: quick3Oracles(), outcomes: () => diceOutcomes() },
    { drawType: 'FC3D', oracles: threeDigitOracles(), outcomes: (def) => digitOutcomes(3, def) },
    { drawType: 'CQSSC', oracles: sscOracles(), outcomes: (def) => digitOutcomes(5, def) },
  ];
  for (const game of games) {
    it(`${game.drawType}: every method's 全包`, () => {
      const tally = { accepted: 0, refused: 0 };
      for (const id of methodIds(game.drawType)) {
        const def = getMethod(game.drawType, id);
        const oracle = game.oracles[id]!;
        const selection = wholeSelection(def, oracle);
        if (!selection) continue;
        const tickets = dedupe(oracle.expand(selection));
        if (tickets.length > MAX_TICKETS) continue;
        const shown = `${game.drawType}/${id} ${JSON.stringify(selection).slice(0, 200)}`;
        const verdict = verdictOf(game.drawType, id, selection);
        const losing = losingOutcome(tickets, game.outcomes(def));
        if (losing === null) {
          expect(verdict, shown).toEqual({ accepted: false, message: COVERS });
          tally.refused++;
        } else {
          // Accepted whatever its size: the count is the oracle's, and never capped below the space.
          expect(verdict, `${shown} loses on ${losing.join('')}`).toEqual({ accepted: true, bets: distinctBets(tickets) });
          tally.accepted++;
        }
      }
      // Both sides are exercised in each game: whole spaces that lose, and ones that win every draw.
      expect(tally.accepted, game.drawType).toBeGreaterThan(0);
      expect(tally.refused, game.drawType).toBeGreaterThan(0);
    }, 120_000);
  }
});

describe('quick picks: 全包 where players expect it', () => {
  it('快3 三同号单选, 二同号复选 and 二同号单选 offer 全 and 清 on their item rows', () => {
    for (const id of ['STHDX', 'ETHFX', 'ETHDX']) {
      const row = getMethod('JSK3', id).layout.rows[0]!;
      expect(row.quickPicks, id).toEqual(['全', '清']);
      expect(quickPickValues(row, '全'), id).toEqual(row.options.map((o) => o.value));
      expect(quickPickValues(row, '清'), id).toEqual([]);
    }
    // Rows whose whole pick wins on every draw keep no 全 button.
    expect(getMethod('JSK3', 'KSHZDXDS').layout.rows[0]!.quickPicks).toEqual([]);
    expect(getMethod('CQSSC', 'LHWQ').layout.rows[0]!.quickPicks).toEqual([]);
  });

  it('全 on any row never meets a bet limit below the 100,000 ceiling', () => {
    for (const drawType of ['CQSSC', 'FC3D', 'P5', 'GD11X5', 'BJPK10', 'JSK3', 'FCKL8', 'SSQ', 'DLT']) {
      for (const id of methodIds(drawType)) {
        const def = getMethod(drawType, id);
        def.layout.rows.forEach((row, i) => {
          if (!row.quickPicks.includes('全')) return;
          const rows = def.layout.rows.map((other, j) => (j === i ? quickPickValues(row, '全') : other.options.slice(0, other.minPicks).map((o) => o.value)));
          const selection: Selection = def.layout.positions ? { rows, positions: def.layout.positions.defaultPositions } : { rows };
          const verdict = verdictOf(drawType, id, selection);
          if (!verdict.accepted && verdict.message.startsWith('注数超过上限')) {
            expect(verdict.message, `${drawType}/${id} row ${row.label}`).toBe('注数超过上限：本玩法每单最多100000注');
          }
        });
      }
    }
  });
});

describe('what still refuses a full selection', () => {
  it('an order that wins on every draw, whatever its size', () => {
    expect(() => count('JSK3', 'KSHZ', { rows: [range(3, 18)] })).toThrow(COVERS);
    expect(() => count('JSK3', 'DTYS', { rows: [range(1, 6)] })).toThrow(COVERS);
    expect(() => count('CQSSC', 'QZX3', { rows: [DIGITS, DIGITS, DIGITS] })).toThrow(COVERS);
    expect(() => count('CQSSC', 'QBDW31', { rows: [DIGITS] })).toThrow(COVERS);
  });

  it("the operator's maximum per method", () => {
    configureDrawType('CQSSC', { methods: { WXZU120: { maxBets: 251 } } });
    expect(() => count('CQSSC', 'WXZU120', { rows: [DIGITS] })).toThrow('注数超过上限：本玩法每单最多251注');
    expect(count('CQSSC', 'WXZU120', { rows: [DIGITS.slice(1)] })).toBe(choose(9, 5));
    configureDrawType('JSK3', { methods: { EBTH: { maxBets: 10 } } });
    expect(() => quote('JSK3', 'EBTH', { rows: [range(1, 6)] })).toThrow('注数超过上限：本玩法每单最多10注');
    resetDrawTypeConfig();
    expect(count('CQSSC', 'WXZU120', { rows: [DIGITS] })).toBe(252);
  });

  it('the 100,000 ceiling per line', () => {
    expect(() => count('FCKL8', 'RX5', { rows: [range(1, 30)] })).toThrow('注数超过上限：本玩法每单最多100000注');
  });
});
