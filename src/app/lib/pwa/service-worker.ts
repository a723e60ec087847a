// Prompt-for-update with workbox-window: a new worker waits; the player chooses when to reload.
import { Workbox } from 'workbox-window';
import { swUpdate } from './sw-update.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
let workbox: Workbox | null = null;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => swUpdate.set({ waiting: true }));
  void workbox.register().then((registration) => {
    if (!registration) return;
    window.setInterval(() => {
      if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
    }, UPDATE_CHECK_MS);
  });
}

export function applyServiceWorkerUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
