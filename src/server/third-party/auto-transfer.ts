// The automatic transfer when a game is launched (spec §3.4 "third-party transfer provider"
// preference; the PWA asks with autoTransfer=true): the main wallet's whole 元 go to the provider
// being opened. Nothing to move (under ¥1) is SKIPPED; a failure never stops the game from opening —
// the answer says what happened and the transfer page shows it.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { LaunchAnswer } from '../../shared/api/third-party.ts';
import { UNITS_PER_YUAN } from '../../shared/money.ts';
import type { ProviderAdapter } from '../providers/adapter.ts';
import { transfer, MAX_TRANSFER } from '../providers/transfers.ts';
import { playerBalance } from '../wallet/ledger.ts';

export async function autoTransferOnLaunch(pool: pg.Pool, adapter: ProviderAdapter, customerId: number): Promise<LaunchAnswer['autoTransfer']> {
  const main = await playerBalance(pool, customerId);
  const amount = Math.min(Math.floor(main / UNITS_PER_YUAN) * UNITS_PER_YUAN, MAX_TRANSFER);
  if (amount <= 0) return { amount: 0, status: 'SKIPPED' };
  try {
    const row = await transfer(pool, adapter, {
      customerId,
      provider: adapter.provider,
      direction: 'IN',
      amount,
      requestKey: `launch-${randomBytes(12).toString('hex')}`,
      origin: 'LAUNCH',
    });
    return { amount, status: row.status === 'PENDING' ? 'IN_DOUBT' : row.status };
  } catch {
    // Refused before anything moved (balance spent meanwhile, another transfer being confirmed).
    return { amount, status: 'SKIPPED' };
  }
}
