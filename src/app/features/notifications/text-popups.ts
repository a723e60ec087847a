import { createSimpleStore } from '../../lib/store/simple-store.ts';
import { onCustomerChange } from '../session/session-queries.ts';

export interface TextPopup {
  id: string;
  title: string;
  content: string;
}

/** System messages from the live stream, shown one at a time in arrival order. */
export const textPopups = createSimpleStore<readonly TextPopup[]>([]);

// A 系统消息 is one customer's (a refund of their order): it never waits for whoever logs in next.
onCustomerChange(() => {
  if (textPopups.get().length > 0) textPopups.set([]);
});

export function pushTextPopup(popup: TextPopup): void {
  textPopups.set((queue) => (queue.some((p) => p.id === popup.id) ? queue : [...queue, popup]));
}

export function dismissTextPopup(id: string): void {
  textPopups.set((queue) => queue.filter((p) => p.id !== id));
}
