// Per-provider reconciliation: what our books say each player holds at the provider against what the
// provider says now. Our side per player: successful transfers in − out, minus outs still held (TIU:
// the provider may already have paid them out), plus settled payouts − stakes, minus open stakes, of
// the records stored by the last pull (the records job; a GET writes nothing, so the page shows when
// that pull ran and whether it failed). The ledger account
// external:provider:<CODE> must equal transfers in − out − held outs exactly.
import type pg from 'pg';
import type { Reconciliation } from '../../../shared/backoffice/providers.ts';
import type { ThirdPartyProvider } from '../../../shared/enums.ts';
import type { ProvidersConfig } from '../../config.ts';
import { providerPlayerRef } from '../../providers/adapter.ts';
import { adapterFor } from '../../providers/registry.ts';
import { providerAccount } from '../../providers/transfer-ledger.ts';

const MAX_PLAYERS_ASKED = 200;

export async function reconcileProvider(pool: pg.Pool, config: ProvidersConfig, provider: ThirdPartyProvider): Promise<Reconciliation> {
  const pulled = await pool.query<{ pulled_at: Date | null; last_error: string | null }>(
    'SELECT pulled_at, last_error FROM provider_record_cursors WHERE provider = $1',
    [provider],
  );
  const account = await pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE code = $1', [providerAccount(provider)]);
  const players = await pool.query<{ customer_id: number; username: string; moved: number; held_out: number; records_net: number }>(
    `WITH t AS (
       SELECT customer_id,
              coalesce(sum(CASE WHEN status = 'SUCCESS' THEN CASE direction WHEN 'IN' THEN amount ELSE -amount END END), 0) AS moved,
              coalesce(sum(CASE WHEN status IN ('PENDING', 'IN_DOUBT') AND direction = 'OUT' THEN amount END), 0) AS held_out
         FROM provider_transfers WHERE provider = $1 GROUP BY customer_id),
     r AS (
       SELECT customer_id, coalesce(sum(CASE status WHEN 'SETTLED' THEN payout - stake WHEN 'OPEN' THEN -stake ELSE 0 END), 0) AS records_net
         FROM provider_bet_records WHERE provider = $1 AND customer_id IS NOT NULL GROUP BY customer_id)
     SELECT c.id AS customer_id, c.username, coalesce(t.moved, 0)::bigint AS moved, coalesce(t.held_out, 0)::bigint AS held_out,
            coalesce(r.records_net, 0)::bigint AS records_net
       FROM customers c
       LEFT JOIN t ON t.customer_id = c.id LEFT JOIN r ON r.customer_id = c.id
      WHERE c.id IN (SELECT customer_id FROM provider_wallets WHERE provider = $1) OR t.customer_id IS NOT NULL OR r.customer_id IS NOT NULL
      ORDER BY c.id`,
    [provider],
  );
  const totals = await pool.query<{ transfers_in: number; transfers_out: number; open: number }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE status = 'SUCCESS' AND direction = 'IN'), 0)::bigint AS transfers_in,
            coalesce(sum(amount) FILTER (WHERE status = 'SUCCESS' AND direction = 'OUT'), 0)::bigint AS transfers_out,
            count(*) FILTER (WHERE status IN ('PENDING', 'IN_DOUBT'))::int AS open
       FROM provider_transfers WHERE provider = $1`,
    [provider],
  );
  const records = await pool.query<{ count: number; stake: number; valid_stake: number; payout: number; open: number }>(
    `SELECT count(*)::int AS count, coalesce(sum(stake) FILTER (WHERE status = 'SETTLED'), 0)::bigint AS stake,
            coalesce(sum(valid_stake) FILTER (WHERE status = 'SETTLED'), 0)::bigint AS valid_stake,
            coalesce(sum(payout) FILTER (WHERE status = 'SETTLED'), 0)::bigint AS payout, count(*) FILTER (WHERE status = 'OPEN')::int AS open
       FROM provider_bet_records WHERE provider = $1`,
    [provider],
  );
  const adapter = await adapterFor(pool, config, provider);
  const asked = players.rows.slice(0, MAX_PLAYERS_ASKED);
  const answers = await Promise.all(
    asked.map(async (p) => {
      try {
        return await adapter.balance(providerPlayerRef(p.customer_id));
      } catch {
        return null;
      }
    }),
  );
  const rows = asked.map((p, i) => {
    const expected = p.moved - p.held_out + p.records_net;
    const providerBalance = answers[i] ?? null;
    return { customerId: p.customer_id, username: p.username, expected, providerBalance, difference: providerBalance === null ? null : providerBalance - expected };
  });
  const ledgerAccount = account.rows[0]?.balance ?? 0;
  const expectedTotal = players.rows.reduce((sum, p) => sum + p.moved - p.held_out + p.records_net, 0);
  const providerTotal = answers.some((a) => a === null) || players.rows.length > MAX_PLAYERS_ASKED ? null : answers.reduce<number>((s, a) => s + (a ?? 0), 0);
  const t = totals.rows[0]!;
  const heldOut = players.rows.reduce((sum, p) => sum + p.held_out, 0);
  const ledgerMatches = ledgerAccount === t.transfers_in - t.transfers_out - heldOut;
  return {
    provider,
    checkedAt: new Date().toISOString(),
    ledgerAccount,
    transfersIn: t.transfers_in,
    transfersOut: t.transfers_out,
    openTransfers: t.open,
    records: { ...records.rows[0]!, validStake: records.rows[0]!.valid_stake },
    expectedTotal,
    providerTotal,
    players: rows,
    playersNotChecked: players.rows.length - asked.length,
    recordsPull: { pulledAt: pulled.rows[0]?.pulled_at?.toISOString() ?? null, error: pulled.rows[0]?.last_error ?? null },
    ok: ledgerMatches && rows.every((r) => r.difference === 0) && players.rows.length <= MAX_PLAYERS_ASKED,
  };
}
