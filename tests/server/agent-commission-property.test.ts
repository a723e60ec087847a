// Property tests of the level-difference commission (issue 19 acceptance): for random trees (depth ≤ 5),
// prize groups (never above the parent's), bets in every prize-group category and board bets, the
// commission paid on a member's bets plus the member's own rebate never exceeds what the prize-group
// difference allows — (G_top − G_bet) / 2000 of the stake — every settled bet is commissioned exactly
// once even when runs overlap or one dies half-way, and the ledger stays balanced.
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommissionBatch } from '../../src/server/agents/commission/batch.ts';
import { REBATE_CATEGORIES } from '../../src/shared/api/agent-commission.ts';
import { rebate } from '../../src/shared/lottery/index.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

let server: TestServer;
let pool: pg.Pool;
let treeNo = 0;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  await runCommissionBatch(pool, { settleLagMs: 0 });
});
afterAll(async () => {
  await server?.close();
});

interface NodeSpec {
  /** Index of the parent in the list (the root has none). */
  parent: number | null;
  /** Points below the parent's group, in steps of 2. */
  drop: number;
}

interface BetSpec {
  member: number;
  stake: number;
  /** null: a board or fixed-prize bet (no prize group, no rebate). */
  category: number | null;
  /** How far below the highest group the member may bet at, in steps of 2. */
  below: number;
}

const treeArb = fc
  .array(fc.record({ parentPick: fc.nat(), drop: fc.integer({ min: 0, max: 20 }) }), { minLength: 1, maxLength: 14 })
  .map((raw) => {
    const depth: number[] = [0];
    const nodes: NodeSpec[] = [{ parent: null, drop: 0 }];
    for (const r of raw) {
      const candidates = nodes.map((_, i) => i).filter((i) => depth[i]! < 4);
      const parent = candidates[r.parentPick % candidates.length]!;
      nodes.push({ parent, drop: r.drop * 2 });
      depth.push(depth[parent]! + 1);
    }
    return nodes;
  });

const scenarioArb = treeArb.chain((nodes) =>
  fc.record({
    nodes: fc.constant(nodes),
    rootGroup: fc.integer({ min: 900, max: 980 }).map((g) => g * 2),
    bets: fc.array(
      fc.record({
        member: fc.integer({ min: 1, max: Math.max(1, nodes.length - 1) }),
        stake: fc.integer({ min: 1, max: 5_000_000 }),
        category: fc.option(fc.integer({ min: 0, max: REBATE_CATEGORIES.length - 1 }), { nil: null }),
        below: fc.integer({ min: 0, max: 60 }),
      }),
      { minLength: 1, maxLength: 40 },
    ),
    /** How the batch runs: once, several at once, or dying after the first chunk then run again. */
    mode: fc.constantFrom('once', 'overlap', 'crash'),
    /** Lower a member's team's groups after they bet (the chain must not pay more for it). */
    lowerAfter: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
  }),
);

async function createTree(nodes: NodeSpec[], rootGroup: number): Promise<{ ids: number[]; groups: number[] }> {
  treeNo += 1;
  const ids: number[] = [];
  const groups: number[] = [];
  for (const [i, node] of nodes.entries()) {
    const group = node.parent === null ? rootGroup : Math.max(1700, groups[node.parent]! - node.drop);
    const hasChildren = nodes.some((n) => n.parent === i);
    const type = node.parent === null ? 'PRIMARY_AGENT' : hasChildren ? 'AGENT' : 'PLAYER';
    const username = `prop${treeNo}n${i}`;
    const row = await pool.query<{ id: number }>(
      `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group) VALUES ($1, $1, 'x', $1, $2, $3, $4) RETURNING id`,
      [username, type, node.parent === null ? null : ids[node.parent], group],
    );
    ids.push(row.rows[0]!.id);
    groups.push(group);
  }
  return { ids, groups };
}

describe('level-difference commission, randomly', () => {
  it('never pays more than the prize-group difference allows, and pays every bet exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { ids, groups } = await createTree(scenario.nodes, scenario.rootGroup);
        // Allowance and rebate per member, in 1/2000 of 0.0001 元 (exact).
        const allowance = new Map<number, bigint>();
        const rebates = new Map<number, number>();
        const orderIds: number[] = [];
        for (const [n, bet] of scenario.bets.entries()) {
          const member = Math.min(bet.member, ids.length - 1);
          const memberId = ids[member]!;
          const userGroup = groups[member]!;
          let betGroup = userGroup;
          let ownRebate = 0;
          if (bet.category !== null) {
            const cat = REBATE_CATEGORIES[bet.category]!;
            const top = Math.min(userGroup, cat.max);
            betGroup = Math.max(cat.min, top - bet.below * 2);
            ownRebate = betGroup <= userGroup ? rebate(bet.stake, userGroup, betGroup) : 0;
          }
          allowance.set(memberId, (allowance.get(memberId) ?? 0n) + BigInt(bet.stake) * BigInt(scenario.rootGroup - betGroup));
          rebates.set(memberId, (rebates.get(memberId) ?? 0) + ownRebate);
          const inserted = await pool.query<{ id: number }>(
            `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, rebate, prize_group, settled_at)
             VALUES ($1, $2, 'UUFFC', $3, '1', $4, 1, $5, $6, $7, now() - interval '1 minute') RETURNING id`,
            [memberId, `prop-${treeNo}-${n}`, bet.category === null ? 'BOARD' : 'REGULAR', n % 2 ? 'WON' : 'LOST', bet.stake, ownRebate, userGroup],
          );
          orderIds.push(inserted.rows[0]!.id);
        }
        if (scenario.lowerAfter !== null) {
          // The node and its whole subtree drop to the lowest group, deepest first (a group never goes
          // below a member's): its uplines' chains must not pay more for bets placed before.
          const node = Math.min(scenario.lowerAfter, ids.length - 1);
          const subtree = await pool.query<{ descendant_id: number; depth: number }>(
            'SELECT descendant_id, depth FROM customer_tree WHERE ancestor_id = $1 ORDER BY depth DESC',
            [ids[node]],
          );
          for (const row of subtree.rows) await pool.query('UPDATE customers SET prize_group = 1700 WHERE id = $1', [row.descendant_id]);
        }
        if (scenario.mode === 'once') await runCommissionBatch(pool, { settleLagMs: 0 });
        else if (scenario.mode === 'overlap') await Promise.all([1, 2, 3].map(() => runCommissionBatch(pool, { settleLagMs: 0, chunkSize: 7 })));
        else {
          await runCommissionBatch(pool, { settleLagMs: 0, chunkSize: 5, afterChunk: () => Promise.reject(new Error('crash')) }).catch(() => {});
          await Promise.all([runCommissionBatch(pool, { settleLagMs: 0 }), runCommissionBatch(pool, { settleLagMs: 0 })]);
        }

        // Exactly once: every order claimed by one completed run, and counted once per upline.
        const claimed = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders o JOIN agent_commission_runs r ON r.id = o.commission_run_id
            WHERE o.id = ANY($1::bigint[]) AND r.status = 'COMPLETED'`,
          [orderIds],
        );
        expect(claimed.rows[0]!.n).toBe(orderIds.length);
        const lines = await pool.query<{ member_id: number; orders: number; commission: string }>(
          `SELECT member_id, sum(orders)::int AS orders, sum(commission)::text AS commission FROM agent_commission_lines
            WHERE member_id = ANY($1::bigint[]) GROUP BY member_id`,
          [ids],
        );
        const depthOf = (i: number): number => (scenario.nodes[i]!.parent === null ? 0 : 1 + depthOf(scenario.nodes[i]!.parent!));
        for (const row of lines.rows) {
          const member = ids.indexOf(Number(row.member_id));
          const betsOfMember = scenario.bets.filter((b) => Math.min(b.member, ids.length - 1) === member).length;
          expect(row.orders).toBe(betsOfMember * depthOf(member));
          // Commission on the member's bets + the member's own rebate ≤ allowance / 2000.
          const paid = BigInt(row.commission) + BigInt(rebates.get(Number(row.member_id)) ?? 0);
          expect(paid * 2000n <= allowance.get(Number(row.member_id))!).toBe(true);
        }
        // What the agents received equals the lines.
        const received = await pool.query<{ s: string }>(
          `SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
             JOIN ledger_accounts a ON a.id = e.account_id WHERE t.type = 'COMM' AND a.customer_id = ANY($1::bigint[])`,
          [ids],
        );
        const owed = await pool.query<{ s: string }>(`SELECT coalesce(sum(commission), 0)::text AS s FROM agent_commission_lines WHERE agent_id = ANY($1::bigint[])`, [ids]);
        expect(received.rows[0]!.s).toBe(owed.rows[0]!.s);
        const balance = await pool.query<{ s: string }>('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_entries');
        expect(balance.rows[0]!.s).toBe('0');
      }),
      { numRuns: 40, seed: 190_606 },
    );
  });
});
