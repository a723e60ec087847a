// The 日工资 / 分红 period job over time (docs/agents/commission.md): a period missed while the job was
// down is computed by a later run, and a period is computed only once the settlement lag has passed,
// so a settlement stamped inside it and committed just after its end still counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runBonusJob } from '../../src/server/agents/commission/bonus.ts';
import { setContract } from '../../src/server/agents/commission/contracts.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { SETTLEMENT_LAG_MS } from '../../src/server/wallet/required-stake.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { beijing } from '../support/clock.ts';

let server: TestServer;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
});
afterAll(async () => {
  await server?.close();
});

async function idOf(username: string): Promise<number> {
  return (await pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [username])).rows[0]!.id;
}

let orderCounter = 0;
/** A settled losing order of `stake` settled at `settledAt`. */
async function settledOrder(customerId: number, stake: number, settledAt: number): Promise<void> {
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
     VALUES ($1, $2, 'UUFFC', 'REGULAR', '1', 'LOST', 1, $3, 1950, to_timestamp($4 / 1000.0))`,
    [customerId, `bonus-periods-${process.pid}-${orderCounter++}`, stake, settledAt],
  );
}

describe('agent bonus job (日工资 / 分红 periods)', () => {
  let primary: number;
  const DAY = 86_400_000;

  beforeAll(async () => {
    primary = await idOf('demo_primary');
    // 1 % of the team's volume, every day.
    await withTransaction(pool, (client) =>
      setContract(client, { kind: 'operator', username: 'tester' }, primary, 'DW', { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 100 }] }),
    );
    await pool.query(`UPDATE agent_bonus_contract_versions SET valid_from = '2026-01-01T00:00:00+08:00'`);
    await pool.query(`UPDATE agent_bonus_contracts SET created_at = '2026-01-01T00:00:00+08:00'`);
  });

  it('computes a day whose bonus run was missed (job down for the whole next day) on a later run', async () => {
    // Volume on 2026-03-10 (Beijing). The job, every 5 minutes, is down (or failing) from
    // 2026-03-11 00:00 to 2026-03-12 00:30; its next runs only ever compute "the last ended day".
    await settledOrder(primary, 1_000_000, beijing('2026-03-10 12:00:00'));
    await runBonusJob(pool, beijing('2026-03-12 00:30:00'));
    await runBonusJob(pool, beijing('2026-03-13 00:30:00'));
    const found = await pool.query(`SELECT amount FROM agent_bonus_results WHERE customer_id = $1 AND kind = 'DW' AND period_start = '2026-03-10'`, [primary]);
    // The 1 % of 100 元 the contract promises for 2026-03-10 is computed by the later run.
    expect(found.rows.map((r) => Number(r.amount))).toEqual([10_000]);
  });

  it('counts a bet settled inside the period whose settlement committed just after the period was computed', async () => {
    // Settlement stamps settled_at when its transaction starts: a batch that starts at 23:59:59 and
    // commits a few seconds after midnight is invisible to a bonus run at 00:00:02.
    const day = '2026-04-20';
    const midnight = beijing('2026-04-21 00:00:00');
    await settledOrder(primary, 1_000_000, midnight - DAY / 2);
    await runBonusJob(pool, midnight + 2_000);
    await settledOrder(primary, 1_000_000, midnight - 1_000); // committed at 00:00:05
    await runBonusJob(pool, midnight + SETTLEMENT_LAG_MS + 60_000); // a pass once the settlement lag has passed
    const found = await pool.query(`SELECT team_volume, amount FROM agent_bonus_results WHERE customer_id = $1 AND kind = 'DW' AND period_start = $2`, [
      primary,
      day,
    ]);
    expect(found.rows.map((r) => [Number(r.team_volume), Number(r.amount)])).toEqual([[2_000_000, 20_000]]);
  });
});
