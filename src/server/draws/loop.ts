// One of the scheduler's loops: runs its work every `intervalMs`, never twice at once (a run still
// going when the next is due makes that one a no-op). Loops are independent: a slow one — a long
// settlement, a feed that times out — never holds back another.
import type { FastifyBaseLogger } from 'fastify';

export class Loop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly work: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
    void this.runOnce();
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
      (error: unknown) => this.log?.error({ err: error, loop: this.name }, 'draw scheduler loop failed'),
    );
    await this.running;
    this.running = null;
  }
}
