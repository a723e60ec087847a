// Method families of 快3 (three dice 1–6, 216 ordered outcomes), after the official plays of the
// 快3 rules (reference §2.5) plus the platform's 和值大小单双 and 单挑一骰.
import { bitCount, choose, maskOf } from '../combinatorics.ts';
import { DICE_SUM } from '../digit-tables.ts';
import {
  itemRow,
  level,
  numberRow,
  randomRows,
  range,
  sample,
  WHOLE_ROW_PICKS,
  type Family,
  type RowSpec,
} from '../method-spec.ts';
import type { ResultView } from '../result-view.ts';
import type { RowOption } from '../types.ts';
import { assertNoOverlap } from './number-families.ts';

const FACES = range(1, 6);
const OUTCOMES = 216;

/** Distinct faces shown as a bit mask, and how often the most frequent face shows. */
function shape(view: ResultView): { faces: number; most: number; dice: readonly number[] } {
  const [a, b, c] = view.numbers as [number, number, number];
  const most = a === b && b === c ? 3 : a === b || b === c || a === c ? 2 : 1;
  return { faces: view.mask, most, dice: view.numbers };
}

const diceRow = (label: string, options: { minPicks?: number; maxPicks?: number } = {}): RowSpec => numberRow(label, 1, 6, options);

const SUM_PAIRS = [3, 4, 5, 6, 7, 8, 9, 10] as const;

/** 和值: the sum 3–18; sums with the same chance (s and 21 − s) share a prize level. */
export function diceSum(): Family {
  const row = numberRow('和值', 3, 18);
  const levelOf = (s: number): number => Math.min(s, 21 - s) - 3;
  return {
    rows: [row],
    levels: SUM_PAIRS.map((s) => level(`sum${s}`, `和值${s}或${21 - s}`, DICE_SUM[s]!, OUTCOMES)),
    ticketSpace: 16,
    formula: 'n（所选和值个数）',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      covers: (sel) => sel.rows[0]!.length === 16,
      compile(sel) {
        const chosen = new Uint8Array(19);
        for (const v of sel.rows[0]!) chosen[v] = 1;
        return (view) => {
          const s = view.numbers[0]! + view.numbers[1]! + view.numbers[2]!;
          const winners = new Array<number>(SUM_PAIRS.length).fill(0);
          if (chosen[s] === 1) winners[levelOf(s)] = 1;
          return winners;
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 和值大小单双: 大 11–18, 小 3–10, 单 odd, 双 even (triples included). */
export function diceSumAttributes(): Family {
  const row = itemRow('和值', ['大', '小', '单', '双'].map((v) => ({ value: v, label: v })));
  return {
    rows: [row],
    levels: [level('attribute', '和值大小单双', 108, OUTCOMES)],
    ticketSpace: 4,
    formula: 'n（所选形态个数）',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      // Covers when every sum 3–18 has a picked attribute (大+小, or 单+双).
      covers: (sel) => range(3, 18).every((s) => (maskOf(sel.rows[0]!) & ((s >= 11 ? 1 : 2) | (s % 2 === 1 ? 4 : 8))) !== 0),
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          const s = view.numbers[0]! + view.numbers[1]! + view.numbers[2]!;
          const attributes = (s >= 11 ? 1 : 2) | (s % 2 === 1 ? 4 : 8);
          return [bitCount(attributes & chosen)];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** A one-item bet (三同号通选, 三连号通选). */
function singleItem(label: string, item: string, levelName: string, winning: number, wins: (view: ResultView) => boolean): Family {
  const row = itemRow(label, [{ value: item, label: item }]);
  return {
    rows: [row],
    levels: [level('item', levelName, winning, OUTCOMES)],
    ticketSpace: 1,
    formula: '1',
    kernel: {
      count: () => 1,
      covers: () => false,
      compile: () => (view) => [wins(view) ? 1 : 0],
      random: () => ({ rows: [[item]] }),
    },
  };
}

export const tripleAny = (): Family =>
  singleItem('三同号通选', '111 222 333 444 555 666', '三同号通选', 6, (view) => shape(view).most === 3);

export const straightAny = (): Family =>
  singleItem('三连号通选', '123 234 345 456', '三连号通选', 24, (view) => {
    const { faces, most } = shape(view);
    return most === 1 && [0b1110, 0b11100, 0b111000, 0b1110000].includes(faces);
  });

/** 三同号单选: a specific triple. */
export function tripleSingle(): Family {
  const options: RowOption[] = FACES.map((f) => ({ value: f * 111, label: String(f * 111) }));
  const row = itemRow('三同号', options, { quickPicks: WHOLE_ROW_PICKS });
  return {
    rows: [row],
    levels: [level('triple', '三同号单选', 1, OUTCOMES)],
    ticketSpace: 6,
    formula: 'n（所选三同号个数）',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      covers: () => false,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!.map((index) => index + 1));
        return (view) => {
          const { most, dice } = shape(view);
          return [most === 3 && ((chosen >> dice[0]!) & 1) === 1 ? 1 : 0];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 二同号复选: a specific pair face shown exactly twice (triples excluded). */
export function pairAny(): Family {
  const options: RowOption[] = FACES.map((f) => ({ value: f * 11, label: `${f * 11}*` }));
  const row = itemRow('二同号', options, { quickPicks: WHOLE_ROW_PICKS });
  return {
    rows: [row],
    levels: [level('pair', '二同号复选', 15, OUTCOMES)],
    ticketSpace: 6,
    formula: 'n（所选二同号个数）',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      covers: () => false,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!.map((index) => index + 1));
        return (view) => {
          const [a, b, c] = view.numbers as [number, number, number];
          if (shape(view).most !== 2) return [0];
          const paired = a === b || a === c ? a : b;
          return [(chosen >> paired) & 1];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 二同号单选: a pair face (同号) plus a different single face (不同号); every combination one 注. */
export function pairSingle(): Family {
  const options: RowOption[] = FACES.map((f) => ({ value: f * 11, label: String(f * 11) }));
  const rows = [itemRow('同号', options, { quickPicks: WHOLE_ROW_PICKS }), diceRow('不同号')];
  return {
    rows,
    notes: ['同号与不同号各至少选1个，同一数字不能组成一注'],
    levels: [level('pair', '二同号单选', 3, OUTCOMES)],
    ticketSpace: 30,
    formula: 'n同·n不 − #(同∩不)',
    kernel: {
      count(sel) {
        const pairs = sel.rows[0]!.map((index) => index + 1);
        const singles = sel.rows[1]!;
        return pairs.length * singles.length - pairs.filter((p) => singles.includes(p)).length;
      },
      covers: () => false,
      compile(sel) {
        const pairs = maskOf(sel.rows[0]!.map((index) => index + 1));
        const singles = maskOf(sel.rows[1]!);
        return (view) => {
          const [a, b, c] = view.numbers as [number, number, number];
          if (shape(view).most !== 2) return [0];
          const paired = a === b || a === c ? a : b;
          const single = a === b ? c : a === c ? b : a;
          return [((pairs >> paired) & 1) & ((singles >> single) & 1)];
        };
      },
      random(rng) {
        const [p, s] = sample(rng, FACES, 2) as [number, number];
        return { rows: [[p * 11], [s]] };
      },
    },
  };
}

/** 三不同号 / 二不同号 复式: n faces, every k of them one 注 that wins when all show. */
export function differentFaces(k: 2 | 3): Family {
  const row = diceRow('号码', { minPicks: k });
  const winning = k === 3 ? 6 : 30;
  return {
    rows: [row],
    levels: [level('different', k === 3 ? '三不同号' : '二不同号', winning, OUTCOMES)],
    ticketSpace: choose(6, k),
    formula: `C(n,${k})`,
    kernel: {
      count: (sel) => choose(sel.rows[0]!.length, k),
      // A triple never wins 三不同号 or 二不同号.
      covers: () => false,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          const { faces, most } = shape(view);
          if (k === 3) return [most === 1 && (faces & chosen) === faces ? 1 : 0];
          return [choose(bitCount(faces & chosen), 2)];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 三不同号 / 二不同号 胆拖. */
export function differentFacesDantuo(k: 2 | 3): Family {
  const rows = [diceRow('胆码', { minPicks: 1, maxPicks: k - 1 }), diceRow('拖码', { minPicks: 1 })];
  return {
    rows,
    notes: [`胆码选1-${k - 1}个，胆码与拖码个数之和至少${k}个，胆码与拖码不能相同`],
    levels: [level('different', k === 3 ? '三不同号' : '二不同号', k === 3 ? 6 : 30, OUTCOMES)],
    ticketSpace: choose(6, k),
    formula: `C(t,${k}−d)`,
    kernel: {
      check: (sel) => assertNoOverlap(sel.rows[0]!, sel.rows[1]!, false),
      count: (sel) => choose(sel.rows[1]!.length, k - sel.rows[0]!.length),
      covers: () => false,
      compile(sel) {
        const dan = maskOf(sel.rows[0]!);
        const tuo = maskOf(sel.rows[1]!);
        const needFromTuo = k - sel.rows[0]!.length;
        return (view) => {
          const { faces, most } = shape(view);
          if ((faces & dan) !== dan) return [0];
          if (k === 3) return [most === 1 && (faces & ~dan & ~tuo) === 0 ? 1 : 0];
          return [choose(bitCount(faces & tuo), needFromTuo)];
        };
      },
      random(rng) {
        const faces = sample(rng, FACES, k);
        return { rows: [faces.slice(0, 1), faces.slice(1)] };
      },
    },
  };
}

/** 单挑一骰: each face is one 注 that wins when it shows at least once. */
export function anyFace(): Family {
  const row = diceRow('号码');
  return {
    rows: [row],
    levels: [level('face', '单挑一骰', 91, OUTCOMES)],
    ticketSpace: 6,
    formula: 'n',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      // A triple of an unpicked face loses.
      covers: (sel) => sel.rows[0]!.length === 6,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => [bitCount(view.mask & chosen)];
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}
