// The red-packet job of this process: packets whose end time has passed are ended (their remaining
// budget returns to the house and their seed becomes public), and packets scheduled ahead whose start
// time has come are announced; either way every app refetches its claimable list.
import type { ServerContext } from '../context.ts';
import { withTransaction } from '../db/pool.ts';
import type { Loop } from '../jobs/loop.ts';
import { packetsChangedEvent, publishAfterCommit } from './events.ts';
import { endPacket } from './store.ts';

/** One pass; returns how many packets ended or started. */
export async function runRedPacketLifecycleOnce(ctx: ServerContext): Promise<{ ended: number; started: number }> {
  const pool = ctx.database.pool;
  const due = await pool.query<{ id: number }>(`SELECT id FROM red_packets WHERE ended_at IS NULL AND ends_at <= now() ORDER BY id LIMIT 500`);
  let ended = 0;
  for (const { id } of due.rows) {
    if (await withTransaction(pool, (client) => endPacket(client, Number(id)))) ended++;
  }
  const started = await pool.query(
    `UPDATE red_packets SET start_announced = true
      WHERE NOT start_announced AND status = 'ACTIVE' AND starts_at <= now() AND ends_at > now() RETURNING id`,
  );
  const changed = ended + (started.rowCount ?? 0);
  if (changed > 0) publishAfterCommit(ctx, [packetsChangedEvent()]);
  return { ended, started: started.rowCount ?? 0 };
}

export function startRedPacketLifecycle(ctx: ServerContext, log: { error: (obj: object, msg: string) => void }): Loop {
  return ctx.singletons.loop('red-packets.lifecycle', () => runRedPacketLifecycleOnce(ctx), ctx.config.promotions.redPacketJobIntervalMs, log).start();
}
