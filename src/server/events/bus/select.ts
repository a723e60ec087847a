// The bus a server uses: NATS when EVENTS_BUS is set, else PostgreSQL NOTIFY.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/pool.ts';
import type { Singletons } from '../../jobs/singletons.ts';
import type { EventBus } from './bus.ts';
import { NatsBus } from './nats-bus.ts';
import { NotifyBus } from './notify-bus.ts';

export function eventBus(config: Pick<Config, 'eventsBus'>, database: Database, log: FastifyBaseLogger, singletons: Singletons): EventBus {
  return config.eventsBus
    ? new NatsBus({ url: config.eventsBus, pool: database.pool, databaseUrl: database.url, log, singletons })
    : new NotifyBus({ databaseUrl: database.url, log });
}
