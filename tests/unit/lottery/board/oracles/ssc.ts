// 时时彩 board rules as written in the reference (§2.1 board table) and gb-rcenter cqssc.ftl / fc3d.ftl,
// coded from the text without the engine's helpers.
import type { Oracle, OracleFn } from '../support/harness.ts';

const SEGMENT_POSITIONS: Record<string, number[]> = { FRONT: [0, 1, 2], MIDDLE: [1, 2, 3], BACK: [2, 3, 4], ALL: [0, 1, 2, 3, 4] };
const PRIMES = [1, 2, 3, 5, 7];
/** 三个数字相连（9、0、1相连）: the sorted digit sets of every 顺子. */
const STRAIGHT_3 = ['012', '123', '234', '345', '456', '567', '678', '789', '089', '019'];
/** 五星顺子 including 67890, 78901, 89012, 90123. */
const STRAIGHT_5 = ['01234', '12345', '23456', '34567', '45678', '56789', '06789', '01789', '01289', '01239'];

const sortedText = (values: readonly number[]): string => [...values].sort((a, b) => a - b).join('');
const adjacent = (a: number, b: number): boolean => Math.abs(a - b) === 1 || (a === 0 && b === 9) || (a === 9 && b === 0);

function attribute(item: string, d: number): boolean {
  switch (item) {
    case 'BIG':
      return d >= 5;
    case 'SMALL':
      return d <= 4;
    case 'ODD':
      return d % 2 === 1;
    case 'EVEN':
      return d % 2 === 0;
    case 'PRIME':
      return PRIMES.includes(d);
    case 'COMPOSITE':
      return [0, 4, 6, 8, 9].includes(d);
    default:
      throw new Error(`unknown attribute ${item}`);
  }
}

function form3(a: number, b: number, c: number): string {
  if (a === b && b === c) return 'LEOPARD';
  if (STRAIGHT_3.includes(sortedText([a, b, c]))) return 'STRAIGHT';
  if (a === b || b === c || a === c) return 'PAIR';
  if (adjacent(a, b) || adjacent(b, c) || adjacent(a, c)) return 'HALF_STRAIGHT';
  return 'MIXED';
}

function form5(d: readonly number[]): string {
  const counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const x of d) counts[x] = (counts[x] as number) + 1;
  const shape = counts.filter((c) => c > 0).sort((a, b) => b - a).join('');
  const byShape: Record<string, string> = {
    '5': 'FIVE_OF_A_KIND',
    '41': 'FOUR_OF_A_KIND',
    '32': 'FULL_HOUSE',
    '311': 'THREE_OF_A_KIND',
    '221': 'TWO_PAIRS',
    '2111': 'ONE_PAIR',
  };
  return byShape[shape] ?? (STRAIGHT_5.includes(sortedText(d)) ? 'STRAIGHT' : 'HIGH_CARD');
}

const win = (condition: boolean, key: string): string => (condition ? key : 'LOSE');

export const sscOracle: Oracle = (betTypeId, rules): OracleFn => {
  let m: RegExpMatchArray | null;
  if ((m = betTypeId.match(/^BALL_(\d)$/))) {
    const p = Number(m[1]) - 1;
    return (item) => {
      const key = item as string;
      if (/^\d$/.test(key)) return (d) => win(d[p] === Number(key), key);
      return (d) => win(attribute(key, d[p] as number), key);
    };
  }
  if (betTypeId === 'SUM') {
    return (item) => (d) => {
      const s = d.reduce((a, b) => a + b, 0);
      const key = item as string;
      if (key === 'BIG') return win(s >= 23 && s <= 45, key);
      if (key === 'SMALL') return win(s <= 22, key);
      return win(attribute(key, s), key);
    };
  }
  if ((m = betTypeId.match(/^DRAGON_TIGER_(\d)_(\d)$/))) {
    const [i, j] = [Number(m[1]) - 1, Number(m[2]) - 1];
    return (item) => (d) => {
      const dragon = d[i] as number;
      const tiger = d[j] as number;
      if (item === 'TIE') return win(dragon === tiger, 'TIE');
      if (dragon === tiger) return rules.sscDragonTigerTie === 'PUSH' ? 'PUSH' : 'LOSE';
      return win(item === 'DRAGON' ? dragon > tiger : dragon < tiger, item as string);
    };
  }
  if ((m = betTypeId.match(/^FORM_(FRONT|MIDDLE|BACK)$/))) {
    const [a, b, c] = SEGMENT_POSITIONS[m[1] as string] as [number, number, number];
    return (item) => (d) => win(form3(d[a] as number, d[b] as number, d[c] as number) === item, item as string);
  }
  if (betTypeId === 'FORM_FIVE') return (item) => (d) => win(form5(d) === item, item as string);
  if ((m = betTypeId.match(/^ONE_DIGIT_(ALL|FRONT|MIDDLE|BACK)$/))) {
    const positions = SEGMENT_POSITIONS[m[1] as string] as number[];
    return (item) => (d) => win(positions.some((p) => d[p] === Number(item)), item as string);
  }
  if ((m = betTypeId.match(/^TWO_DIGIT_COMBO_(FRONT|MIDDLE|BACK)$/))) {
    const positions = SEGMENT_POSITIONS[m[1] as string] as number[];
    return (picks) => (d) => {
      const [a, b] = picks as number[];
      const digits = positions.map((p) => d[p] as number);
      if (a === b) return win(digits.filter((x) => x === a).length >= 2, 'PAIR');
      return win(digits.includes(a as number) && digits.includes(b as number), 'DISTINCT');
    };
  }
  if ((m = betTypeId.match(/^TWO_DIGIT_POSITION_(\d)_(\d)$/))) {
    const [i, j] = [Number(m[1]) - 1, Number(m[2]) - 1];
    return (picks) => (d) => win(d[i] === (picks as number[])[0] && d[j] === (picks as number[])[1], 'HIT');
  }
  if ((m = betTypeId.match(/^TWO_DIGIT_SUM_(\d)_(\d)$/))) {
    const [i, j] = [Number(m[1]) - 1, Number(m[2]) - 1];
    return (item) => (d) => win(attribute(item as string, ((d[i] as number) + (d[j] as number)) % 10), item as string);
  }
  if ((m = betTypeId.match(/^THREE_DIGIT_POSITION_(FRONT|MIDDLE|BACK)$/))) {
    const positions = SEGMENT_POSITIONS[m[1] as string] as number[];
    return (picks) => (d) => win(positions.every((p, k) => d[p] === (picks as number[])[k]), 'HIT');
  }
  if ((m = betTypeId.match(/^THREE_DIGIT_COMBO_(FRONT|MIDDLE|BACK)$/))) {
    const positions = SEGMENT_POSITIONS[m[1] as string] as number[];
    return (picks) => (d) => {
      const chosen = picks as number[];
      const level = ['', 'LEOPARD', 'GROUP3', 'GROUP6'][new Set(chosen).size] as string;
      return win(sortedText(chosen) === sortedText(positions.map((p) => d[p] as number)), level);
    };
  }
  if ((m = betTypeId.match(/^SUM_(FRONT|MIDDLE|BACK)$/))) {
    const positions = SEGMENT_POSITIONS[m[1] as string] as number[];
    return (item) => (d) => win(positions.reduce((s, p) => s + (d[p] as number), 0) === Number(item), item as string);
  }
  if ((m = betTypeId.match(/^SPAN_(FRONT|MIDDLE|BACK)$/))) {
    const positions = SEGMENT_POSITIONS[m[1] as string] as number[];
    return (item) => (d) => {
      const digits = positions.map((p) => d[p] as number);
      return win(Math.max(...digits) - Math.min(...digits) === Number(item), item as string);
    };
  }
  throw new Error(`no SSC reference rule for ${betTypeId}`);
};
