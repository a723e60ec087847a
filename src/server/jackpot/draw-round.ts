// Draws one round, exactly once: the round row is locked and must still be OPEN; the qualifying list
// is fixed (settled orders of the window with stake ≥ the round's minimum, not trial accounts, by order
// id), the winner sampled from the committed seed and the list hash (shared/jackpot/draw.ts), and the
// JP transfer pool → winner (key jackpot-round:<id>) commits together with the move OPEN → DRAWN. A
// second drawer (another process, a retry after a crash) waits for the row and then finds it decided.
import type pg from 'pg';
import { drawJackpotWinner, type JackpotEntry } from '../../shared/jackpot/draw.ts';
import type { JackpotKind } from '../../shared/api/jackpot.ts';
import { withTransaction } from '../db/pool.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import { playerAccountId, postTransfer } from '../wallet/ledger.ts';
import { maskPlayerName } from './mask.ts';
import { jackpotPoolAccountId } from './pool-account.ts';
import { loadJackpotSettings } from './settings.ts';

/** Settlements that began before a window closed may commit a little later: the draw waits this long. */
export const DRAW_GRACE_MS = 30_000;

interface RoundRow {
  id: string;
  kind: JackpotKind;
  status: string;
  window_start: Date;
  window_end: Date;
  seed: string;
  min_stake: string | null;
}

export interface DrawOutcome {
  roundId: number;
  status: 'DRAWN' | 'CLOSED';
  prize: number;
  winnerCustomerId: number | null;
  events: NewLiveEvent[];
}

async function qualifyingEntries(client: pg.PoolClient, round: RoundRow): Promise<(JackpotEntry & { customerId: number })[]> {
  const { rows } = await client.query<{ order_id: string; stake: string; customer_id: string; username: string }>(
    `SELECT c.order_id, o.total_stake AS stake, o.customer_id, cu.username
       FROM jackpot_contributions c JOIN order_outcomes o ON o.id = c.order_id JOIN customers cu ON cu.id = o.customer_id
      WHERE c.created_at >= $1 AND c.created_at < $2 AND o.total_stake >= $3 AND cu.test_mode IS NULL
        AND o.status IN ('WON', 'LOST')
      ORDER BY c.order_id`,
    [round.window_start, round.window_end, Number(round.min_stake ?? 1)],
  );
  return rows.map((r) => ({ orderId: Number(r.order_id), stake: Number(r.stake), player: maskPlayerName(r.username), customerId: Number(r.customer_id) }));
}

async function close(client: pg.PoolClient, round: RoundRow, reason: string, entries: JackpotEntry[] | null, listHash: string | null): Promise<DrawOutcome> {
  await client.query(
    `UPDATE jackpot_rounds SET status = 'CLOSED', close_reason = $2, entries = $3, list_hash = $4, drawn_at = now() WHERE id = $1`,
    [round.id, reason, entries === null ? null : JSON.stringify(entries), listHash],
  );
  return { roundId: Number(round.id), status: 'CLOSED', prize: 0, winnerCustomerId: null, events: [] };
}

/** Draws the round if it is still OPEN; null when someone else already decided it. */
export async function drawRound(pool: pg.Pool, roundId: number): Promise<DrawOutcome | null> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<RoundRow>('SELECT * FROM jackpot_rounds WHERE id = $1 FOR UPDATE', [roundId]);
    const round = found.rows[0];
    if (!round || round.status !== 'OPEN') return null;
    const settings = await loadJackpotSettings(client);
    const listed = await qualifyingEntries(client, round);
    const entries: JackpotEntry[] = listed.map(({ orderId, stake, player }) => ({ orderId, stake, player }));
    const draw = await drawJackpotWinner(round.seed, roundId, entries);
    if (draw.index === null) return close(client, round, '本期无符合条件的投注', entries, draw.listHash);
    const winner = listed[draw.index]!;
    const poolAccount = await jackpotPoolAccountId(client);
    const wallet = await playerAccountId(client, winner.customerId);
    // Both accounts locked in id order (the ledger's order) before the pool is read.
    const locked = await client.query<{ id: string; balance: string }>(
      'SELECT id, balance FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [[poolAccount, wallet]],
    );
    const balance = Number(locked.rows.find((r) => Number(r.id) === poolAccount)!.balance);
    if (round.kind === 'SUPER' && balance < settings.superThreshold) return close(client, round, '奖池未达到超级大奖门槛', entries, draw.listHash);
    const share = round.kind === 'SUPER' ? settings.superShareBp : settings.luckyShareBp;
    let prize = Math.floor((Math.max(balance, 0) * share) / 10_000);
    if (round.kind === 'LUCKY') prize = Math.min(prize, settings.luckyCap);
    if (prize <= 0) return close(client, round, '奖池余额不足', entries, draw.listHash);
    const transfer = await postTransfer(client, {
      idempotencyKey: `jackpot-round:${roundId}`,
      type: 'JP',
      reference: `jackpot-round:${roundId}`,
      memo: round.kind === 'SUPER' ? '超级大奖' : '幸运奖',
      legs: [
        { accountId: poolAccount, amount: -prize },
        { accountId: wallet, amount: prize },
      ],
    });
    await client.query(
      `UPDATE jackpot_rounds SET status = 'DRAWN', entries = $2, list_hash = $3, winner_index = $4, winner_order_id = $5,
              winner_customer_id = $6, winner_masked = $7, prize = $8, transfer_id = $9, drawn_at = now() WHERE id = $1`,
      [roundId, JSON.stringify(entries), draw.listHash, draw.index, winner.orderId, winner.customerId, winner.player, prize, transfer.transferId],
    );
    const type = round.kind === 'SUPER' ? 'super' : 'lucky';
    const events: NewLiveEvent[] = [{ customerId: winner.customerId, type: 'jackpotDistribution', payload: { type, prize } }];
    const newBalance = transfer.balances.get(wallet);
    if (newBalance !== undefined) events.push({ customerId: winner.customerId, type: 'balance', payload: { balance: newBalance } });
    if (round.kind === 'SUPER') events.push({ customerId: null, type: 'superJackpotWon', payload: { winner: winner.player, prize, drawId: roundId } });
    return { roundId, status: 'DRAWN', prize, winnerCustomerId: winner.customerId, events };
  });
}

/** Draws every round whose window closed (plus the grace) by `now`, oldest first. */
export async function drawDueRounds(pool: pg.Pool, now: number): Promise<DrawOutcome[]> {
  const due = await pool.query<{ id: string }>(
    `SELECT id FROM jackpot_rounds WHERE status = 'OPEN' AND window_end <= to_timestamp($1 / 1000.0) ORDER BY window_end, id LIMIT 100`,
    [now - DRAW_GRACE_MS],
  );
  const outcomes: DrawOutcome[] = [];
  for (const row of due.rows) {
    const outcome = await drawRound(pool, Number(row.id));
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
