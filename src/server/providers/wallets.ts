// The player's provider wallets as last confirmed by each provider (`provider_wallets`): the balance,
// when the provider last told it, and whether the last attempt to ask failed (STALE). A wallet with
// a transfer being resolved is IN_DOUBT: its balance is not known until the provider answers.
import type { ProviderWallet } from '../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';
import { providerPlayerRef, type ProviderAdapter } from './adapter.ts';
import { allProviderSettings, isOffered } from './registry.ts';

export async function rememberBalance(db: Queryable, customerId: number, provider: string, balance: Money): Promise<void> {
  await db.query(
    `INSERT INTO provider_wallets (customer_id, provider, balance, confirmed_at, stale, player_created) VALUES ($1, $2, $3, now(), false, true)
     ON CONFLICT (customer_id, provider) DO UPDATE SET balance = EXCLUDED.balance, confirmed_at = now(), stale = false, player_created = true`,
    [customerId, provider, balance],
  );
}

export async function markStale(db: Queryable, customerId: number, provider: string): Promise<void> {
  await db.query(
    `INSERT INTO provider_wallets (customer_id, provider, stale) VALUES ($1, $2, true)
     ON CONFLICT (customer_id, provider) DO UPDATE SET stale = true`,
    [customerId, provider],
  );
}

/** Creates the player at the provider once (the call is harmless to repeat; the flag saves a round trip). */
export async function ensurePlayerAt(db: Queryable, adapter: ProviderAdapter, customerId: number): Promise<void> {
  const found = await db.query<{ player_created: boolean }>(
    'SELECT player_created FROM provider_wallets WHERE customer_id = $1 AND provider = $2',
    [customerId, adapter.provider],
  );
  if (found.rows[0]?.player_created) return;
  await adapter.ensurePlayer(providerPlayerRef(customerId));
  await db.query(
    `INSERT INTO provider_wallets (customer_id, provider, player_created) VALUES ($1, $2, true)
     ON CONFLICT (customer_id, provider) DO UPDATE SET player_created = true`,
    [customerId, adapter.provider],
  );
}

interface WalletRow {
  provider: ThirdPartyProvider;
  balance: Money | null;
  confirmed_at: Date | null;
  stale: boolean | null;
  open_transfers: number;
}

/**
 * The wallets of every offered provider, plus any other provider the player still has money at.
 * `usedOnly`: only providers the player has been created at (the total balance lists those).
 */
export async function listWallets(db: Queryable, customerId: number, options: { usedOnly?: boolean } = {}): Promise<ProviderWallet[]> {
  const offered = new Set((await allProviderSettings(db)).filter(isOffered).map((s) => s.provider));
  const rows = await db.query<WalletRow>(
    `SELECT p.code AS provider, w.balance, w.confirmed_at, w.stale,
            (SELECT count(*)::int FROM provider_transfers t
              WHERE t.customer_id = $1 AND t.provider = p.code AND t.status IN ('PENDING', 'IN_DOUBT')) AS open_transfers
       FROM third_party_providers p
       LEFT JOIN provider_wallets w ON w.provider = p.code AND w.customer_id = $1
      ORDER BY p.code`,
    [customerId],
  );
  return rows.rows
    .filter((row) => (options.usedOnly ? row.balance !== null : offered.has(row.provider)) || (row.balance ?? 0) > 0 || row.open_transfers > 0)
    .map((row) => ({
      provider: row.provider,
      balance: row.balance ?? 0,
      updatedAt: row.confirmed_at?.toISOString() ?? null,
      state: row.open_transfers > 0 ? 'IN_DOUBT' : row.stale ? 'STALE' : 'OK',
    }));
}

/**
 * Asks the provider for the balance now. A failure is not an error for the player: the wallet keeps
 * its last confirmed balance and is marked STALE (the answer says so).
 */
export async function refreshWallet(db: Queryable, adapter: ProviderAdapter, customerId: number): Promise<{ ok: boolean }> {
  try {
    await ensurePlayerAt(db, adapter, customerId);
    const balance = await adapter.balance(providerPlayerRef(customerId));
    await rememberBalance(db, customerId, adapter.provider, balance);
    return { ok: true };
  } catch {
    await markStale(db, customerId, adapter.provider);
    return { ok: false };
  }
}

export async function walletOf(db: Queryable, customerId: number, provider: ThirdPartyProvider): Promise<ProviderWallet> {
  const wallets = await listWallets(db, customerId);
  return wallets.find((w) => w.provider === provider) ?? { provider, balance: 0, updatedAt: null, state: 'OK' };
}

