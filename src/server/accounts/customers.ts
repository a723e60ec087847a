// Reading customers for the accounts routes.
import type { CurrentCustomer } from '../../shared/api/session.ts';
import { customerFromRow, CUSTOMER_COLUMNS, type CustomerRow } from '../customer/view.ts';
import type { Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';

export async function loadCustomerRow(db: Queryable, customerId: number): Promise<CustomerRow> {
  const result = await db.query<CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customers c WHERE c.id = $1`, [customerId]);
  const row = result.rows[0];
  if (!row) throw errors.notFound('账号不存在');
  return row;
}

export async function loadCurrentCustomer(db: Queryable, customerId: number): Promise<CurrentCustomer> {
  return customerFromRow(await loadCustomerRow(db, customerId));
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
