// Board bets as the page keeps them: what was clicked, at which stake per combination, priced and
// checked by the board engine (the same validation the server runs).
import type { BoardBetInput } from '../../../../shared/api/orders.ts';
import {
  formatBoardOdds,
  validateBoardBet,
  type BoardBetTypeView,
  type BoardPickId,
} from '../../../../shared/lottery/board/index.ts';
import { LotteryError } from '../../../../shared/lottery/errors.ts';
import { UNITS_PER_YUAN, yuan, type Money } from '../../../../shared/money.ts';

function stakeTextOf(stake: Money): string {
  return String(Math.floor(stake / UNITS_PER_YUAN));
}

/** A stake typed in whole 元; anything else is 0, which the engine refuses with its own message. */
export function withStakeText(bet: BoardSlipBet, text: string): BoardSlipBet {
  const trimmed = text.trim();
  const stake = /^\d{1,9}$/.test(trimmed) ? yuan(Number(trimmed)) : 0;
  return { ...bet, stake, stakeText: text };
}

export interface BoardSlipBet {
  id: string;
  betTypeId: string;
  betTypeName: string;
  selection: string | readonly BoardPickId[];
  /** What the player clicked, e.g. 冠军 大 or 三不同号 1,2,3. */
  label: string;
  odds: string;
  /** Per combination (每组金额). */
  stake: Money;
  /** The stake as typed, in whole 元. */
  stakeText: string;
}

export type PricedBoardBet =
  | { ok: true; combinations: number; totalStake: Money }
  | { ok: false; message: string };

export function priceBoardBet(drawType: string, drawDate: string, bet: BoardSlipBet): PricedBoardBet {
  try {
    const valid = validateBoardBet(drawType, { betTypeId: bet.betTypeId, selection: bet.selection, stake: bet.stake }, undefined, drawDate);
    return { ok: true, combinations: valid.combinations.length, totalStake: valid.totalStake };
  } catch (error) {
    if (error instanceof LotteryError) return { ok: false, message: error.message };
    throw error;
  }
}

export function sameSelection(a: BoardSlipBet['selection'], b: BoardSlipBet['selection']): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

let sequence = 0;

export function itemBet(betType: BoardBetTypeView, itemId: string, stake: Money): BoardSlipBet {
  const item = betType.items?.find((i) => i.id === itemId);
  sequence += 1;
  return {
    id: `board-${sequence}`,
    betTypeId: betType.id,
    betTypeName: betType.name,
    selection: itemId,
    label: item?.name ?? itemId,
    odds: item ? formatBoardOdds(item.odds) : '',
    stake,
    stakeText: stakeTextOf(stake),
  };
}

export function pickBet(betType: BoardBetTypeView, picks: readonly BoardPickId[], stake: Money): BoardSlipBet {
  const names = picks.map((id) => betType.pick?.values.find((v) => v.id === id)?.name ?? String(id));
  const levels = betType.levels.map((l) => formatBoardOdds(l.odds));
  sequence += 1;
  return {
    id: `board-${sequence}`,
    betTypeId: betType.id,
    betTypeName: betType.name,
    selection: [...picks],
    label: names.join(','),
    odds: levels.join('/'),
    stake,
    stakeText: stakeTextOf(stake),
  };
}

export function boardBetInput(bet: BoardSlipBet): BoardBetInput {
  return {
    betTypeId: bet.betTypeId,
    selection: typeof bet.selection === 'string' ? bet.selection : [...bet.selection],
    stake: bet.stake,
  };
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing date the server prices a board bet on (六合彩 reads its 生肖 year from it). */
export function beijingDate(epochMs: number): string {
  return new Date(epochMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}
