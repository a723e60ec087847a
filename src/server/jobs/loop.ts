// A background job of this process: runs its work every `intervalMs`, never twice at once (a run still
// going when the next is due makes that one a no-op), and `stop()` waits for the run in progress.
// Loops are independent: a slow one — a long settlement, a feed that times out — never holds back
// another. Used by the draw scheduler and by every periodic job (deposit expiry, commission, agent
// statistics, provider transfers and records).
export interface LoopOptions {
  /** Run once as soon as started (default), or wait one interval first. */
  runAtStart?: boolean;
}

export class Loop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly work: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log?: { error: (obj: object, msg: string) => void },
    private readonly options: LoopOptions = {},
  ) {}

  start(): this {
    if (this.timer) return this;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
    if (this.options.runAtStart !== false) void this.runOnce();
    return this;
  }

  /** Runs a pass now (a no-op when one is in progress or the loop is stopped). */
  runNow(): void {
    if (this.timer) void this.runOnce();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = this.work().then(
      () => undefined,
      (error: unknown) => this.log?.error({ err: error, loop: this.name }, `${this.name} failed`),
    );
    await this.running;
    this.running = null;
  }
}
