// What the bet slip hands to the autobet screen: the draw type, play mode and bets (regular bets at
// multiplier 1, board bets at their base stake). Kept in sessionStorage, so the screen reopens after
// a reload of the tab, and never in the URL.
import { z } from 'zod';
import { BoardBetInputSchema, RegularBetInputSchema, type BoardBetInput, type RegularBetInput } from '../../../shared/api/orders.ts';
import type { AutobetTarget } from './autobet-search.ts';

export type AutobetRequest =
  | { drawType: string; playMode: 'REGULAR'; bets: RegularBetInput[] }
  | { drawType: string; playMode: 'BOARD'; bets: BoardBetInput[] };

const AutobetRequestSchema = z.discriminatedUnion('playMode', [
  z.object({ drawType: z.string(), playMode: z.literal('REGULAR'), bets: z.array(RegularBetInputSchema).min(1).max(20) }),
  z.object({ drawType: z.string(), playMode: z.literal('BOARD'), bets: z.array(BoardBetInputSchema).min(1).max(50) }),
]);

const STORAGE_KEY = 'jinli-autobet-request';
let inMemory: AutobetRequest | null = null;

export function storeAutobetRequest(request: AutobetRequest): void {
  inMemory = request;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(request));
  } catch {
    // Storage disabled or full: the screen still works until the tab reloads.
  }
}

function readStored(): AutobetRequest | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const parsed = AutobetRequestSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as AutobetRequest) : null;
  } catch {
    return null;
  }
}

/** The bets for a screen, if the bet slip handed over bets for that draw type and play mode. */
export function readAutobetRequest(target: AutobetTarget): AutobetRequest | null {
  const request = inMemory ?? readStored();
  return request && request.drawType === target.drawType && request.playMode === target.playMode ? request : null;
}

export function clearAutobetRequest(): void {
  inMemory = null;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

export const MIXED_MULTIPLIERS_MESSAGE = '投注单中各注倍数不同，追号的每一期只能按同一倍数投注，请将各注改为相同倍数后再追号';

/**
 * The request as the server takes it: regular bets at multiplier 1, the slip's common multiplier
 * suggested as the plan's starting one. A plan scales every bet by the same multiplier, so a slip of
 * bets at different multipliers cannot be flattened without changing what the player chose: it is
 * refused with `problem` instead.
 */
export function baseOfRequest(request: AutobetRequest): { request: AutobetRequest; suggestedMultiplier: number; problem: string | null } {
  if (request.playMode === 'BOARD') return { request, suggestedMultiplier: 1, problem: null };
  const multipliers = new Set(request.bets.map((bet) => bet.multiplier));
  const problem = multipliers.size > 1 ? MIXED_MULTIPLIERS_MESSAGE : null;
  const suggestedMultiplier = multipliers.size === 1 ? request.bets[0]!.multiplier : 1;
  return { request: { ...request, bets: request.bets.map((bet) => ({ ...bet, multiplier: 1 })) }, suggestedMultiplier, problem };
}
