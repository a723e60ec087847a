// Closing a week: once its end has been counted (the cursor passed Monday 00:00 Shanghai), the week's
// top places are recorded and the operator's prizes paid as REW transfers (key
// weekly-ranking:<week>:<rank>), each adding its required stake. The weekly_ranking_weeks row is inserted first, in the same
// transaction: a second run at once waits for it and then finds the week closed.
import type pg from 'pg';
import { withTransaction } from '../db/pool.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../wallet/ledger.ts';
import { addRequiredStake, lockRequiredStake, requirementFor } from '../wallet/required-stake.ts';
import type { VipEvent } from '../vip/events.ts';
import { addDays } from '../vip/periods.ts';
import { rankingPrizes, weekTop } from './ranking.ts';

export const RANKING_PRIZE_ACCOUNT = 'house:weekly-ranking';
/** A prize is house money like any bonus: it must be staked once (1×, the VIP bonus's default) before it can be withdrawn. */
export const RANKING_PRIZE_STAKE_MULTIPLE_BP = 10_000;

/** Weeks fully counted and not yet closed, oldest first. */
async function weeksToClose(pool: pg.Pool): Promise<string[]> {
  const found = await pool.query<{ week: string }>(
    `SELECT DISTINCT to_char(t.week, 'YYYY-MM-DD') AS week FROM weekly_ranking_totals t, weekly_ranking_cursor k
      WHERE ((t.week + 7)::timestamp AT TIME ZONE 'Asia/Shanghai') <= k.counted_until
        AND t.week >= coalesce((SELECT max(week) FROM weekly_ranking_weeks), '-infinity'::date)
        AND NOT EXISTS (SELECT 1 FROM weekly_ranking_weeks w WHERE w.week = t.week)
      ORDER BY week`,
  );
  return found.rows.map((r) => r.week);
}

export async function closeWeek(pool: pg.Pool, week: string): Promise<VipEvent[]> {
  return withTransaction(pool, async (client) => {
    const claimed = await client.query('INSERT INTO weekly_ranking_weeks (week) VALUES ($1) ON CONFLICT (week) DO NOTHING RETURNING week', [week]);
    if (claimed.rowCount === 0) return [];
    const prizes = await rankingPrizes(client);
    const top = await weekTop(client, week);
    const events: VipEvent[] = [];
    const house = top.some((row) => prizes.has(row.rank)) ? await systemAccountId(client, RANKING_PRIZE_ACCOUNT, 'HOUSE') : 0;
    for (const row of top) {
      const amount = prizes.get(row.rank) ?? 0;
      let transferId: number | null = null;
      if (amount > 0) {
        // The required-stake row before the ledger, the order of every other writer.
        await lockRequiredStake(client, row.customerId);
        const wallet = await playerAccountId(client, row.customerId);
        const key = `weekly-ranking:${week}:${row.rank}`;
        const transfer = await postTransfer(client, {
          idempotencyKey: key,
          type: 'REW',
          reference: key,
          memo: `周排行榜第 ${row.rank} 名`,
          legs: [
            { accountId: house, amount: -amount },
            { accountId: wallet, amount },
          ],
        });
        transferId = transfer.transferId;
        await addRequiredStake(client, row.customerId, requirementFor(amount, RANKING_PRIZE_STAKE_MULTIPLE_BP), 'BONUS', key);
        const balance = transfer.balances.get(wallet);
        if (balance !== undefined) events.push({ customerId: row.customerId, type: 'balance', payload: { balance } });
        events.push({
          customerId: row.customerId,
          type: 'textPopup',
          payload: { title: '周排行榜奖金', content: `恭喜您在 ${week} 至 ${addDays(week, 6)} 周排行榜中获得第 ${row.rank} 名，奖金已到账。` },
        });
      }
      await client.query(
        'INSERT INTO weekly_ranking_payouts (week, rank, customer_id, net_win, amount, transfer_id) VALUES ($1, $2, $3, $4, $5, $6)',
        [week, row.rank, row.customerId, row.netWin, amount, transferId],
      );
    }
    return events;
  });
}

/** One pass of the ranking job: count, then close every week that has ended. */
export async function closeEndedWeeks(pool: pg.Pool): Promise<VipEvent[]> {
  const events: VipEvent[] = [];
  for (const week of await weeksToClose(pool)) events.push(...(await closeWeek(pool, week)));
  return events;
}
