import { createSimpleStore } from '../../lib/store/simple-store.ts';

export interface TextPopup {
  id: string;
  title: string;
  content: string;
}

/** System messages from the live stream, shown one at a time in arrival order. */
export const textPopups = createSimpleStore<readonly TextPopup[]>([]);

export function pushTextPopup(popup: TextPopup): void {
  textPopups.set((queue) => (queue.some((p) => p.id === popup.id) ? queue : [...queue, popup]));
}

export function dismissTextPopup(id: string): void {
  textPopups.set((queue) => queue.filter((p) => p.id !== id));
}
