// A board autobet's stake and the multiplier its stake caps allow, from the board engine loaded on
// demand: the regular autobet screen, the common case, never downloads it.
import { useEffect, useState } from 'react';
import type { BoardBetInput } from '../../../shared/api/orders.ts';
import { LotteryError } from '../../../shared/lottery/index.ts';
import type { BoardAutobetStake } from '../../../shared/autobet/board-stake.ts';
import type { AutobetRequest } from './autobet-request.ts';

export type BoardStake = { state: 'none' } | { state: 'loading' } | ({ state: 'ready' } & BoardAutobetStake) | { state: 'refused'; message: string };

/** `drawDate`: Beijing date of the first issue (六合彩-style boards read the 生肖 year from it). */
export function useBoardStake(request: AutobetRequest, drawDate: string): BoardStake {
  const bets = request.playMode === 'BOARD' ? (request.bets as readonly BoardBetInput[]) : null;
  const [stake, setStake] = useState<BoardStake>(bets ? { state: 'loading' } : { state: 'none' });
  useEffect(() => {
    if (!bets) {
      setStake({ state: 'none' });
      return;
    }
    let current = true;
    void import('../../../shared/autobet/board-stake.ts').then(({ boardAutobetStake }) => {
      if (!current) return;
      try {
        setStake({ state: 'ready', ...boardAutobetStake(request.drawType, bets, drawDate) });
      } catch (error) {
        if (!(error instanceof LotteryError)) throw error;
        setStake({ state: 'refused', message: error.message });
      }
    });
    return () => {
      current = false;
    };
  }, [bets, request.drawType, drawDate]);
  return stake;
}
