// The operators' deposit search and the offline confirmation queue (oldest first): filters that combine,
// one page at a time, on the indexes of migration 0022.
import type { FinanceDeposit, FinanceDepositList } from '../../../shared/backoffice/finance-deposits.ts';
import type { PaymentStatus } from '../../../shared/enums.ts';
import { DEPOSIT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import type { Queryable } from '../../db/pool.ts';
import type { DepositRow } from '../../wallet/deposits/rows.ts';

export interface DepositSearch {
  status?: PaymentStatus | undefined;
  kind?: 'ONLINE' | 'OFFLINE' | undefined;
  methodCode?: string | undefined;
  username?: string | undefined;
  reference?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

type FinanceRow = DepositRow & { method_name: string; username: string; confirmed_by_username: string | null };

const SELECT = `SELECT d.*, m.name AS method_name, c.username, o.username AS confirmed_by_username
  FROM deposits d JOIN deposit_methods m ON m.code = d.method_code JOIN customers c ON c.id = d.customer_id
  LEFT JOIN operators o ON o.id = d.confirmed_by`;

export function financeDepositView(row: FinanceRow, isSandbox: (code: string | null) => boolean): FinanceDeposit {
  return {
    id: row.id,
    reference: row.reference,
    customerId: row.customer_id,
    username: row.username,
    methodCode: row.method_code,
    methodName: row.method_name,
    kind: row.kind,
    amount: row.amount,
    fee: row.fee,
    paidAmount: row.paid_amount,
    creditedAmount: row.credited_amount,
    status: row.status,
    statusText: DEPOSIT_STATUS_TEXT[row.status],
    gatewayCode: row.gateway_code,
    gatewayPaymentId: row.gateway_payment_id,
    sandbox: row.kind === 'ONLINE' && isSandbox(row.gateway_code),
    payerName: row.payer_name,
    receivingAccount: row.receiving_account,
    failureReason: row.failure_reason,
    note: row.note,
    confirmedBy: row.confirmed_by_username,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    creditedAt: row.credited_at?.toISOString() ?? null,
    confirmable: row.kind === 'OFFLINE' && row.transfer_id === null && (row.status === 'WAITING_FOR_AUDIT' || row.status === 'CANCELLED'),
  };
}

export async function financeDeposit(db: Queryable, id: number, isSandbox: (code: string | null) => boolean): Promise<FinanceDeposit | null> {
  const found = await db.query<FinanceRow>(`${SELECT} WHERE d.id = $1`, [id]);
  return found.rows[0] ? financeDepositView(found.rows[0], isSandbox) : null;
}

export async function searchDeposits(
  db: Queryable,
  search: DepositSearch,
  isSandbox: (code: string | null) => boolean,
  order: 'newest' | 'oldest' = 'newest',
): Promise<FinanceDepositList> {
  const values: unknown[] = [];
  const where: string[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (search.status) where.push(`d.status = ${bind(search.status)}`);
  if (search.kind) where.push(`d.kind = ${bind(search.kind)}`);
  if (search.methodCode) where.push(`d.method_code = ${bind(search.methodCode)}`);
  if (search.username) where.push(`c.username_key = ${bind(search.username.toLowerCase())}`);
  if (search.reference) where.push(`d.reference = ${bind(search.reference.toUpperCase())}`);
  if (search.from) where.push(`d.created_at >= (${bind(search.from)}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`);
  if (search.to) where.push(`d.created_at < (${bind(search.to)}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`);
  const condition = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM deposits d JOIN customers c ON c.id = d.customer_id ${condition}`,
    values,
  );
  const direction = order === 'newest' ? 'DESC' : 'ASC';
  const rows = await db.query<FinanceRow>(
    `${SELECT} ${condition} ORDER BY d.created_at ${direction}, d.id ${direction} LIMIT ${bind(search.pageSize)} OFFSET ${bind((search.page - 1) * search.pageSize)}`,
    values,
  );
  return { items: rows.rows.map((row) => financeDepositView(row, isSandbox)), total: counted.rows[0]!.total, page: search.page, pageSize: search.pageSize };
}
