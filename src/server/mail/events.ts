// unreadMailCount (spec §4): each customer whose unread count changed gets its new count, published
// after the transaction that changed it committed (decisions §6). A lost event costs a refresh only.
import type { ServerContext } from '../context.ts';
import { unreadCounts } from './store.ts';

type Log = { warn: (obj: object, msg: string) => void };

/** Counts are read and published in chunks, so a mail to everyone never builds one giant event batch. */
const CHUNK = 1_000;

/**
 * One publication at a time, in call order: a count read later is published later, so the last
 * event a customer gets carries the newest count (two calls racing could otherwise publish an older
 * count after a newer one — e.g. a send's fan-out landing after the recipient's read).
 */
let queue: Promise<void> = Promise.resolve();

async function publishUnreadCounts(ctx: ServerContext, customerIds: readonly number[]): Promise<void> {
  const appended: Promise<void>[] = [];
  for (let start = 0; start < customerIds.length; start += CHUNK) {
    const chunk = customerIds.slice(start, start + CHUNK);
    const counts = await unreadCounts(ctx.database.pool, chunk);
    // The publisher appends in call order; waiting for the append itself is not needed for ordering.
    appended.push(ctx.events.publish(chunk.map((customerId) => ({ customerId, type: 'unreadMailCount', payload: { count: counts.get(customerId) ?? 0 } }))));
  }
  await Promise.all(appended);
}

/** Fire and forget after the commit: the answer to the request does not wait for the events. */
export function publishUnreadCountsAfterCommit(ctx: ServerContext, customerIds: readonly number[], log?: Log): void {
  if (customerIds.length === 0) return;
  const next = queue.then(() => publishUnreadCounts(ctx, customerIds));
  queue = next.catch((error: unknown) => log?.warn({ err: error }, 'unreadMailCount not published'));
}
