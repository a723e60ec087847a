// While the window is open it stamps OPEN_KEY every few seconds, so the main tab does not toast a
// message the player is already looking at.
import { useEffect } from 'react';
import { OPEN_KEY } from './chat-keys.ts';

const STAMP_MS = 5_000;

function stamp(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(OPEN_KEY);
    else localStorage.setItem(OPEN_KEY, value);
  } catch {
    // Storage may be unavailable (private mode): then the main tab may toast once too often.
  }
}

export function useWindowOpenStamp(): void {
  useEffect(() => {
    stamp(String(Date.now()));
    const timer = setInterval(() => stamp(String(Date.now())), STAMP_MS);
    return () => {
      clearInterval(timer);
      stamp(null);
    };
  }, []);
}
