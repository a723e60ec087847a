// From what the player picked to a priced order line, by the shared engine only: the count and the
// amount on the page are the engine's, and the selection sent is the one that was priced.
import type { RegularBetInput } from '../../../../shared/api/orders.ts';
import {
  LotteryError,
  parseTickets,
  quoteOrder,
  type EntryFormat,
  type MethodDefinition,
  type PickValue,
  type Selection,
} from '../../../../shared/lottery/index.ts';
import type { BetMode, Money } from '../../../../shared/money.ts';

/** The picks being made for one method. */
export interface RegularDraft {
  methodId: string;
  rows: PickValue[][];
  text: string;
  positions: number[];
}

export interface LineSettings {
  mode: BetMode;
  multiplier: number;
  /** The slider's prize group; null for the fixed-prize categories (no slider). */
  prizeGroup: number | null;
  userPrizeGroup: number;
}

export interface SlipLine {
  id: string;
  methodId: string;
  methodName: string;
  selection: Selection;
  summary: string;
  mode: BetMode;
  multiplier: number;
  prizeGroup: number | null;
  bets: number;
  stake: Money;
  rebate: Money;
}

export type DraftQuote =
  | { status: 'empty' }
  | { status: 'invalid'; message: string }
  | { status: 'ok'; selection: Selection; bets: number; stake: Money; rebate: Money };

export function emptyDraft(method: MethodDefinition): RegularDraft {
  return {
    methodId: method.id,
    rows: method.layout.rows.map(() => []),
    text: '',
    positions: [...(method.layout.positions?.defaultPositions ?? [])],
  };
}

/** The selection a draft stands for; 单式 text is parsed (invalid and repeated tickets left out). */
export function draftSelection(drawType: string, method: MethodDefinition, draft: RegularDraft): Selection {
  const selection: { rows?: PickValue[][]; entries?: number[][]; positions?: number[] } = {};
  if (method.layout.rows.length > 0) selection.rows = draft.rows.map((row) => [...row]);
  if (method.layout.entry) selection.entries = parseTickets(drawType, method.id, draft.text).entries;
  if (method.layout.positions) selection.positions = [...draft.positions].sort((a, b) => a - b);
  return selection;
}

function isEmpty(method: MethodDefinition, selection: Selection): boolean {
  const noRows = (selection.rows ?? []).every((row) => row.length === 0);
  const noEntries = (selection.entries ?? []).length === 0;
  return method.layout.entry ? noEntries && noRows : noRows;
}

/** Prices a selection with the engine: the same call the server makes for the same bet. */
export function quoteSelection(drawType: string, method: MethodDefinition, selection: Selection, settings: LineSettings): DraftQuote {
  if (isEmpty(method, selection)) return { status: 'empty' };
  try {
    const quote = quoteOrder(drawType, method.id, {
      selection,
      mode: settings.mode,
      multiplier: settings.multiplier,
      ...(settings.prizeGroup !== null ? { prizeGroup: settings.prizeGroup } : {}),
      userPrizeGroup: settings.userPrizeGroup,
    });
    return { status: 'ok', selection, bets: quote.bets, stake: quote.stake, rebate: quote.rebate };
  } catch (error) {
    if (error instanceof LotteryError) return { status: 'invalid', message: error.message };
    throw error;
  }
}

export function formatTicket(entry: readonly number[], format: EntryFormat): string {
  const write = (values: readonly number[]) =>
    format.twoDigit || format.zones.length > 1 ? values.map((n) => String(n).padStart(2, '0')).join(' ') : values.join('');
  if (format.zones.length < 2) return write(entry);
  const first = format.zones[0]!.size;
  return `${write(entry.slice(0, first))} + ${write(entry.slice(first))}`;
}

const SUMMARY_LIMIT = 80;

/** A short text of the picks for the bet slip and the confirm dialog. */
export function selectionSummary(method: MethodDefinition, selection: Selection): string {
  const parts: string[] = [];
  if (selection.positions && method.layout.positions) {
    parts.push(`位置: ${selection.positions.map((p) => method.layout.positions!.labels[p]).join('')}`);
  }
  selection.rows?.forEach((row, i) => {
    if (row.length === 0) return;
    const layoutRow = method.layout.rows[i];
    const labels = row.map((value) => layoutRow?.options.find((o) => o.value === value)?.label ?? String(value));
    parts.push(method.layout.rows.length > 1 || !layoutRow ? `${layoutRow?.label ?? ''}: ${labels.join(',')}` : labels.join(','));
  });
  if (selection.entries && method.layout.entry) {
    const format = method.layout.entry;
    parts.push(selection.entries.map((entry) => formatTicket(entry, format)).join(', '));
  }
  const text = parts.join(' | ');
  return text.length > SUMMARY_LIMIT ? `${text.slice(0, SUMMARY_LIMIT - 1)}…` : text;
}

/** The bet as the order API takes it. */
export function betInput(line: SlipLine): RegularBetInput {
  const selection: RegularBetInput['selection'] = {};
  if (line.selection.rows) selection.rows = line.selection.rows.map((row) => [...row]);
  if (line.selection.entries) selection.entries = line.selection.entries.map((entry) => [...entry]);
  if (line.selection.positions) selection.positions = [...line.selection.positions];
  return {
    methodId: line.methodId,
    selection,
    mode: line.mode,
    multiplier: line.multiplier,
    ...(line.prizeGroup !== null ? { prizeGroup: line.prizeGroup } : {}),
  };
}
