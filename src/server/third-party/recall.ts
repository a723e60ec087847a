// 一键回收: every provider balance back to the main wallet. Each provider is asked for the balance
// now, then its whole 元 are transferred out (providers take whole amounts; a remainder below ¥1
// stays there and is shown). Providers are handled in parallel and independently: one that cannot be
// reached or refuses is reported in `failures` and the others still come back.
import type pg from 'pg';
import type { RecallAnswer } from '../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import { UNITS_PER_YUAN } from '../../shared/money.ts';
import type { ProvidersConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { providerPlayerRef } from '../providers/adapter.ts';
import { adapterFor } from '../providers/registry.ts';
import { transferView, type TransferRow } from '../providers/transfer-store.ts';
import { transfer } from '../providers/transfers.ts';
import { markStale, rememberBalance } from '../providers/wallets.ts';
import { playerBalance } from '../wallet/ledger.ts';

const UNREACHABLE = '服务商暂时无法连接，余额未回收';

export async function recallAll(pool: pg.Pool, config: ProvidersConfig, customerId: number, requestKey: string): Promise<RecallAnswer> {
  const used = await pool.query<{ provider: ThirdPartyProvider }>(
    'SELECT provider FROM provider_wallets WHERE customer_id = $1 AND (player_created OR balance > 0) ORDER BY provider',
    [customerId],
  );
  // Disabled providers too: switching a provider off must not strand the player's money there.
  const providers = used.rows.map((r) => r.provider);
  const transfers: TransferRow[] = [];
  const failures: RecallAnswer['failures'] = [];
  await Promise.all(
    providers.map(async (provider) => {
      const adapter = await adapterFor(pool, config, provider);
      let balance;
      try {
        balance = await adapter.balance(providerPlayerRef(customerId));
        await rememberBalance(pool, customerId, provider, balance);
      } catch {
        await markStale(pool, customerId, provider);
        failures.push({ provider, message: UNREACHABLE });
        return;
      }
      const amount = Math.floor(balance / UNITS_PER_YUAN) * UNITS_PER_YUAN;
      if (amount <= 0) return;
      try {
        const row = await transfer(pool, adapter, { customerId, provider, direction: 'OUT', amount, requestKey: `${requestKey}:${provider}`, origin: 'RECALL' });
        transfers.push(row);
        if (row.status === 'FAILED') failures.push({ provider, message: '回收失败，请稍后再试' });
        if (row.status === 'IN_DOUBT') failures.push({ provider, message: '回收结果确认中，请稍后查看' });
      } catch (error) {
        failures.push({ provider, message: error instanceof AppError ? error.message : UNREACHABLE });
      }
    }),
  );
  transfers.sort((a, b) => a.provider.localeCompare(b.provider));
  failures.sort((a, b) => a.provider.localeCompare(b.provider));
  return { transfers: transfers.map(transferView), failures, mainWallet: await playerBalance(pool, customerId) };
}
