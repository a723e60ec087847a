// Test helpers: Beijing wall-clock times as epoch ms, and back.

/** '2026-11-22 13:09' or '2026-11-22 13:09:30' (Beijing time) → epoch ms. */
export function bj(dateTime: string): number {
  const iso = `${dateTime.replace(' ', 'T')}${dateTime.length === 16 ? ':00' : ''}+08:00`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`bad test time ${dateTime}`);
  return ms;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
