// What an operator may do to a customer directly (customers.manage), each in the operator's write
// transaction with its audit row: freeze, force a password change, end sessions, set the VIP level.
// Each check-then-act is one conditional UPDATE, so two operators acting at once cannot both act.
// The ended sessions' live streams are closed by the caller after the commit.
import type pg from 'pg';
import type { VipLevelBody } from '../../../shared/backoffice/customers.ts';
import { errors } from '../../http/errors.ts';
import { revokeCustomerSessions } from '../../session/store.ts';
import type { Audit } from '../core/api.ts';
import { CUSTOMER_NOT_FOUND } from './detail.ts';
import type { VipLevel } from '../../../shared/enums.ts';

const TARGET = 'customer';

async function assertExists(client: pg.PoolClient, customerId: number): Promise<void> {
  const found = await client.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
  if ((found.rowCount ?? 0) === 0) throw errors.notFound(CUSTOMER_NOT_FOUND);
}

/**
 * Freezes the account and ends its sessions in one transaction. The customer row is updated first:
 * a sign-in racing this either made its session before (and it is ended here) or sees the freeze
 * (session/store.ts).
 */
export async function freezeCustomer(client: pg.PoolClient, audit: Audit, customerId: number, reason: string): Promise<number[]> {
  const frozen = await client.query(
    'UPDATE customers SET frozen_at = now(), frozen_reason = $2 WHERE id = $1 AND frozen_at IS NULL RETURNING id',
    [customerId, reason],
  );
  if ((frozen.rowCount ?? 0) === 0) {
    await assertExists(client, customerId);
    throw errors.conflict('该账号已被冻结');
  }
  const ended = await revokeCustomerSessions(client, customerId);
  await audit({ action: 'customer.freeze', targetType: TARGET, targetId: customerId, before: { frozen: false }, after: { frozen: true, endedSessions: ended.length }, reason });
  return ended;
}

/** The next login must set a new password (the first-login step); the sessions end now. */
export async function forcePasswordChange(client: pg.PoolClient, audit: Audit, customerId: number, reason: string): Promise<number[]> {
  const marked = await client.query<{ trial: boolean }>(
    `UPDATE customers SET first_login = true, password_change_required = true
      WHERE id = $1 AND NOT password_change_required AND test_mode IS NULL RETURNING id`,
    [customerId],
  );
  if ((marked.rowCount ?? 0) === 0) {
    const found = await client.query<{ trial: boolean }>('SELECT test_mode IS NOT NULL AS trial FROM customers WHERE id = $1', [customerId]);
    if (!found.rows[0]) throw errors.notFound(CUSTOMER_NOT_FOUND);
    throw errors.conflict(found.rows[0].trial ? '试玩账号没有登录密码' : '已要求该客户在下次登录时修改密码');
  }
  const ended = await revokeCustomerSessions(client, customerId);
  await audit({
    action: 'customer.password.force_change',
    targetType: TARGET,
    targetId: customerId,
    before: { passwordChangeRequired: false },
    after: { passwordChangeRequired: true, endedSessions: ended.length },
    reason,
  });
  return ended;
}

export async function endCustomerSessions(client: pg.PoolClient, audit: Audit, customerId: number, reason: string): Promise<number[]> {
  await assertExists(client, customerId);
  const ended = await revokeCustomerSessions(client, customerId);
  await audit({ action: 'customer.sessions.end', targetType: TARGET, targetId: customerId, before: null, after: { endedSessions: ended.length }, reason });
  return ended;
}

/** Sets the level and answers the one it replaced. */
export async function setVipLevel(client: pg.PoolClient, audit: Audit, customerId: number, change: VipLevelBody): Promise<VipLevel> {
  const updated = await client.query<{ before: string }>(
    `UPDATE customers c SET vip_level = $2 FROM (SELECT id, vip_level FROM customers WHERE id = $1 FOR UPDATE) old
      WHERE c.id = old.id AND old.vip_level <> $2 RETURNING old.vip_level AS before`,
    [customerId, change.vipLevel],
  );
  const before = updated.rows[0]?.before;
  if (before === undefined) {
    await assertExists(client, customerId);
    throw errors.conflict('该客户已是此 VIP 等级');
  }
  await audit({ action: 'customer.vip_level', targetType: TARGET, targetId: customerId, before: { vipLevel: before }, after: { vipLevel: change.vipLevel }, reason: change.reason });
  return before as VipLevel;
}
