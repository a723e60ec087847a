// Which adapter speaks for a provider (issue 20 item 1): the operator's configuration lives in
// `third_party_providers` (enabled, adapter kind) and `provider_catalogues` (enabled per catalogue);
// the connection settings in the environment (PROVIDER_* of src/server/config.ts). 'sandbox' is the
// only built-in kind; a real provider's adapter is one more entry of ADAPTER_KINDS (and of the
// column's CHECK), built from its own settings — docs/providers/server.md.
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { THIRD_PARTY_CLOSED_MESSAGE } from '../../shared/api/third-party.ts';
import { INACTIVE_PROVIDERS, THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '../../shared/enums.ts';
import type { ProvidersConfig } from '../config.ts';
import type { Queryable } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import type { ProviderAdapter, ProviderCatalogue } from './adapter.ts';
import { SandboxProviderAdapter } from './sandbox-adapter.ts';

export const ADAPTER_KINDS = {
  sandbox: (provider: ThirdPartyProvider, config: ProvidersConfig): ProviderAdapter =>
    new SandboxProviderAdapter({
      provider,
      baseUrl: config.sandboxUrl,
      merchantId: config.merchantId,
      secret: config.secret,
      timeoutMs: config.timeoutMs,
    }),
} as const;
export type AdapterKind = keyof typeof ADAPTER_KINDS;

export interface ProviderSettings {
  provider: ThirdPartyProvider;
  enabled: boolean;
  adapterKind: AdapterKind;
  /** Catalogues the provider serves (spec §3.5), each enabled or not. */
  catalogues: Partial<Record<ProviderCatalogue, boolean>>;
}

export const isActiveProvider = (code: string): code is ThirdPartyProvider =>
  (THIRD_PARTY_PROVIDERS as readonly string[]).includes(code) && !INACTIVE_PROVIDERS.includes(code as ThirdPartyProvider);

export const providerClosed = () => new AppError(403, ERROR_CODES.FORBIDDEN, THIRD_PARTY_CLOSED_MESSAGE);

const adapters = new WeakMap<ProvidersConfig, Map<string, ProviderAdapter>>();

/** The adapter of `kind` for a provider; one instance per configuration and provider. */
export function adapterOfKind(config: ProvidersConfig, provider: ThirdPartyProvider, kind: AdapterKind = 'sandbox'): ProviderAdapter {
  let byProvider = adapters.get(config);
  if (!byProvider) adapters.set(config, (byProvider = new Map()));
  const key = `${kind}:${provider}`;
  let adapter = byProvider.get(key);
  if (!adapter) byProvider.set(key, (adapter = ADAPTER_KINDS[kind](provider, config)));
  return adapter;
}

/** Every active provider's settings, in code order. */
export async function allProviderSettings(db: Queryable): Promise<ProviderSettings[]> {
  const rows = await db.query<{ code: string; enabled: boolean; adapter_kind: string; catalogues: { catalogue: ProviderCatalogue; enabled: boolean }[] | null }>(
    `SELECT p.code, p.enabled, p.adapter_kind,
            (SELECT json_agg(json_build_object('catalogue', c.catalogue, 'enabled', c.enabled) ORDER BY c.catalogue)
               FROM provider_catalogues c WHERE c.provider = p.code) AS catalogues
       FROM third_party_providers p ORDER BY p.code`,
  );
  return rows.rows
    .filter((row) => isActiveProvider(row.code))
    .map((row) => ({
      provider: row.code as ThirdPartyProvider,
      enabled: row.enabled,
      adapterKind: (row.adapter_kind in ADAPTER_KINDS ? row.adapter_kind : 'sandbox') as AdapterKind,
      catalogues: Object.fromEntries((row.catalogues ?? []).map((c) => [c.catalogue, c.enabled])),
    }));
}

export async function providerSettings(db: Queryable, provider: string): Promise<ProviderSettings | null> {
  if (!isActiveProvider(provider)) return null;
  return (await allProviderSettings(db)).find((s) => s.provider === provider) ?? null;
}

/** A provider is offered when it is enabled with at least one enabled catalogue. */
export const isOffered = (settings: ProviderSettings) => settings.enabled && Object.values(settings.catalogues).some(Boolean);

/**
 * The adapter of a provider the player may use now (and, with `catalogue`, that catalogue of it);
 * otherwise the spec §8 message 「第三方游戏暂时关闭，请稍后再试」.
 */
export async function openAdapter(
  db: Queryable,
  config: ProvidersConfig,
  provider: string,
  catalogue?: ProviderCatalogue,
): Promise<{ adapter: ProviderAdapter; settings: ProviderSettings }> {
  const settings = await providerSettings(db, provider);
  if (!settings || !isOffered(settings)) throw providerClosed();
  if (catalogue !== undefined && settings.catalogues[catalogue] !== true) throw providerClosed();
  return { adapter: adapterOfKind(config, settings.provider, settings.adapterKind), settings };
}

/** The adapter for a provider whatever its switches (resolving, recalling, reconciling need it when disabled too). */
export async function adapterFor(db: Queryable, config: ProvidersConfig, provider: ThirdPartyProvider): Promise<ProviderAdapter> {
  const settings = await providerSettings(db, provider);
  return adapterOfKind(config, provider, settings?.adapterKind ?? 'sandbox');
}

