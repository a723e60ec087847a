// Toasts (spec §5: validation errors appear as toasts). The notifications package loads on the first
// toast, not with the first page.
import { createSimpleStore } from './store/simple-store.ts';

export const toastsRequested = createSimpleStore(false);

type ToastColor = 'red' | 'teal';

function show(color: ToastColor, message: string, title?: string): void {
  toastsRequested.set(true);
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ color, message, autoClose: color === 'red' ? 4000 : 3000, ...(title ? { title } : {}) }),
  );
}

export function toastError(message: string): void {
  show('red', message, '提示');
}

export function toastSuccess(message: string): void {
  show('teal', message);
}
