// 遗漏 and 冷热 under the numbers of the regular picker: what one row of a method reads from a draw
// (the digit of its position, the numbers drawn where the method looks, the sum, span, form, 大小单双
// or 龙虎 of those), and the two counts per option over the recent draws.
import { getDrawType } from '../catalogue/draw-types.ts';
import type { MethodDefinition, PickValue } from '../lottery/regular/types.ts';
import { resultFormatFor, type ResultFormat } from '../lottery/result.ts';
import { currentOmission, hitCounts } from './counts.ts';
import { BIG_SMALL_ODD_EVEN, bigSmallOddEven, DRAGON_TIGER, dragonTiger, specialForm, SPECIAL_FORMS, spanOf, sumOf } from './derived.ts';
import { positionIndex } from './positions.ts';
import { chartSupportedFor } from './supported.ts';

/** The values of a row's options one draw hits. */
export type RowReader = (result: readonly number[]) => readonly PickValue[];

export interface RowStats {
  /** Per option: draws since it was last hit; null when not hit in any of the draws loaded. */
  omission: (number | null)[];
  /** Per option: draws among the newest `window` that hit it. */
  hot: number[];
}

// Rows whose numbers are neither a position's digit nor numbers drawn: no reading is offered.
const UNREAD_ROWS = new Set(['猜中位', '定单双']);

const isSubsetOf = (values: readonly PickValue[], items: readonly string[]) => values.every((v) => typeof v === 'string' && items.includes(v));
const allNumbers = (values: readonly PickValue[]): values is readonly number[] => values.every((v) => typeof v === 'number');

/** The result indices a row reads: a zone of two-zone draws by its label, else the method's positions. */
function readPositions(method: MethodDefinition, format: ResultFormat, label: string): { positions: number[]; min: number; max: number } {
  const all = Array.from({ length: format.length }, (_, i) => i);
  const second = format.secondZone;
  if (second) {
    const back = label.startsWith('蓝球') || label.startsWith('后区');
    return back
      ? { positions: all.slice(second.from), min: second.min, max: second.max }
      : { positions: all.slice(0, second.from), min: format.min, max: format.max };
  }
  const positions = method.reads.positions.length > 0 ? [...method.reads.positions] : all;
  return { positions, min: format.min, max: format.max };
}

const pick = (result: readonly number[], positions: readonly number[]) => positions.map((i) => result[i]!);

/** How row `rowIndex` of a method reads a draw, or null when the picker shows no counts for it. */
export function pickRowReader(drawType: string, method: MethodDefinition, rowIndex: number): RowReader | null {
  const info = getDrawType(drawType);
  const row = method.layout.rows[rowIndex];
  if (!row || !chartSupportedFor(info) || UNREAD_ROWS.has(row.label)) return null;
  const format = resultFormatFor(info.category, info.code);
  const values = row.options.map((o) => o.value);
  const position = positionIndex(info.category, format.length, row.label);
  const { positions, min, max } = readPositions(method, format, row.label);

  if (position !== -1 && position < format.length) {
    if (allNumbers(values)) return (r) => [r[position]!];
    if (isSubsetOf(values, BIG_SMALL_ODD_EVEN)) return (r) => bigSmallOddEven(r[position]!, format.min, format.max);
    return null;
  }
  if (row.label === '和值') {
    if (allNumbers(values)) return (r) => [sumOf(pick(r, positions))];
    if (isSubsetOf(values, BIG_SMALL_ODD_EVEN)) return (r) => bigSmallOddEven(sumOf(pick(r, positions)), min * positions.length, max * positions.length);
    return null;
  }
  if (row.label === '跨度' && allNumbers(values)) return (r) => [spanOf(pick(r, positions))];
  if (row.label === '和值尾数' && allNumbers(values)) return (r) => [sumOf(pick(r, positions)) % 10];
  if (isSubsetOf(values, SPECIAL_FORMS) && positions.length === 3) {
    return (r) => {
      const form = specialForm(pick(r, positions));
      return form ? [form] : [];
    };
  }
  if (isSubsetOf(values, DRAGON_TIGER) && positions.length === 2) return (r) => [dragonTiger(r[positions[0]!]!, r[positions[1]!]!)];
  // Any other row of numbers in the drawn range (组选, 不定位, 胆码, 重号, 任选, 红球 …): the numbers drawn where the method looks.
  if (values.every((v) => typeof v === 'number' && v >= min && v <= max)) return (r) => pick(r, positions);
  return null;
}

/** 遗漏 and 冷热 of a row's options over draws listed newest first; `window`: the draws 冷热 counts. */
export function pickRowStats(reader: RowReader, values: readonly PickValue[], newestFirst: readonly (readonly number[])[], window: number): RowStats {
  return { omission: currentOmission(newestFirst, values, reader), hot: hitCounts(newestFirst, values, reader, window) };
}
