// Turns a player's selection into the normalised form kernels work on, rejecting anything malformed
// with a Chinese message fit to show as is.
import { LotteryError } from '../errors.ts';
import type { MethodSpec, NormalizedSelection, RowSpec } from './method-spec.ts';
import { formatEntry } from './tickets.ts';
import type { PickValue, Selection } from './types.ts';

const invalid = (message: string): never => {
  throw new LotteryError('INVALID_SELECTION', message);
};
const invalidTicket = (message: string): never => {
  throw new LotteryError('INVALID_TICKET', message);
};

/** Item rows accept an option's value or its label (二同号 11 or "11*"). */
const itemIndexCache = new WeakMap<RowSpec, Map<PickValue, number>>();
function itemIndex(row: RowSpec): Map<PickValue, number> {
  let map = itemIndexCache.get(row);
  if (!map) {
    map = new Map<PickValue, number>();
    row.options.forEach((o, i) => {
      map!.set(o.value, i);
      map!.set(o.label, i);
    });
    itemIndexCache.set(row, map);
  }
  return map;
}

/** Number rows accept numbers and numeric text ("05"), as the player's client may send either. */
function asNumber(pick: unknown): number | undefined {
  if (typeof pick === 'number') return pick;
  if (typeof pick === 'string' && /^\d{1,3}$/.test(pick)) return Number(pick);
  return undefined;
}

function optionLabel(row: RowSpec, normalized: number): string {
  if (row.range) return row.options[normalized - row.range.min]?.label ?? String(normalized);
  return row.options[normalized]?.label ?? String(normalized);
}

function normalizeRow(row: RowSpec, picks: unknown): number[] {
  if (!Array.isArray(picks)) return invalid(`${row.label}：选号格式不正确`);
  const values: number[] = [];
  for (const pick of picks as unknown[]) {
    let value: number | undefined;
    if (row.range) {
      const n = asNumber(pick);
      if (n !== undefined && Number.isInteger(n) && n >= row.range.min && n <= row.range.max) value = n;
    } else {
      value = itemIndex(row).get(pick as PickValue);
    }
    if (value === undefined) return invalid(`${row.label}：号码${String(pick)}无效`);
    values.push(value);
  }
  values.sort((a, b) => a - b);
  for (let i = 1; i < values.length; i++) {
    if (values[i] === values[i - 1]) invalid(`${row.label}：号码${optionLabel(row, values[i]!)}重复`);
  }
  if (values.length < row.minPicks) invalid(`${row.label}至少选择${row.minPicks}个号码`);
  if (values.length > row.maxPicks) invalid(`${row.label}最多选择${row.maxPicks}个号码`);
  return values;
}

function normalizePositions(spec: MethodSpec, positions: unknown): number[] {
  const choice = spec.layout.positions;
  if (!choice) {
    if (positions !== undefined && !(Array.isArray(positions) && positions.length === 0)) invalid('该玩法不需要选择位置');
    return [];
  }
  if (!Array.isArray(positions) || positions.length === 0) return invalid('请选择位置');
  const values = (positions as unknown[]).map((p) => {
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p >= choice.labels.length) return invalid(`位置无效：${String(p)}`);
    return p;
  });
  values.sort((a, b) => a - b);
  for (let i = 1; i < values.length; i++) {
    if (values[i] === values[i - 1]) invalid(`位置重复：${choice.labels[values[i]!]}`);
  }
  if (values.length < choice.minPositions) invalid(`至少选择${choice.minPositions}个位置`);
  return values;
}

function normalizeEntries(spec: MethodSpec, entries: unknown): number[][] {
  const rule = spec.entryRule!;
  if (!Array.isArray(entries) || entries.length === 0) return invalid('请输入投注号码');
  const seen = new Set<string>();
  return (entries as unknown[]).map((entry, i) => {
    const numbers = Array.isArray(entry) && entry.every((n) => typeof n === 'number') ? (entry as number[]) : null;
    const canonical = numbers ? rule.canonical(numbers) : null;
    const shown = (): string => (numbers ? formatEntry(rule.format, numbers) : String(entry));
    if (!canonical) return invalidTicket(`第${i + 1}注号码无效：${shown()}（${rule.format.hint}）`);
    const key = canonical.join(',');
    if (seen.has(key)) invalidTicket(`第${i + 1}注号码重复：${shown()}`);
    seen.add(key);
    return canonical;
  });
}

const isEmpty = (value: unknown): boolean => value === undefined || (Array.isArray(value) && value.length === 0);

/** Validates a selection against a method's layout; throws LotteryError with a Chinese message. */
export function normalizeSelection(spec: MethodSpec, selection: Selection): NormalizedSelection {
  if (typeof selection !== 'object' || selection === null) return invalid('选号格式不正确');
  const layoutRows = spec.layout.rows;
  let rows: number[][] = [];
  let entries: number[][] = [];
  if (spec.entryRule) {
    if (!isEmpty(selection.rows)) invalid('该玩法为单式，请输入号码');
    entries = normalizeEntries(spec, selection.entries);
  } else {
    if (!isEmpty(selection.entries)) invalid('该玩法不支持单式输入');
    const given = selection.rows;
    if (!Array.isArray(given) || given.length !== layoutRows.length) {
      return invalid(`选号行数不正确：应为${layoutRows.length}行`);
    }
    rows = layoutRows.map((row, i) => normalizeRow(row, given[i]));
  }
  const positions = normalizePositions(spec, selection.positions);
  const normalized: NormalizedSelection = { rows, entries, positions };
  spec.kernel.check?.(normalized);
  return normalized;
}

export { invalid as rejectSelection };
