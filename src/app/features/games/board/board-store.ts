// Board picks, stakes and the bet list per draw type, kept outside React so an overlay opening over
// the page (which re-mounts it) loses nothing.
import { useSyncExternalStore } from 'react';
import type { BoardPickId } from '../../../../shared/lottery/board/index.ts';
import { createSimpleStore, type SimpleStore } from '../../../lib/store/simple-store.ts';
import { registerForgetter } from '../common/forget-on-logout.ts';
import type { BoardSlipBet } from './board-bets.ts';

export interface BoardGameState {
  groupName: string | null;
  /** 每注金额 as typed, in whole 元. */
  amountText: string;
  picks: Readonly<Record<string, readonly BoardPickId[]>>;
  bets: readonly BoardSlipBet[];
}

const initialState = (): BoardGameState => ({ groupName: null, amountText: '10', picks: {}, bets: [] });
const stores = new Map<string, SimpleStore<BoardGameState>>();

export function boardStore(drawType: string): SimpleStore<BoardGameState> {
  let store = stores.get(drawType);
  if (!store) {
    store = createSimpleStore(initialState());
    stores.set(drawType, store);
  }
  return store;
}

export function useBoardGameState(drawType: string): BoardGameState {
  const store = boardStore(drawType);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function updateBoard(drawType: string, update: (state: BoardGameState) => BoardGameState): void {
  boardStore(drawType).set(update);
}

registerForgetter(() => {
  for (const store of stores.values()) store.set(initialState());
});
