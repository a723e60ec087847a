// Calendar periods of the VIP programme and the weekly ranking, in Asia/Shanghai (UTC+8, no DST).
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

function shanghaiDate(at: Date): Date {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS);
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of `at`'s month, e.g. '2026-11-01'. */
export function monthOf(at: Date): string {
  const local = shanghaiDate(at);
  return `${local.toISOString().slice(0, 7)}-01`;
}

/** The instant a Shanghai calendar date ('YYYY-MM-DD') begins. */
export function startOfDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00+08:00`));
}

export function addMonths(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, mon - 1 + delta, 1));
  return isoDate(d);
}

/** The Monday (Shanghai) of `at`'s week. */
export function weekOf(at: Date): string {
  const local = shanghaiDate(at);
  const day = (local.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return isoDate(new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - day)));
}

export function addDays(date: string, delta: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return isoDate(d);
}

/** When a week (named by its Monday) ends: the next Monday 00:00 Shanghai. */
export function weekEnd(week: string): Date {
  return startOfDay(addDays(week, 7));
}
