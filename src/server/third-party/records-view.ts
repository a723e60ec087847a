// `/account/transaction/third-party` (spec §3.5 third-party transaction types), one line per event
// from the provider wallet's point of view: TITP (转入, a transfer in that succeeded, +), TOTP (转出, a
// transfer out that succeeded, −), BET (a record's stake, −), WIN (a settled record's payout, +) and
// CO (a cancelled record's stake returned, +). Spec §9 window: the last 30 Beijing days.
import type pg from 'pg';
import { statementRangeProblem, statementWindow } from '../../shared/api/wallet.ts';
import type { ThirdPartyRecordQuerySchema } from '../../shared/api/third-party.ts';
import { beijingMidnight, parseDay } from '../../shared/draws/schedule/beijing-time.ts';
import type { z } from 'zod';
import { errors } from '../http/errors.ts';
import { cachedGameName } from '../providers/games.ts';

export const RECORDS_PAGE_SIZE = 20;

type Query = z.output<typeof ThirdPartyRecordQuerySchema>;

const LINES = `
  SELECT 't' || id AS id, provider, CASE direction WHEN 'IN' THEN 'TITP' ELSE 'TOTP' END AS type,
         CASE direction WHEN 'IN' THEN amount ELSE -amount END AS amount, NULL::text AS game_id, resolved_at AS at
    FROM provider_transfers WHERE customer_id = $1 AND status = 'SUCCESS'
  UNION ALL
  SELECT 'b' || provider || ':' || record_id, provider, 'BET', -stake, game_id, placed_at
    FROM provider_bet_records WHERE customer_id = $1
  UNION ALL
  SELECT 'w' || provider || ':' || record_id, provider, 'WIN', payout, game_id, coalesce(settled_at, updated_at)
    FROM provider_bet_records WHERE customer_id = $1 AND status = 'SETTLED' AND payout > 0
  UNION ALL
  SELECT 'c' || provider || ':' || record_id, provider, 'CO', stake, game_id, coalesce(settled_at, updated_at)
    FROM provider_bet_records WHERE customer_id = $1 AND status = 'CANCELLED' AND stake > 0`;

export async function listThirdPartyRecords(db: pg.Pool, customerId: number, query: Query, now = Date.now()) {
  const problem = statementRangeProblem(query, now);
  if (problem) throw errors.validation(problem.message, { [problem.field]: problem.message });
  const window = statementWindow(now);
  const from = new Date(beijingMidnight(parseDay(query.from ?? window.earliest)));
  const to = new Date(beijingMidnight(parseDay(query.to ?? window.today) + 1));
  const where = 'at >= $2 AND at < $3 AND ($4::text IS NULL OR provider = $4) AND ($5::text IS NULL OR type = $5)';
  const values = [customerId, from, to, query.provider ?? null, query.type ?? null];
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${LINES}) l WHERE ${where}`, values);
  const total = count.rows[0]!.total;
  const rows = await db.query<{ id: string; provider: string; type: string; amount: number; game_id: string | null; at: Date }>(
    `SELECT * FROM (${LINES}) l WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${RECORDS_PAGE_SIZE} OFFSET $6`,
    [...values, (query.page - 1) * RECORDS_PAGE_SIZE],
  );
  const items = await Promise.all(
    rows.rows.map(async (row) => ({
      id: row.id,
      provider: row.provider as never,
      type: row.type as never,
      amount: row.amount,
      gameName: row.game_id === null ? null : ((await cachedGameName(row.provider, row.game_id)) ?? row.game_id),
      createdAt: row.at.toISOString(),
    })),
  );
  return { items, page: query.page, totalPages: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)) };
}
