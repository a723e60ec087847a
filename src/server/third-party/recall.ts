// 一键回收: every provider balance back to the main wallet. Each provider is asked for the balance
// now, then its whole 元 are transferred out (providers take whole amounts; a remainder below ¥1
// stays there and is shown), in transfers of at most MAX_TRANSFER (the single-transfer maximum).
// Providers are handled in parallel and independently: one that cannot be reached or refuses is
// reported in `failures` and the others still come back.
import type pg from 'pg';
import type { RecallAnswer } from '../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import { UNITS_PER_YUAN } from '../../shared/money.ts';
import type { ProvidersConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { providerPlayerRef } from '../providers/adapter.ts';
import { adapterFor } from '../providers/registry.ts';
import { transferView, type TransferRow } from '../providers/transfer-store.ts';
import { MAX_TRANSFER, transfer } from '../providers/transfers.ts';
import { markStale, rememberBalance } from '../providers/wallets.ts';
import { playerBalance } from '../wallet/ledger.ts';

const UNREACHABLE = '服务商暂时无法连接，余额未回收';

async function transferByRequestKey(pool: pg.Pool, customerId: number, requestKey: string): Promise<TransferRow | null> {
  const found = await pool.query<TransferRow>('SELECT * FROM provider_transfers WHERE customer_id = $1 AND request_key = $2', [customerId, requestKey]);
  return found.rows[0] ?? null;
}

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
      // Whole 元, in transfers of at most MAX_TRANSFER, one after the other; the n-th has the request key
      // `<requestKey>:<provider>:<n>`. A retry of the same request answers the chunks already made (with
      // their outcome) and goes on only after an unbroken run of full, successful chunks, with the
      // balance asked now — so no money is asked for twice and a completed recall moves nothing more.
      let remaining = Math.floor(balance / UNITS_PER_YUAN) * UNITS_PER_YUAN;
      for (let n = 0; ; n++) {
        const key = `${requestKey}:${provider}:${n}`;
        let row = await transferByRequestKey(pool, customerId, key);
        if (!row) {
          const amount = Math.min(remaining, MAX_TRANSFER);
          if (amount <= 0) return;
          try {
            row = await transfer(pool, adapter, { customerId, provider, direction: 'OUT', amount, requestKey: key, origin: 'RECALL' });
          } catch (error) {
            failures.push({ provider, message: error instanceof AppError ? error.message : UNREACHABLE });
            return;
          }
          remaining -= amount;
        }
        transfers.push(row);
        if (row.status === 'FAILED') failures.push({ provider, message: '回收失败，请稍后再试' });
        if (row.status === 'IN_DOUBT' || row.status === 'PENDING') failures.push({ provider, message: '回收结果确认中，请稍后查看' });
        // Stop at the first chunk that did not succeed, and after the last chunk of a plan (smaller than the maximum).
        if (row.status !== 'SUCCESS' || row.amount < MAX_TRANSFER) return;
      }
    }),
  );
  transfers.sort((a, b) => a.provider.localeCompare(b.provider));
  failures.sort((a, b) => a.provider.localeCompare(b.provider));
  return { transfers: transfers.map(transferView), failures, mainWallet: await playerBalance(pool, customerId) };
}
