// Red packets in the database: creating one (seed, commitment, split, escrow funded from the house's
// promotion account), and the rows read back as the public and back-office views.
import type pg from 'pg';
import type { AdminRedPacket, CreateRedPacketBody, PublicRedPacket, RedPacketConditions, RedPacketState } from '../../shared/api/red-packets.ts';
import { randomSeed } from '../../shared/draws/fairness/web-crypto.ts';
import type { VipLevel } from '../../shared/enums.ts';
import { redPacketCommitment, splitRedPacket, type RedPacketRule } from '../../shared/red-packets/split.ts';
import type { Queryable } from '../db/pool.ts';
import { postTransfer, systemAccountId } from '../wallet/ledger.ts';

/** Where every red-packet budget comes from: the house's promotion expense. */
export const RED_PACKET_HOUSE_ACCOUNT = 'house:red-packets';
export const escrowCode = (id: number) => `clearing:red-packet:${id}`;

/** The stored status read against the clock (the seed is public once this says ENDED). */
export const STATE_SQL = `CASE WHEN p.status = 'ENDED' OR now() >= p.ends_at THEN 'ENDED'
  WHEN p.status = 'PAUSED' THEN 'PAUSED' WHEN now() < p.starts_at THEN 'SCHEDULED' ELSE 'ACTIVE' END`;

export interface RedPacketRow {
  id: number;
  title: string;
  description: string;
  rule: RedPacketRule;
  budget: number;
  count: number;
  claimed: number;
  min_amount: number | null;
  max_amount: number | null;
  starts_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  state: RedPacketState;
  seed: string;
  commitment: string;
  vip_levels: VipLevel[];
  min_deposit_today: number;
  registered_before_start: boolean;
  stake_multiple_bp: number;
  created_by: string;
  created_at: Date;
  spent: number;
}

export const SELECT_PACKETS = `SELECT p.id, p.title, p.description, p.rule, p.budget, p.count, p.claimed, p.min_amount, p.max_amount,
       p.starts_at, p.ends_at, p.ended_at, ${STATE_SQL} AS state, p.seed, p.commitment, p.vip_levels, p.min_deposit_today,
       p.registered_before_start, p.stake_multiple_bp, p.created_by, p.created_at,
       (SELECT coalesce(sum(c.amount), 0)::bigint FROM red_packet_claims c WHERE c.packet_id = p.id) AS spent
  FROM red_packets p`;

export function publicView(row: RedPacketRow): PublicRedPacket {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    rule: row.rule,
    budget: Number(row.budget),
    count: row.count,
    claimed: row.claimed,
    min: row.min_amount === null ? null : Number(row.min_amount),
    max: row.max_amount === null ? null : Number(row.max_amount),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    state: row.state,
    commitment: row.commitment,
    seed: row.state === 'ENDED' ? row.seed : null,
  };
}

export function conditionsOf(row: RedPacketRow): RedPacketConditions {
  return { vipLevels: row.vip_levels, minDepositToday: Number(row.min_deposit_today), registeredBeforeStart: row.registered_before_start };
}

export function adminView(row: RedPacketRow): AdminRedPacket {
  return {
    ...publicView(row),
    conditions: conditionsOf(row),
    stakeMultipleBp: row.stake_multiple_bp,
    spent: Number(row.spent),
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}

export async function findPacket(db: Queryable, id: number): Promise<RedPacketRow | null> {
  const found = await db.query<RedPacketRow>(`${SELECT_PACKETS} WHERE p.id = $1`, [id]);
  return found.rows[0] ?? null;
}

type CreateInput = Omit<CreateRedPacketBody, 'reason'> & { conditions: RedPacketConditions; stakeMultipleBp: number; description: string };

/**
 * Creates a packet in the caller's transaction: a fresh secret seed, its commitment, the split fixed
 * now (so a claim only reads amounts[k]), and the whole budget moved into the packet's own escrow
 * account — which may not go negative, so the ledger itself refuses any award beyond the budget.
 */
export async function createPacket(client: pg.PoolClient, input: CreateInput, createdBy: string): Promise<number> {
  const seed = randomSeed();
  const idRow = await client.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('red_packets', 'id'))::bigint AS id`);
  const id = Number(idRow.rows[0]!.id);
  const split = await splitRedPacket(seed, { id, budget: input.budget, count: input.count, rule: input.rule, min: input.min ?? null, max: input.max ?? null });
  const escrow = await client.query<{ id: number }>(
    `INSERT INTO ledger_accounts (code, kind, allow_negative) VALUES ($1, 'CLEARING', false) RETURNING id`,
    [escrowCode(id)],
  );
  const escrowId = Number(escrow.rows[0]!.id);
  await client.query(
    `INSERT INTO red_packets (id, title, description, rule, budget, count, min_amount, max_amount, starts_at, ends_at, seed, commitment,
                              amounts, vip_levels, min_deposit_today, registered_before_start, stake_multiple_bp, escrow_account_id, created_by, start_announced)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::bigint[], $14::text[], $15, $16, $17, $18, $19, $9::timestamptz <= now())`,
    [
      id, input.title, input.description, input.rule, input.budget, input.count,
      input.rule === 'RANDOM' ? input.min : null, input.rule === 'RANDOM' ? input.max : null,
      new Date(input.startsAt), new Date(input.endsAt), seed, await redPacketCommitment(seed, id), split.amounts,
      input.conditions.vipLevels, input.conditions.minDepositToday, input.conditions.registeredBeforeStart, input.stakeMultipleBp,
      escrowId, createdBy,
    ],
  );
  const house = await systemAccountId(client, RED_PACKET_HOUSE_ACCOUNT, 'HOUSE');
  await postTransfer(client, {
    idempotencyKey: `red-packet:${id}:fund`,
    type: 'PB',
    reference: `red-packet:${id}`,
    memo: '红包预算',
    legs: [
      { accountId: house, amount: -input.budget },
      { accountId: escrowId, amount: input.budget },
    ],
  });
  return id;
}

/**
 * Ends a packet in the caller's transaction (sold out, its end time, or an operator) and returns what
 * was left of the budget to the house. Returns false when it had already ended.
 */
export async function endPacket(client: pg.PoolClient, id: number): Promise<boolean> {
  const ended = await client.query<{ escrow_account_id: number }>(
    `UPDATE red_packets SET status = 'ENDED', ended_at = coalesce(ended_at, now()) WHERE id = $1 AND (status <> 'ENDED' OR ended_at IS NULL)
     RETURNING escrow_account_id`,
    [id],
  );
  if (!ended.rows[0]) return false;
  await refundRemainder(client, id, Number(ended.rows[0].escrow_account_id));
  return true;
}

async function refundRemainder(client: pg.PoolClient, id: number, escrowId: number): Promise<void> {
  const left = await client.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE', [escrowId]);
  const remainder = Number(left.rows[0]?.balance ?? 0);
  if (remainder <= 0) return;
  const house = await systemAccountId(client, RED_PACKET_HOUSE_ACCOUNT, 'HOUSE');
  await postTransfer(client, {
    idempotencyKey: `red-packet:${id}:refund`,
    type: 'PB',
    reference: `red-packet:${id}`,
    memo: '红包结束，未领取预算退回',
    legs: [
      { accountId: escrowId, amount: -remainder },
      { accountId: house, amount: remainder },
    ],
  });
}
