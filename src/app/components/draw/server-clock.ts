// The server's clock as the page sees it: draw countdowns must not trust the phone's clock, so every
// draw response records the difference, and one shared ticker re-renders countdowns once a second.
import { useSyncExternalStore } from 'react';

let offsetMs = 0;

/** Records a server timestamp received for a request sent at `sentAt` and answered at `receivedAt`. */
export function recordServerTime(serverTime: number, sentAt: number, receivedAt: number): void {
  offsetMs = serverTime - Math.round((sentAt + receivedAt) / 2);
}

/** Milliseconds since the epoch on the server's clock. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

const listeners = new Set<() => void>();
let second = Math.floor(serverNow() / 1000);
let timer: ReturnType<typeof setTimeout> | null = null;

function tick(): void {
  second = Math.floor(serverNow() / 1000);
  for (const listener of listeners) listener();
  schedule();
}

function schedule(): void {
  // Aligned to the next whole server second so every countdown on the page changes together.
  timer = setTimeout(tick, 1000 - (serverNow() % 1000) + 5);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    second = Math.floor(serverNow() / 1000);
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

// Without a running ticker the stored second may be old: read the clock instead.
const getSecond = () => (timer === null ? Math.floor(serverNow() / 1000) : second);

/** The server time in whole seconds, updated once a second while a component listens. */
export function useServerSecond(): number {
  return useSyncExternalStore(subscribe, getSecond, getSecond);
}

/**
 * A value derived from the server second; the component re-renders only when the value changes (an
 * issue's phase changes a few times a minute, not every second).
 */
export function useServerClockValue<T>(select: (second: number) => T): T {
  const read = () => select(getSecond());
  return useSyncExternalStore(subscribe, read, read);
}
