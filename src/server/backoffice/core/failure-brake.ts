// A per-address brake on failed sign-in steps, in memory and per process: after `perMinute` failures
// in a minute, an address is refused until the minute is over. Only failures count, so a busy office
// behind one address (or a test run) signing in many operators is never slowed down.
export class FailureBrake {
  private readonly windows = new Map<string, { start: number; failures: number }>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  blocked(key: string): boolean {
    const window = this.windows.get(key);
    return window !== undefined && this.now() - window.start < 60_000 && window.failures >= this.perMinute;
  }

  fail(key: string): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 50_000) this.prune(now);
      this.windows.set(key, { start: now, failures: 1 });
    } else {
      window.failures += 1;
    }
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(key);
  }
}
