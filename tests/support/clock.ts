import type { Clock } from '../../src/server/draws/clock.ts';

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private time: number) {}
  now(): number {
    return this.time;
  }
  set(time: number): void {
    this.time = time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** Epoch ms of a Beijing wall-clock time, e.g. beijing('2026-11-22 09:00:00'). */
export function beijing(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}+08:00`);
}
