// A per-address brake on failed sign-in steps, in memory and per process (each process of a
// deployment brakes on its own): at most `perMinute` failed steps from an address in a fixed minute.
// A step reserves its slot *before* anything is checked (`tryReserve`, synchronous, so parallel
// requests of a burst are counted one after another and the ones over the limit are refused), and the
// slot is given back (`forgive`) when the step proves right or is refused unchecked. So only failures
// count in the end, and a busy office behind one address (or a test run) signing in many operators is
// never slowed down.
export interface BrakeSlot {
  readonly key: string;
  /** The start of the window the slot was taken in: a slot of an earlier window is not given back to a later one. */
  readonly windowStart: number;
}

export class FailureBrake {
  private readonly windows = new Map<string, { start: number; failures: number }>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a step of `key` as failed up front; null (refuse it, 429) when the address has used its minute. */
  tryReserve(key: string): BrakeSlot | null {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 50_000) this.prune(now);
      this.windows.set(key, { start: now, failures: 1 });
      return { key, windowStart: now };
    }
    if (window.failures >= this.perMinute) return null;
    window.failures += 1;
    return { key, windowStart: window.start };
  }

  /** Gives a slot back: its step proved right (or was refused without checking anything). */
  forgive(slot: BrakeSlot): void {
    const window = this.windows.get(slot.key);
    if (window && window.start === slot.windowStart && window.failures > 0) window.failures -= 1;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(key);
  }
}
