// One bet of an order as the player reads it: the method or bet type by its Chinese name, the
// selection with row and item labels (never the engine's ids), the settings, and what it hit. The
// names come from the same engine that priced and settled the bet.
import type { OrderBet } from '../../../shared/api/orders.ts';
import { getMethod, type MethodDefinition, type PickValue, type Selection } from '../../../shared/lottery/index.ts';
import { boardCatalogue, formatBoardOdds, type BoardBetTypeView } from '../../../shared/lottery/board/index.ts';
import type { PlayMode } from '../../../shared/enums.ts';
import { betModeLabel } from './order-labels.ts';

export interface BetDescription {
  title: string;
  /** The selection, one line per row (or the tickets / positions). */
  selection: string[];
  /** 元模式 · 2 倍 · 奖金组 1950 — regular bets only. */
  settings: string | null;
  /** What won: prize levels with their 注 counts, or winning combinations with their odds. */
  hits: string[];
}

const TICKETS_SHOWN = 10;

export function describeBet(drawType: string, playMode: PlayMode, bet: OrderBet, drawDate: string): BetDescription {
  return playMode === 'REGULAR' ? describeRegularBet(drawType, bet) : describeBoardBet(drawType, bet, drawDate);
}

function methodOf(drawType: string, code: string): MethodDefinition | null {
  try {
    return getMethod(drawType, code);
  } catch {
    return null;
  }
}

function asSelection(value: unknown): Selection {
  return value !== null && typeof value === 'object' ? (value as Selection) : {};
}

export function describeRegularBet(drawType: string, bet: OrderBet): BetDescription {
  const method = methodOf(drawType, bet.code);
  const selection = asSelection(bet.selection);
  const lines: string[] = [];
  selection.rows?.forEach((picks, index) => {
    const row = method?.layout.rows[index];
    const labels = picks.map((pick) => row?.options.find((option) => option.value === pick)?.label ?? String(pick));
    lines.push(`${row?.label ?? `第 ${index + 1} 行`}：${labels.join(' ') || '—'}`);
  });
  if (selection.entries) lines.push(ticketsLine(selection.entries, method?.layout.entry?.twoDigit ?? false));
  if (selection.positions) {
    const names = selection.positions.map((p) => method?.layout.positions?.labels[p] ?? `第 ${p + 1} 位`);
    lines.push(`位置：${names.join('、')}`);
  }
  const mode = betModeLabel(bet.mode);
  const settings = [mode && `${mode}模式`, bet.multiplier !== null && `${bet.multiplier} 倍`, bet.prizeGroup !== null && `奖金组 ${bet.prizeGroup}`]
    .filter(Boolean)
    .join(' · ');
  return { title: method?.fullName ?? bet.name, selection: lines, settings: settings || null, hits: regularHits(method, bet.detail) };
}

function ticketsLine(entries: readonly (readonly number[])[], twoDigit: boolean): string {
  const format = (n: number) => (twoDigit ? String(n).padStart(2, '0') : String(n));
  const shown = entries.slice(0, TICKETS_SHOWN).map((ticket) => ticket.map(format).join(twoDigit ? ' ' : ''));
  const more = entries.length > TICKETS_SHOWN ? ` 等共 ${entries.length} 注` : '';
  return `单式：${shown.join('，')}${more}`;
}

/** `detail.winners[i]` = winning 注 at the method's prize level i. */
function regularHits(method: MethodDefinition | null, detail: unknown): string[] {
  if (detail === null || typeof detail !== 'object') return [];
  const { winners, capped } = detail as { winners?: unknown; capped?: unknown };
  if (!Array.isArray(winners)) return [];
  const hits = winners.flatMap((count, index) => {
    if (typeof count !== 'number' || count <= 0) return [];
    return [`${method?.levels[index]?.name ?? `第 ${index + 1} 级奖`} × ${count} 注`];
  });
  if (capped === true) hits.push('已按单注最高奖金封顶派奖');
  return hits;
}

// ── Board ───────────────────────────────────────────────────────────────────────────────────

const catalogues = new Map<string, Map<string, BoardBetTypeView> | null>();

function boardBetTypeOf(drawType: string, betTypeId: string, drawDate: string): BoardBetTypeView | undefined {
  const key = `${drawType}:${drawDate}`;
  if (!catalogues.has(key)) {
    try {
      const catalogue = boardCatalogue(drawType, undefined, drawDate);
      catalogues.set(key, new Map(catalogue.groups.flatMap((group) => group.betTypes.map((betType) => [betType.id, betType] as const))));
    } catch {
      catalogues.set(key, null);
    }
  }
  return catalogues.get(key)?.get(betTypeId);
}

function boardSelectionText(betType: BoardBetTypeView | undefined, selection: unknown): string {
  if (typeof selection === 'string') return betType?.items?.find((item) => item.id === selection)?.name ?? selection;
  if (Array.isArray(selection)) {
    return selection
      .map((pick: PickValue) => betType?.pick?.values.find((value) => value.id === pick)?.name ?? String(pick))
      .join('、');
  }
  return '—';
}

interface CombinationDetail {
  selection: unknown;
  outcome: 'WIN' | 'LOSE' | 'PUSH';
  odds?: number;
}

function isCombination(value: unknown): value is CombinationDetail {
  return value !== null && typeof value === 'object' && 'outcome' in value && 'selection' in value;
}

export function describeBoardBet(drawType: string, bet: OrderBet, drawDate: string): BetDescription {
  const betType = boardBetTypeOf(drawType, bet.code, drawDate);
  const combinations = Array.isArray(bet.detail) ? bet.detail.filter(isCombination) : [];
  const several = combinations.length > 1;
  const hits = combinations.flatMap((combination) => {
    const what = several ? `${boardSelectionText(betType, combination.selection)}：` : '';
    if (combination.outcome === 'WIN' && combination.odds !== undefined) return [`${what}中奖，赔率 ${formatBoardOdds(combination.odds)}`];
    if (combination.outcome === 'PUSH') return [`${what}和局，退还本金`];
    return [];
  });
  return {
    title: betType?.name ?? bet.name,
    selection: [`投注：${boardSelectionText(betType, bet.selection)}`],
    settings: null,
    hits,
  };
}
