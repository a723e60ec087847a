// Claiming a red packet, in one transaction: the guarded counter update takes the next position k and
// its amount amounts[k] (and ends the packet when k = count), the unique (packet, customer) row refuses
// a second claim (rolling the counter back with it), and the PB transfer moves amounts[k] from the
// packet's escrow to the player; the award adds required stake × the packet's multiple. Concurrent
// claims queue on the packet row, so at most `count` succeed and never more than the budget is paid.
import { RED_PACKET_MESSAGES } from '../../shared/api/red-packets.ts';
import type { Money } from '../../shared/money.ts';
import type { ServerContext } from '../context.ts';
import { withTransaction } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import { playerAccountId, postTransfer } from '../wallet/ledger.ts';
import { addRequiredStake, requirementFor } from '../wallet/required-stake.ts';
import { assertEligible } from './eligibility.ts';
import { STATE_SQL } from './store.ts';

export interface ClaimOutcome {
  id: number;
  award: Money;
  balance: Money;
  /** The claim took the last packet: everyone's claimable list changed. */
  soldOut: boolean;
}

async function refusal(client: Parameters<Parameters<typeof withTransaction>[1]>[0], id: number): Promise<Error> {
  const found = await client.query<{ state: string; claimed: number; count: number }>(
    `SELECT ${STATE_SQL} AS state, p.claimed, p.count FROM red_packets p WHERE p.id = $1`,
    [id],
  );
  const row = found.rows[0];
  if (!row) return errors.notFound(RED_PACKET_MESSAGES.notFound);
  if (row.claimed >= row.count) return errors.conflict(RED_PACKET_MESSAGES.soldOut);
  if (row.state === 'PAUSED') return errors.conflict(RED_PACKET_MESSAGES.paused);
  if (row.state === 'SCHEDULED') return errors.conflict(RED_PACKET_MESSAGES.notStarted);
  return errors.conflict(RED_PACKET_MESSAGES.ended);
}

export async function claimRedPacket(ctx: ServerContext, customerId: number, id: number): Promise<ClaimOutcome> {
  const pool = ctx.database.pool;
  await assertEligible(pool, customerId, id);
  // Refuse a repeat before queueing on the packet row; the unique constraint below is the real guard.
  const previous = await pool.query('SELECT 1 FROM red_packet_claims WHERE packet_id = $1 AND customer_id = $2', [id, customerId]);
  if (previous.rowCount) throw errors.conflict(RED_PACKET_MESSAGES.alreadyClaimed);
  return withTransaction(pool, async (client) => {
    const taken = await client.query<{ seq: number; amount: number; count: number; escrow_account_id: number; stake_multiple_bp: number }>(
      `UPDATE red_packets SET claimed = claimed + 1,
              status = CASE WHEN claimed + 1 = count THEN 'ENDED' ELSE status END,
              ended_at = CASE WHEN claimed + 1 = count THEN now() ELSE ended_at END
        WHERE id = $1 AND claimed < count AND status = 'ACTIVE' AND now() >= starts_at AND now() < ends_at
        RETURNING claimed AS seq, amounts[claimed] AS amount, count, escrow_account_id, stake_multiple_bp`,
      [id],
    );
    const slot = taken.rows[0];
    if (!slot) throw await refusal(client, id);
    const amount = Number(slot.amount);
    const inserted = await client.query(
      `INSERT INTO red_packet_claims (packet_id, customer_id, seq, amount) VALUES ($1, $2, $3, $4)
       ON CONFLICT (packet_id, customer_id) DO NOTHING RETURNING id`,
      [id, customerId, slot.seq, amount],
    );
    if (!inserted.rowCount) throw errors.conflict(RED_PACKET_MESSAGES.alreadyClaimed);
    const wallet = await playerAccountId(client, customerId);
    // Same order as every other transfer into this wallet: the requirement first, then the money.
    await addRequiredStake(client, customerId, requirementFor(amount, slot.stake_multiple_bp), 'BONUS', `red-packet:${id}`);
    // The ledger's idempotency key is the claim's: red-packet:<packet>:<customer>.
    const transfer = await postTransfer(client, {
      idempotencyKey: `red-packet:${id}:${customerId}`,
      type: 'PB',
      reference: `red-packet:${id}`,
      memo: '红包',
      legs: [
        { accountId: Number(slot.escrow_account_id), amount: -amount },
        { accountId: wallet, amount },
      ],
    });
    return { id, award: amount, balance: transfer.balances.get(wallet)!, soldOut: slot.seq === slot.count };
  });
}
