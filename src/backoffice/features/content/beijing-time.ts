// Times in the content pages are Beijing time (the platform's clock), whatever the browser's zone.
const OFFSET = '+08:00';
const BEIJING_MS = 8 * 3_600_000;

/** An instant as a datetime-local value in Beijing time, e.g. 2026-11-26T20:00. */
export function toBeijingInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + BEIJING_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Beijing time; '' is no time at all. */
export function fromBeijingInput(value: string): string | null {
  if (value === '') return null;
  const instant = Date.parse(`${value}:00${OFFSET}`);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

/** For tables: 2026-11-26 20:00, or — without a time. */
export function beijingText(iso: string | null): string {
  return iso ? toBeijingInput(iso).replace('T', ' ') : '—';
}
