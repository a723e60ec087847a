// Coalesces the outbox appends of one process. At most one append is in flight; every event published
// while it runs joins the next one, which starts when it returns (and at least MIN_INTERVAL_MS after
// the previous one started). So under load one append transaction (one round trip, one commit, one
// turn of the global append lock, one NOTIFY) carries the events of many requests, and an idle
// process appends a lone event at once, with no added delay.
//
// Order: events are appended in the order publish() was called (within a batch, in array order), so
// one process's events keep their order; ids still become visible in commit order across processes
// (the append's global lock, outbox.ts). Durability: publish() resolves only once the batch that
// holds its events has committed; if that append fails, every publish() of the batch rejects.
import { appendSerialized, serialize, type NewLiveEvent, type SerializedEvent } from './outbox.ts';
import type { Queryable } from '../db/pool.ts';

interface Waiting {
  events: SerializedEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The most events one append carries; more wait for the next one. */
const MAX_BATCH = 5_000;
/**
 * Appends start at least this far apart: under load the next batch waits out the rest of the
 * interval, gathering more events per append (fewer commits and turns of the global lock). An idle
 * process appends a lone event at once.
 */
const MIN_INTERVAL_MS = 5;

export class CoalescingPublisher {
  private queue: Waiting[] = [];
  private running: Promise<void> | null = null;
  private lastStart = 0;

  constructor(
    private readonly db: Queryable,
    /** Called after each append with the highest id it wrote. */
    private readonly afterAppend: (lastId: number) => void,
  ) {}

  publish(events: readonly NewLiveEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    let serialized: SerializedEvent[];
    try {
      serialized = events.map(serialize);
    } catch (error) {
      return Promise.reject(error);
    }
    const done = new Promise<void>((resolve, reject) => this.queue.push({ events: serialized, resolve, reject }));
    this.running ??= this.drain();
    return done;
  }

  /** Resolves once everything published so far has been appended (or has failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the publishers of this turn of the event loop join the first batch.
    await Promise.resolve();
    try {
      while (this.queue.length > 0) {
        const wait = this.lastStart + MIN_INTERVAL_MS - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        this.lastStart = Date.now();
        const batch: Waiting[] = [];
        let size = 0;
        while (this.queue.length > 0 && (batch.length === 0 || size + this.queue[0]!.events.length <= MAX_BATCH)) {
          const next = this.queue.shift()!;
          batch.push(next);
          size += next.events.length;
        }
        let ids: number[];
        try {
          ids = await appendSerialized(this.db, batch.flatMap((w) => w.events));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
          continue;
        }
        for (const waiting of batch) waiting.resolve();
        this.afterAppend(Math.max(...ids));
      }
    } finally {
      this.running = null;
    }
  }
}
