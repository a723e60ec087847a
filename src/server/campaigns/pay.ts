// Paying a claim: one CA transfer (COMP for first-loss compensation) from the campaigns' house
// account to the player, idempotency key campaign-claim:<id>, plus the required stake its multiple
// adds; the claim row moves WAITING_FOR_APPROVAL → PAID in the same transaction.
import type pg from 'pg';
import type { Money } from '../../shared/money.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../wallet/ledger.ts';
import { addRequiredStake } from '../wallet/required-stake.ts';
import type { ClaimRow } from './claims-store.ts';
import type { CampaignRow } from './store.ts';

/** Claims of different players lock different house rows (like the deposits' external accounts). */
const HOUSE_SHARDS = 16;

async function houseAccount(client: pg.PoolClient, customerId: number): Promise<number> {
  const code = `house:campaigns:${customerId % HOUSE_SHARDS}`;
  const found = await client.query<{ id: number }>('SELECT id FROM ledger_accounts WHERE code = $1', [code]);
  return found.rows[0]?.id ?? systemAccountId(client, code, 'HOUSE');
}

/** Call with the claim WAITING_FOR_APPROVAL and locked (or just inserted) in the caller's transaction. */
export async function payClaim(
  client: pg.PoolClient,
  claim: Pick<ClaimRow, 'id' | 'customer_id' | 'amount' | 'required_stake'>,
  campaign: Pick<CampaignRow, 'id' | 'title' | 'subtype'>,
  decidedBy: number | null,
): Promise<{ balance: Money | null }> {
  const player = await playerAccountId(client, claim.customer_id);
  const house = await houseAccount(client, claim.customer_id);
  const key = `campaign-claim:${claim.id}`;
  await addRequiredStake(client, claim.customer_id, claim.required_stake, 'BONUS', key);
  const transfer = await postTransfer(client, {
    idempotencyKey: key,
    type: campaign.subtype === 'FIRST_LOSS_COMPENSATION' ? 'COMP' : 'CA',
    reference: `campaign:${campaign.id}`,
    memo: campaign.title,
    legs: [
      { accountId: house, amount: -claim.amount },
      { accountId: player, amount: claim.amount },
    ],
  });
  const updated = await client.query(
    `UPDATE campaign_claims SET status = 'PAID', transfer_id = $2, decided_at = now(), decided_by = $3
      WHERE id = $1 AND status = 'WAITING_FOR_APPROVAL'`,
    [claim.id, transfer.transferId, decidedBy],
  );
  if (updated.rowCount !== 1) throw new Error(`campaign claim ${claim.id} was not waiting`);
  return { balance: transfer.balances.get(player) ?? null };
}
