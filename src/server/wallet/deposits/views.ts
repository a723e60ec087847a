// What a player reads about deposits: one deposit, and the history of spec §9's 30 days.
import type { Deposit, DepositHistory } from '../../../shared/api/deposits.ts';
import type { PaymentStatus } from '../../../shared/enums.ts';
import { DEPOSIT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import { statementRangeProblem, statementWindow } from '../../../shared/api/wallet.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import type { DepositRow } from './rows.ts';

export type DepositWithMethod = DepositRow & { method_name: string };

export const DEPOSIT_NOT_FOUND = '充值记录不存在';

const SELECT_WITH_METHOD = `SELECT d.*, m.name AS method_name FROM deposits d JOIN deposit_methods m ON m.code = d.method_code`;

export function depositView(row: DepositWithMethod, isSandbox: (gatewayCode: string | null) => boolean): Deposit {
  return {
    id: row.id,
    reference: row.reference,
    methodCode: row.method_code,
    methodName: row.method_name,
    kind: row.kind,
    amount: row.amount,
    fee: row.fee,
    paidAmount: row.paid_amount,
    creditedAmount: row.credited_amount,
    status: row.status,
    statusText: DEPOSIT_STATUS_TEXT[row.status],
    cashierUrl: row.status === 'PENDING' ? row.cashier_url : null,
    receivingAccount: row.receiving_account,
    payerName: row.payer_name,
    failureReason: row.failure_reason,
    sandbox: row.kind === 'ONLINE' && isSandbox(row.gateway_code),
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    creditedAt: row.credited_at?.toISOString() ?? null,
  };
}

export async function depositWithMethod(db: Queryable, id: number): Promise<DepositWithMethod | null> {
  const found = await db.query<DepositWithMethod>(`${SELECT_WITH_METHOD} WHERE d.id = $1`, [id]);
  return found.rows[0] ?? null;
}

export async function customerDeposit(db: Queryable, customerId: number, id: number): Promise<DepositWithMethod> {
  const found = await db.query<DepositWithMethod>(`${SELECT_WITH_METHOD} WHERE d.id = $1 AND d.customer_id = $2`, [id, customerId]);
  if (!found.rows[0]) throw errors.notFound(DEPOSIT_NOT_FOUND);
  return found.rows[0];
}

export interface HistoryQuery {
  status?: PaymentStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

export async function depositHistory(
  db: Queryable,
  customerId: number,
  query: HistoryQuery,
  isSandbox: (gatewayCode: string | null) => boolean,
  now = Date.now(),
): Promise<DepositHistory> {
  const problem = statementRangeProblem(query, now);
  if (problem) throw errors.validation(problem.message.replace('交易记录', '充值记录'), { [problem.field]: problem.message.replace('交易记录', '充值记录') });
  const window = statementWindow(now);
  const from = query.from ?? window.earliest;
  const to = query.to ?? window.today;
  const filter = `d.customer_id = $1 AND ($2::text IS NULL OR d.status = $2)
     AND d.created_at >= ($3::date)::timestamp AT TIME ZONE 'Asia/Shanghai'
     AND d.created_at < ($4::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
  const params = [customerId, query.status ?? null, from, to];
  const total = await db.query<{ total: number }>(`SELECT count(*)::bigint AS total FROM deposits d WHERE ${filter}`, params);
  const rows = await db.query<DepositWithMethod>(
    `${SELECT_WITH_METHOD} WHERE ${filter} ORDER BY d.created_at DESC, d.id DESC LIMIT $5 OFFSET $6`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    items: rows.rows.map((row) => depositView(row, isSandbox)),
    total: total.rows[0]!.total,
    page: query.page,
    pageSize: query.pageSize,
    from,
    to,
  };
}
