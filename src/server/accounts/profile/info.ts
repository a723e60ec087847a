// GET /ajax/customer/info: the profile (spec §7) with masked contacts and whether a money password
// is set (never the hash).
import type { CustomerInfo } from '../../../shared/api/accounts.ts';
import { customerFromRow, CUSTOMER_COLUMNS, type CustomerRow } from '../../customer/view.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { maskEmail, maskPhone } from './masking.ts';

interface InfoRow extends CustomerRow {
  phone: string | null;
  email: string | null;
  qq: string | null;
  wechat: string | null;
  money_password_set: boolean;
  created_at: Date;
  last_login_at: Date | null;
}

export async function loadCustomerInfo(db: Queryable, customerId: number): Promise<CustomerInfo> {
  const result = await db.query<InfoRow>(
    `SELECT ${CUSTOMER_COLUMNS}, c.phone, c.email, c.qq, c.wechat, c.money_password_hash IS NOT NULL AS money_password_set,
            c.created_at, c.last_login_at
       FROM customers c WHERE c.id = $1`,
    [customerId],
  );
  const row = result.rows[0];
  if (!row) throw errors.notFound('账号不存在');
  const customer = customerFromRow(row);
  return {
    name: customer.name,
    alias: customer.alias,
    avatarImage: customer.avatarImage,
    birthday: customer.birthday,
    type: customer.type,
    vipLevel: customer.vipLevel,
    testMode: customer.testMode,
    phone: row.phone ? maskPhone(row.phone) : null,
    email: row.email ? maskEmail(row.email) : null,
    qq: row.qq,
    wechat: row.wechat,
    moneyPasswordSet: row.money_password_set,
    registeredAt: row.created_at.getTime(),
    lastLoginAt: row.last_login_at?.getTime() ?? null,
  };
}
