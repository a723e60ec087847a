// Method families of the ball games: numbers drawn without replacement (11选5, 赛车, 快乐8, 双色球,
// 大乐透). Two shapes: "pick k of the zone" (任选, 组选, 快乐8, 双色球/大乐透 zones) where a ticket
// wins by how many of its numbers were drawn, and "ordered" (前N直选, 猜前N) where positions matter.
import { bitCount, choose, distinctTuples, maskOf } from '../combinatorics.ts';
import {
  itemRow,
  level,
  namedItems,
  numberRow,
  randomRows,
  range,
  sample,
  type Family,
  type RowSpec,
} from '../method-spec.ts';
import { everyRangeWins, SMALL_SPACE, subsetMasks, ticketHitRanges } from '../coverage.ts';
import { coversWithin, MAX_SEARCHED_TICKETS, type CoverageBudget } from '../coverage-budget.ts';
import { losingPickDraw } from '../pick-coverage.ts';
import { rejectSelection } from '../selection.ts';
import { numberEntry } from '../tickets.ts';
import type { PrizeLevel } from '../types.ts';

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Tickets of k numbers built from `dan` (in every ticket) plus k − |dan| of `tuo`, that have exactly
 * `hits` drawn numbers, when `danHits` of the 胆码 and `tuoHits` of the 拖码 were drawn. A plain
 * 复式 is the case without 胆码.
 */
export function ticketsWithHits(k: number, hits: number, dan: number, danHits: number, tuo: number, tuoHits: number): number {
  const fromTuo = hits - danHits;
  return choose(tuoHits, fromTuo) * choose(tuo - tuoHits, k - dan - fromTuo);
}

/** How many of `values` are flagged in `drawn`. */
export function hitsIn(values: readonly number[], drawn: Uint8Array): number {
  let hits = 0;
  for (const v of values) hits += drawn[v]!;
  return hits;
}

/** Dan/tuo rows share no number; reports the first shared one. */
export function assertNoOverlap(dan: readonly number[], tuo: readonly number[], twoDigit = true): void {
  const danSet = new Set(dan);
  for (const v of tuo) if (danSet.has(v)) rejectSelection(`胆码与拖码不能相同：${twoDigit ? pad(v) : v}`);
}

/** The zone of a pick-k game as the coverage rule sees it: 11选5 draws 5 of 11, 快乐8 20 of 80. */
export function zoneOf(opts: { k: number; min: number; max: number }): { size: number; drawn: number; k: number } {
  const size = opts.max - opts.min + 1;
  return { size, drawn: size === 80 ? 20 : 5, k: opts.k };
}

/**
 * Typed pick-k tickets: whether every draw gives some ticket a winning hit count. Small spaces
 * (11选5: 462 draws) are enumerated; 快乐8 is searched for a losing draw (pick-coverage.ts).
 */
function typedTicketsCover(
  zone: { size: number; drawn: number },
  min: number,
  entries: readonly (readonly number[])[],
  winningHits: readonly number[],
  budget: CoverageBudget | undefined,
): boolean {
  const winning = new Set(winningHits);
  if (choose(zone.size, zone.drawn) <= SMALL_SPACE) {
    const masks = entries.map((e) => e.reduce((m, v) => m | (1 << (v - min)), 0));
    return subsetMasks(zone.size, zone.drawn).every((draw) => masks.some((m) => winning.has(bitCount(m & draw))));
  }
  const tickets = entries.map((e) => e.map((v) => v - min));
  const key = `pick ${zone.size}/${zone.drawn} hits ${winningHits.join(',')}|${JSON.stringify(tickets)}`;
  return coversWithin(budget, key, (meter) => losingPickDraw(zone, winningHits, tickets, meter) !== null);
}

/** The prize levels of a pick-k game: one per number of hits that can win (`winningHits`). */
export type HitLevels = { levels: PrizeLevel[]; hitsOfLevel: number[] };

/** 任选/组选/快乐8 复式: n numbers, every k of them one 注; winners per level by hits. */
export function pickFromZone(opts: {
  k: number;
  min: number;
  max: number;
  label: string;
  hitLevels: HitLevels;
  maxPicks?: number;
  ticketSpace: number;
}): Family {
  const { k, min, max, label, hitLevels } = opts;
  const row = numberRow(label, min, max, { minPicks: k, twoDigit: true, ...(opts.maxPicks ? { maxPicks: opts.maxPicks } : {}) });
  return {
    rows: [row],
    levels: hitLevels.levels,
    ticketSpace: opts.ticketSpace,
    formula: `C(n,${k})`,
    kernel: {
      count: (sel) => choose(sel.rows[0]!.length, k),
      covers: (sel) => everyRangeWins(ticketHitRanges(zoneOf(opts), 0, sel.rows[0]!.length), hitLevels.hitsOfLevel),
      compile(sel) {
        const picks = sel.rows[0]!;
        return (view) => {
          const hits = hitsIn(picks, view.drawn);
          return hitLevels.hitsOfLevel.map((h) => ticketsWithHits(k, h, 0, 0, picks.length, hits));
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 胆拖 of a pick-k game: every ticket holds all 胆码 (1 … k−1) and k − d of the 拖码. */
export function pickFromZoneDantuo(opts: { k: number; min: number; max: number; hitLevels: HitLevels; ticketSpace: number }): Family {
  const { k, min, max, hitLevels } = opts;
  const rows = [
    numberRow('胆码', min, max, { minPicks: 1, maxPicks: k - 1, twoDigit: true }),
    numberRow('拖码', min, max, { minPicks: 1, twoDigit: true }),
  ];
  return {
    rows,
    notes: [`胆码选1-${k - 1}个，胆码与拖码个数之和至少${k}个，胆码与拖码不能相同`],
    levels: hitLevels.levels,
    ticketSpace: opts.ticketSpace,
    formula: `C(t,${k}−d)（d 胆码个数，t 拖码个数）`,
    kernel: {
      check: (sel) => assertNoOverlap(sel.rows[0]!, sel.rows[1]!),
      count: (sel) => choose(sel.rows[1]!.length, k - sel.rows[0]!.length),
      covers: (sel) => everyRangeWins(ticketHitRanges(zoneOf(opts), sel.rows[0]!.length, sel.rows[1]!.length), hitLevels.hitsOfLevel),
      compile(sel) {
        const [dan, tuo] = sel.rows as [number[], number[]];
        return (view) => {
          const danHits = hitsIn(dan, view.drawn);
          const tuoHits = hitsIn(tuo, view.drawn);
          return hitLevels.hitsOfLevel.map((h) => ticketsWithHits(k, h, dan.length, danHits, tuo.length, tuoHits));
        };
      },
      random(rng) {
        const numbers = sample(rng, range(min, max), k);
        return { rows: [numbers.slice(0, 1), numbers.slice(1)] };
      },
    },
  };
}

/** 任选/快乐8 单式: typed tickets of k numbers in any order. */
export function pickFromZoneEntries(opts: { k: number; min: number; max: number; hitLevels: HitLevels; ticketSpace: number }): Family {
  const { k, min, max, hitLevels } = opts;
  const example = range(min, min + k - 1).map(pad).join(' ');
  const entryRule = numberEntry(k, min, max, false, `每注${k}个不同号码（${pad(min)}-${pad(max)}），号码之间用空格分隔，如 ${example}`);
  const zone = zoneOf(opts);
  return {
    rows: [],
    entryRule,
    // Lists whose coverage is searched (快乐8) have a ticket cap; small spaces (11选5) are enumerated.
    ...(choose(zone.size, zone.drawn) > SMALL_SPACE ? { maxEntries: MAX_SEARCHED_TICKETS } : {}),
    levels: hitLevels.levels,
    ticketSpace: opts.ticketSpace,
    formula: '有效单式号码个数（按号码组合去重）',
    kernel: {
      count: (sel) => sel.entries.length,
      covers: (sel, budget) => typedTicketsCover(zone, opts.min, sel.entries, hitLevels.hitsOfLevel, budget),
      compile(sel) {
        const entries = sel.entries;
        return (view) => {
          const winners = new Array<number>(hitLevels.levels.length).fill(0);
          for (const entry of entries) {
            const index = hitLevels.hitsOfLevel.indexOf(hitsIn(entry, view.drawn));
            if (index >= 0) winners[index]! += 1;
          }
          return winners;
        };
      },
      random: (rng) => ({ entries: [sample(rng, range(min, max), k)] }),
    },
  };
}

/** 前N直选/猜前N 复式: one number per leading position, all different, in order. */
export function orderedDirect(window: readonly number[], labels: readonly string[], min: number, max: number, levelName: string, total: number): Family {
  const rows = labels.map((label) => numberRow(label, min, max, { twoDigit: true }));
  const toIndex = (values: readonly number[]): number[] => values.map((v) => v - min);
  return {
    rows,
    notes: window.length > 1 ? ['各位置号码不能相同，相同号码组成的注不计入注数'] : [],
    levels: [level('direct', levelName, 1, total)],
    ticketSpace: distinctTuples(rows.map(() => range(0, max - min)), max - min + 1),
    formula:
      window.length === 1
        ? 'n'
        : window.length === 2
          ? 'A·B − #(A∩B)'
          : window.length === 3
            ? 'A·B·C − A·#(B∩C) − B·#(A∩C) − C·#(A∩B) + 2·#(A∩B∩C)'
            : '各位置号码互不相同的组合数（按位置逐个计数）',
    kernel: {
      count: (sel) => distinctTuples(sel.rows.map(toIndex), max - min + 1),
      // A row missing a number loses on a draw showing it there (the other places take other numbers).
      covers: (sel) => sel.rows.every((r) => r.length === max - min + 1),
      compile(sel) {
        const flags = sel.rows.map((values) => {
          const f = new Uint8Array(max + 1);
          for (const v of values) f[v] = 1;
          return f;
        });
        return (view) => {
          for (let i = 0; i < window.length; i++) if (flags[i]![view.numbers[window[i]!]!] === 0) return [0];
          return [1];
        };
      },
      random(rng) {
        return { rows: sample(rng, range(min, max), window.length).map((v) => [v]) };
      },
    },
  };
}

/** 前N直选/猜前N 单式: typed tickets of different numbers, in order. */
export function orderedEntries(window: readonly number[], labels: readonly string[], min: number, max: number, levelName: string, total: number): Family {
  const k = window.length;
  const entryRule = numberEntry(k, min, max, true, `每注${k}个不同号码（${pad(min)}-${pad(max)}），依次对应${labels.join('、')}`);
  return {
    rows: [],
    entryRule,
    levels: [level('direct', levelName, 1, total)],
    ticketSpace: distinctTuples(window.map(() => range(0, max - min)), max - min + 1),
    formula: '有效单式号码个数',
    kernel: {
      count: (sel) => sel.entries.length,
      // Distinct tickets: only the whole ticket space covers.
      covers: (sel) => sel.entries.length === distinctTuples(window.map(() => range(0, max - min)), max - min + 1),
      compile(sel) {
        const keys = new Set(sel.entries.map((e) => e.join(',')));
        return (view) => [keys.has(window.map((p) => view.numbers[p]!).join(',')) ? 1 : 0];
      },
      random: (rng) => ({ entries: [sample(rng, range(min, max), k)] }),
    },
  };
}

/** 前N组选 复式: n numbers; every N of them wins when they are the first N drawn in any order. */
export function frontGroup(k: number, min: number, max: number, total: number): Family {
  const row = numberRow('组选', min, max, { minPicks: k, twoDigit: true });
  return {
    rows: [row],
    levels: [level('group', `前${k === 2 ? '二' : '三'}组选`, 1, total)],
    ticketSpace: choose(max - min + 1, k),
    formula: `C(n,${k})`,
    kernel: {
      count: (sel) => choose(sel.rows[0]!.length, k),
      covers: (sel) => sel.rows[0]!.length === max - min + 1,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          for (let i = 0; i < k; i++) if (((chosen >> view.numbers[i]!) & 1) === 0) return [0];
          return [1];
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 前N组选 胆拖. */
export function frontGroupDantuo(k: number, min: number, max: number, total: number): Family {
  const rows = [
    numberRow('胆码', min, max, { minPicks: 1, maxPicks: k - 1, twoDigit: true }),
    numberRow('拖码', min, max, { minPicks: 1, twoDigit: true }),
  ];
  return {
    rows,
    notes: [`胆码选1-${k - 1}个，胆码与拖码个数之和至少${k}个，胆码与拖码不能相同`],
    levels: [level('group', `前${k === 2 ? '二' : '三'}组选`, 1, total)],
    ticketSpace: choose(max - min + 1, k),
    formula: `C(t,${k}−d)`,
    kernel: {
      check: (sel) => assertNoOverlap(sel.rows[0]!, sel.rows[1]!),
      count: (sel) => choose(sel.rows[1]!.length, k - sel.rows[0]!.length),
      // A draw whose first numbers leave out a 胆码 loses.
      covers: () => false,
      compile(sel) {
        const dan = maskOf(sel.rows[0]!);
        const tuo = maskOf(sel.rows[1]!);
        return (view) => {
          let front = 0;
          for (let i = 0; i < k; i++) front |= 1 << view.numbers[i]!;
          return [(front & dan) === dan && (front & ~dan & ~tuo) === 0 ? 1 : 0];
        };
      },
      random(rng) {
        const numbers = sample(rng, range(min, max), k);
        return { rows: [numbers.slice(0, 1), numbers.slice(1)] };
      },
    },
  };
}

/** 前N组选 单式. */
export function frontGroupEntries(k: number, min: number, max: number, total: number): Family {
  const entryRule = numberEntry(k, min, max, false, `每注${k}个不同号码（${pad(min)}-${pad(max)}），号码之间用空格分隔`);
  return {
    rows: [],
    entryRule,
    levels: [level('group', `前${k === 2 ? '二' : '三'}组选`, 1, total)],
    ticketSpace: choose(max - min + 1, k),
    formula: '有效单式号码个数（按号码组合去重）',
    kernel: {
      count: (sel) => sel.entries.length,
      covers: (sel) => sel.entries.length === choose(max - min + 1, k),
      compile(sel) {
        const keys = new Set(sel.entries.map((e) => maskOf(e)));
        return (view) => {
          let front = 0;
          for (let i = 0; i < k; i++) front |= 1 << view.numbers[i]!;
          return [keys.has(front) ? 1 : 0];
        };
      },
      random: (rng) => ({ entries: [sample(rng, range(min, max), k)] }),
    },
  };
}

/** 11选5 前三位不定位: each number is one 注 that wins when it is among the first three drawn. */
export function frontAnywhere(): Family {
  const row = numberRow('前三位', 1, 11, { twoDigit: true });
  return {
    rows: [row],
    levels: [level('any', '前三不定位', 3, 11)],
    ticketSpace: 11,
    formula: 'n',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      // The first three numbers avoid the picks while at least three numbers are left out.
      covers: (sel) => 11 - sel.rows[0]!.length < 3,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => [((chosen >> view.numbers[0]!) & 1) + ((chosen >> view.numbers[1]!) & 1) + ((chosen >> view.numbers[2]!) & 1)];
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

const ODD_EVEN_ITEMS = ['5单0双', '4单1双', '3单2双', '2单3双', '1单4双', '0单5双'] as const;

/** 11选5 定单双: how many of the five drawn numbers are odd (01-11 has six odd, five even). */
export function oddCount(): Family {
  const row = itemRow('定单双', namedItems(ODD_EVEN_ITEMS));
  const levels = ODD_EVEN_ITEMS.map((name, i) => {
    const odd = 5 - i;
    return level(`odd${odd}`, name, choose(6, odd) * choose(5, 5 - odd), 462);
  });
  return {
    rows: [row],
    levels,
    ticketSpace: 6,
    formula: 'n（所选组合个数）',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      // Every split from 5单0双 to 0单5双 occurs.
      covers: (sel) => sel.rows[0]!.length === ODD_EVEN_ITEMS.length,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          let odd = 0;
          for (const n of view.numbers) odd += n & 1;
          const item = 5 - odd;
          const winners = new Array<number>(6).fill(0);
          if (((chosen >> item) & 1) === 1) winners[item] = 1;
          return winners;
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** 11选5 猜中位: the middle number of the five drawn numbers sorted (03-09). */
export function median(): Family {
  const row = numberRow('猜中位', 3, 9, { twoDigit: true });
  const levelOf = (m: number): number => Math.min(m - 3, 9 - m);
  const levels = [3, 4, 5, 6].map((m) => {
    const name = m === 6 ? '06' : `${pad(m)}或${pad(12 - m)}`;
    return level(`median${m}`, name, choose(m - 1, 2) * choose(11 - m, 2), 462);
  });
  return {
    rows: [row],
    levels,
    ticketSpace: 7,
    formula: 'n',
    kernel: {
      count: (sel) => sel.rows[0]!.length,
      // Every middle number 03–09 occurs.
      covers: (sel) => sel.rows[0]!.length === 7,
      compile(sel) {
        const chosen = maskOf(sel.rows[0]!);
        return (view) => {
          let seen = 0;
          let middle = 0;
          for (let v = 1; v <= 11; v++) {
            if (((view.mask >> v) & 1) === 0) continue;
            seen++;
            if (seen === 3) {
              middle = v;
              break;
            }
          }
          const winners = [0, 0, 0, 0];
          if (((chosen >> middle) & 1) === 1) winners[levelOf(middle)] = 1;
          return winners;
        };
      },
      random: (rng) => ({ rows: randomRows(rng, [row]) }),
    },
  };
}

/** Rows of a ball-game 定位胆 (第一位 … / 冠军 …), each optional. */
export function positionalRows(labels: readonly string[], min: number, max: number): RowSpec[] {
  return labels.map((label) => numberRow(label, min, max, { minPicks: 0, twoDigit: true }));
}

