// Bet records pulled from each provider (issue 20 item 5; docs/providers/server.md). A pass asks the
// provider for the records after our saved cursor, then stores the page and the new cursor in one
// transaction, so a crash between the two never loses or skips a page. Records are keyed by
// (provider, record id): one sent twice changes nothing; an update replaces the stored values, except
// that a record never goes back from a final state (SETTLED, CANCELLED) to OPEN — an older copy
// arriving after a newer one (out of order) is ignored. `settled_seen_at` is when we first saw the
// record SETTLED: required stake counts valid stake from that moment (required-stake.ts).
import type pg from 'pg';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import type { ProvidersConfig } from '../config.ts';
import { withTransaction } from '../db/pool.ts';
import type { ProviderBetRecord } from './adapter.ts';
import { adapterFor, allProviderSettings } from './registry.ts';

export const RECORDS_PAGE = 200;
/** Pages per provider per pass: a long backlog is taken over several passes. */
const MAX_PAGES_PER_PASS = 20;

async function storePage(client: pg.PoolClient, provider: ThirdPartyProvider, records: readonly ProviderBetRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  const stored = await client.query(
    `INSERT INTO provider_bet_records AS r
            (provider, record_id, player_ref, customer_id, catalogue, game_id, stake, payout, valid_stake, status, placed_at, settled_at, settled_seen_at)
     SELECT $1, d.record_id, d.player_ref,
            (SELECT c.id FROM customers c WHERE c.id = substring(d.player_ref FROM '^jl([0-9]{1,15})$')::bigint),
            d.catalogue, d.game_id, d.stake, d.payout, d.valid_stake, d.status, d.placed_at, d.settled_at,
            CASE WHEN d.status = 'SETTLED' THEN now() END
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[], $10::timestamptz[], $11::timestamptz[])
            AS d(record_id, player_ref, catalogue, game_id, stake, payout, valid_stake, status, placed_at, settled_at)
     ON CONFLICT (provider, record_id) DO UPDATE
        SET stake = EXCLUDED.stake, payout = EXCLUDED.payout, valid_stake = EXCLUDED.valid_stake, status = EXCLUDED.status,
            game_id = EXCLUDED.game_id, catalogue = EXCLUDED.catalogue, placed_at = EXCLUDED.placed_at, settled_at = EXCLUDED.settled_at,
            settled_seen_at = coalesce(r.settled_seen_at, EXCLUDED.settled_seen_at),
            updated_at = now(), versions = r.versions + 1
      WHERE (CASE EXCLUDED.status WHEN 'OPEN' THEN 0 ELSE 1 END) >= (CASE r.status WHEN 'OPEN' THEN 0 ELSE 1 END)
        AND (r.stake, r.payout, r.valid_stake, r.status, r.game_id, r.settled_at)
            IS DISTINCT FROM (EXCLUDED.stake, EXCLUDED.payout, EXCLUDED.valid_stake, EXCLUDED.status, EXCLUDED.game_id, EXCLUDED.settled_at)`,
    [
      provider,
      records.map((r) => r.recordId),
      records.map((r) => r.playerRef),
      records.map((r) => r.catalogue),
      records.map((r) => r.gameId),
      records.map((r) => r.stake),
      records.map((r) => r.payout),
      records.map((r) => r.validStake),
      records.map((r) => r.status),
      records.map((r) => r.placedAt),
      records.map((r) => r.settledAt),
    ],
  );
  return stored.rowCount ?? 0;
}

/** The same record twice in one page would make the upsert touch a row twice: the later copy wins. */
function lastCopies(records: readonly ProviderBetRecord[]): ProviderBetRecord[] {
  return [...new Map(records.map((r) => [r.recordId, r])).values()];
}

export interface PullResult {
  provider: ThirdPartyProvider;
  pages: number;
  stored: number;
  error: string | null;
}

/** Pulls one provider's new records. Two pulls at once cannot both store a page: the cursor row is locked and compared. */
/**
 * Pulls one provider's new records. Two pulls at once cannot both store a page: the cursor row is locked and compared.
 * A provider's bad answer (unreadable page, a record the database refuses) never rejects: it is
 * recorded as the cursor's `last_error` and returned as `error`, the cursor staying before that page.
 */
export async function pullRecords(pool: pg.Pool, config: ProvidersConfig, provider: ThirdPartyProvider): Promise<PullResult> {
  const adapter = await adapterFor(pool, config, provider);
  await pool.query('INSERT INTO provider_record_cursors (provider) VALUES ($1) ON CONFLICT (provider) DO NOTHING', [provider]);
  const result: PullResult = { provider, pages: 0, stored: 0, error: null };
  const failed = async (error: unknown) => {
    result.error = describeError(error);
    await pool.query('UPDATE provider_record_cursors SET last_error = $2 WHERE provider = $1', [provider, result.error.slice(0, 500)]);
    return result;
  };
  for (let page = 0; page < MAX_PAGES_PER_PASS; page++) {
    const before = await pool.query<{ cursor: string | null }>('SELECT cursor FROM provider_record_cursors WHERE provider = $1', [provider]);
    const cursor = before.rows[0]?.cursor ?? null;
    let answer;
    try {
      answer = await adapter.betRecords(cursor, RECORDS_PAGE);
    } catch (error) {
      return failed(error);
    }
    let advanced;
    try {
      advanced = await withTransaction(pool, async (client) => {
        const locked = await client.query<{ cursor: string | null }>('SELECT cursor FROM provider_record_cursors WHERE provider = $1 FOR UPDATE', [provider]);
        if ((locked.rows[0]?.cursor ?? null) !== cursor) return { stored: 0, moved: false };
        const stored = await storePage(client, provider, lastCopies(answer.records));
        await client.query('UPDATE provider_record_cursors SET cursor = $2, pulled_at = now(), last_error = NULL WHERE provider = $1', [
          provider,
          answer.nextCursor,
        ]);
        return { stored, moved: true };
      });
    } catch (error) {
      // The page was rolled back whole (nothing stored, cursor unchanged): the next pass asks for it again.
      return failed(new Error(`保存第三方注单失败: ${describeError(error)}`));
    }
    if (!advanced.moved) return result;
    result.stored += advanced.stored;
    result.pages++;
    if (!answer.hasMore || answer.nextCursor === cursor) return result;
  }
  return result;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** One pass of the job over every enabled provider, and every disabled one our players have used (their games may still settle). */
export async function pullAllRecords(pool: pg.Pool, config: ProvidersConfig): Promise<PullResult[]> {
  const used = await pool.query<{ provider: string }>('SELECT DISTINCT provider FROM provider_wallets');
  const usedSet = new Set(used.rows.map((r) => r.provider));
  const providers = (await allProviderSettings(pool)).filter((s) => s.enabled || usedSet.has(s.provider)).map((s) => s.provider);
  // One provider's failure (even an unexpected one) is that provider's result, never the whole pass's.
  return Promise.all(
    providers.map((provider) =>
      pullRecords(pool, config, provider).catch((error: unknown): PullResult => ({ provider, pages: 0, stored: 0, error: describeError(error) })),
    ),
  );
}
