// Demo data for red-packets (issue 22): one active random red packet (¥888 in 88 packets of ¥1–¥30).
// Idempotent: runs at every `npm start` with SEED_DEMO; a new one is made only when the last demo
// packet has ended. Only accounts registered before it starts may claim it — the demo accounts — so
// the accounts each browser test makes for itself never see a float they did not ask for.
import type pg from 'pg';
import { yuan } from '../../shared/money.ts';
import { createPacket } from '../red-packets/store.ts';
import { withTransaction } from './pool.ts';

export const DEMO_RED_PACKET_CREATOR = 'seed';

export async function seedDemoRedPackets(pool: pg.Pool): Promise<void> {
  const open = await pool.query(
    `SELECT 1 FROM red_packets WHERE created_by = $1 AND status <> 'ENDED' AND ends_at > now() LIMIT 1`,
    [DEMO_RED_PACKET_CREATOR],
  );
  if (open.rowCount) return;
  const now = Date.now();
  await withTransaction(pool, (client) =>
    createPacket(
      client,
      {
        title: '金利迎新红包',
        description: '登录即可领取，每人限领一次。\n金额随机（¥1–¥30），拆分可验证公平。',
        budget: yuan(888),
        count: 88,
        rule: 'RANDOM',
        min: yuan(1),
        max: yuan(30),
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 30 * 86_400_000).toISOString(),
        conditions: { vipLevels: [], minDepositToday: 0, registeredBeforeStart: true },
        stakeMultipleBp: 10_000,
      },
      DEMO_RED_PACKET_CREATOR,
    ),
  );
}
