// A provider transfer's money, as ledger transfers (spec §3.5 codes; docs/providers/server.md). Both
// directions are two-phase: the amount is held in `clearing:pending` before the provider is asked,
// then posted on (the provider confirmed) or voided back (it certainly did not happen).
//   IN  (main → provider): TOU hold player → clearing:pending; TO post → external:provider:<CODE>;
//                          TOUFAIL void → player.
//   OUT (provider → main): TIU hold external:provider:<CODE> → clearing:pending; TI post → player;
//                          TIUFAIL void → external:provider:<CODE>.
// The player's statement therefore shows TOU then TO (or TOUFAIL) for money sent, and TI for money
// received; a failed or in-doubt OUT never touches the main wallet until the provider confirmed it.
import type pg from 'pg';
import type { WalletTransactionType } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';
import { createPending, playerAccountId, resolvePending, systemAccountId } from '../wallet/ledger.ts';

export const providerAccount = (provider: string) => `external:provider:${provider}`;

export type Direction = 'IN' | 'OUT';

const CODES: Record<Direction, { hold: WalletTransactionType; post: WalletTransactionType; void: WalletTransactionType; memo: string }> = {
  IN: { hold: 'TOU', post: 'TO', void: 'TOUFAIL', memo: '转出至第三方' },
  OUT: { hold: 'TIU', post: 'TI', void: 'TIUFAIL', memo: '第三方转入' },
};

export async function holdTransfer(
  client: pg.PoolClient,
  transfer: { id: number; reference: string; customerId: number; provider: string; direction: Direction; amount: Money },
): Promise<number> {
  const from =
    transfer.direction === 'IN'
      ? await playerAccountId(client, transfer.customerId)
      : await systemAccountId(client, providerAccount(transfer.provider), 'EXTERNAL');
  const held = await createPending(client, {
    idempotencyKey: `provider-transfer:${transfer.id}:hold`,
    type: CODES[transfer.direction].hold,
    fromAccountId: from,
    amount: transfer.amount,
    reference: `provider-transfer:${transfer.reference}`,
    memo: `${CODES[transfer.direction].memo} ${transfer.provider}`,
  });
  return held.transferId;
}

export async function postHeldTransfer(
  client: pg.PoolClient,
  transfer: { pendingTransferId: number; customerId: number; provider: string; direction: Direction },
): Promise<void> {
  const to =
    transfer.direction === 'IN'
      ? await systemAccountId(client, providerAccount(transfer.provider), 'EXTERNAL')
      : await playerAccountId(client, transfer.customerId);
  await resolvePending(client, { pendingTransferId: transfer.pendingTransferId, outcome: 'POSTED', toAccountId: to, type: CODES[transfer.direction].post });
}

export async function voidHeldTransfer(client: pg.PoolClient, transfer: { pendingTransferId: number; direction: Direction }): Promise<void> {
  await resolvePending(client, { pendingTransferId: transfer.pendingTransferId, outcome: 'VOIDED', type: CODES[transfer.direction].void });
}
