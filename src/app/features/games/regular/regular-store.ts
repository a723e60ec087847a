// The picks and the bet slip (号码篮) of each draw type live outside React: the page is re-mounted
// when an overlay opens over it (docs/pwa.md "Overlays"), and the player's unsaved lines must stay.
import { useSyncExternalStore } from 'react';
import { createSimpleStore, type SimpleStore } from '../../../lib/store/simple-store.ts';
import { registerForgetter } from '../common/forget-on-logout.ts';
import type { RegularDraft, SlipLine } from './regular-line.ts';

export interface RegularGameState {
  draft: RegularDraft | null;
  slip: SlipLine[];
  /** As typed, so an unfinished value is not lost. */
  multiplierText: string;
}

const initialState = (): RegularGameState => ({ draft: null, slip: [], multiplierText: '1' });
const stores = new Map<string, SimpleStore<RegularGameState>>();

export function regularStore(drawType: string): SimpleStore<RegularGameState> {
  let store = stores.get(drawType);
  if (!store) {
    store = createSimpleStore<RegularGameState>(initialState());
    stores.set(drawType, store);
  }
  return store;
}

export function useRegularGameState(drawType: string): RegularGameState {
  const store = regularStore(drawType);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

let lineSequence = 0;
export function nextLineId(): string {
  lineSequence += 1;
  return `line-${lineSequence}`;
}

registerForgetter(() => {
  for (const store of stores.values()) store.set(initialState());
});
