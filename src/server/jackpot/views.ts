// What players see of the pool and its rounds: a round's seed, list and winner only once decided.
import type { Queryable } from '../db/pool.ts';
import type { JackpotRound, JackpotRoundDetail, JackpotSummary } from '../../shared/api/jackpot.ts';
import { jackpotPoolBalance } from './pool-account.ts';

export interface RoundRow {
  id: string;
  kind: 'LUCKY' | 'SUPER';
  status: 'OPEN' | 'DRAWN' | 'CLOSED';
  window_start: Date;
  window_end: Date;
  seed: string;
  commitment: string;
  min_stake: string | null;
  entries: { orderId: number; stake: number; player: string }[] | null;
  list_hash: string | null;
  winner_index: number | null;
  winner_order_id: string | null;
  winner_customer_id: string | null;
  winner_masked: string | null;
  prize: string;
  close_reason: string | null;
  drawn_at: Date | null;
}

export function roundView(row: RoundRow): JackpotRound {
  const decided = row.status !== 'OPEN';
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    windowStart: row.window_start.toISOString(),
    windowEnd: row.window_end.toISOString(),
    commitment: row.commitment,
    seed: decided ? row.seed : null,
    listHash: decided ? row.list_hash : null,
    entryCount: decided && row.entries ? row.entries.length : null,
    winner: row.winner_masked,
    winnerOrderId: row.winner_order_id === null ? null : Number(row.winner_order_id),
    prize: Number(row.prize),
    closeReason: row.close_reason,
    drawnAt: row.drawn_at?.toISOString() ?? null,
  };
}

export function roundDetailView(row: RoundRow): JackpotRoundDetail {
  const decided = row.status !== 'OPEN';
  return {
    ...roundView(row),
    minStake: row.min_stake === null ? null : Number(row.min_stake),
    entries: decided ? row.entries : null,
    winnerIndex: decided ? row.winner_index : null,
  };
}

export async function jackpotSummary(db: Queryable, now: number, showDevelopmentWidgets: boolean): Promise<JackpotSummary> {
  const [totalPrize, upcoming, recent] = await Promise.all([
    jackpotPoolBalance(db),
    db.query<RoundRow>(
      `SELECT * FROM jackpot_rounds WHERE status = 'OPEN' AND window_end > to_timestamp($1 / 1000.0) ORDER BY window_start, kind LIMIT 4`,
      [now],
    ),
    db.query<RoundRow>(`SELECT * FROM jackpot_rounds WHERE status = 'DRAWN' ORDER BY drawn_at DESC, id DESC LIMIT 10`),
  ]);
  return {
    totalPrize,
    upcoming: upcoming.rows.map(roundView),
    recentWinners: recent.rows.map(roundView),
    showDevelopmentWidgets,
  };
}

export async function roundDetail(db: Queryable, id: number): Promise<JackpotRoundDetail | null> {
  const { rows } = await db.query<RoundRow>('SELECT * FROM jackpot_rounds WHERE id = $1', [id]);
  return rows[0] ? roundDetailView(rows[0]) : null;
}
