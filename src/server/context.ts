// What every domain plugin receives: configuration, the database and the live-event hub.
import type { Config } from './config.ts';
import type { Database } from './db/pool.ts';
import type { Clock } from './draws/clock.ts';
import type { EventHub } from './events/hub.ts';
import type { Singletons } from './jobs/singletons.ts';

export interface ServerContext {
  config: Config;
  database: Database;
  events: EventHub;
  /** The draw clock: the system clock, or simulated time (DRAW_CLOCK). */
  clock: Clock;
  /** Jobs run exactly once across the server processes (leases in the database). */
  singletons: Singletons;
}
