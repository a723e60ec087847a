// How a process learns of new outbox events. The outbox (PostgreSQL) is always the source of truth;
// a bus only carries news of it:
//  - notify (default, one machine): PostgreSQL NOTIFY says "appended up to id N"; every process then
//    reads the outbox after its own cursor.
//  - nats (EVENTS_BUS=nats://…): one relay across all processes reads the outbox and publishes the
//    events themselves, in batches chained by the previous batch's last id; every process dispatches
//    what it receives and reads the outbox only to fill a gap the chain reveals.
import type { StoredLiveEvent } from '../outbox.ts';

export interface BusSink {
  /** Events up to `lastId` (null: unknown) were appended: read the outbox after the cursor. */
  wake(lastId: number | null): void;
  /**
   * Every event after `prev` up to the last of `events`, in id order (none: the relay's position).
   * A `prev` beyond what the process has seen means a message was lost: the gap is in the outbox.
   */
  batch(prev: number, events: StoredLiveEvent[]): void;
}

export interface EventBus {
  readonly kind: 'notify' | 'nats';
  start(sink: BusSink): Promise<void>;
  close(): Promise<void>;
}
