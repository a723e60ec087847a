// Unfreezing needs a second operator (four-eyes): one operator asks, another with
// customers.unfreeze.approve approves, and the account is unfrozen once, in the approving
// transaction. Sessions ended by the freeze stay ended; the player signs in again.
import type pg from 'pg';
import { z } from 'zod';
import { UNFREEZE_APPROVAL } from '../../../shared/backoffice/customers.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import type { ApprovalKind } from '../core/api.ts';

export const UnfreezePayloadSchema = z.object({ customerId: z.number().int().positive(), username: z.string().min(1).max(64) });
export type UnfreezePayload = z.infer<typeof UnfreezePayloadSchema>;

const NOT_FROZEN = '该账号未被冻结';

/** The id of an unfreeze request still waiting for its second operator, if any. */
export async function pendingUnfreezeOf(db: Queryable, customerId: number): Promise<number | null> {
  const pending = await db.query<{ id: number }>(
    `SELECT id FROM operator_approvals WHERE kind = $1 AND status = 'PENDING' AND payload->>'customerId' = $2 ORDER BY id LIMIT 1`,
    [UNFREEZE_APPROVAL, String(customerId)],
  );
  return pending.rows[0]?.id ?? null;
}

async function lockFrozen(client: pg.PoolClient, customerId: number): Promise<void> {
  const found = await client.query<{ frozen: boolean }>('SELECT frozen_at IS NOT NULL AS frozen FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
  if (!found.rows[0]) throw errors.notFound('客户不存在');
  if (!found.rows[0].frozen) throw errors.conflict(NOT_FROZEN);
}

export const unfreezeApproval: ApprovalKind<UnfreezePayload> = {
  kind: UNFREEZE_APPROVAL,
  label: '解冻客户账号',
  requestPermission: 'customers.unfreeze.request',
  approvePermission: 'customers.unfreeze.approve',
  payload: UnfreezePayloadSchema,
  describe: (payload) => `解冻客户 ${payload.username}`,
  async validate(client, payload) {
    // The customer row stays locked to the end of the requesting transaction: two requests queue.
    await lockFrozen(client, payload.customerId);
    if ((await pendingUnfreezeOf(client, payload.customerId)) !== null) throw errors.conflict('该客户已有待审批的解冻申请');
  },
  async execute(client, payload) {
    const unfrozen = await client.query(
      'UPDATE customers SET frozen_at = NULL, frozen_reason = NULL WHERE id = $1 AND frozen_at IS NOT NULL RETURNING id',
      [payload.customerId],
    );
    if ((unfrozen.rowCount ?? 0) === 0) throw errors.conflict(NOT_FROZEN);
    return { after: { customerId: payload.customerId, frozen: false } };
  },
};
