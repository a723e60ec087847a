// A deposit row (deposits, drizzle/0022_deposits.sql) and how it is read and locked.
import type { DepositKind, ReceivingAccount } from '../../../shared/api/deposits.ts';
import type { PaymentStatus } from '../../../shared/enums.ts';
import type { Money } from '../../../shared/money.ts';
import type { Queryable } from '../../db/pool.ts';

export interface DepositRow {
  id: number;
  reference: string;
  customer_id: number;
  method_code: string;
  kind: DepositKind;
  amount: Money;
  fee: Money;
  paid_amount: Money | null;
  credited_amount: Money | null;
  status: PaymentStatus;
  gateway_code: string | null;
  gateway_payment_id: string | null;
  cashier_url: string | null;
  payer_name: string | null;
  payer_reference: string | null;
  receiving_account: ReceivingAccount | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  credited_at: Date | null;
  transfer_id: number | null;
  failure_reason: string | null;
  note: string | null;
  confirmed_by: number | null;
  confirmed_at: Date | null;
  client_key: string;
}

/** Statuses a deposit can still leave on its own (a payment, a confirmation, or expiry). */
export const OPEN_STATUSES: readonly PaymentStatus[] = ['PENDING', 'WAITING_FOR_AUDIT'];

/** Locks one deposit for the rest of the caller's transaction. */
export async function lockDeposit(db: Queryable, id: number): Promise<DepositRow | null> {
  const found = await db.query<DepositRow>('SELECT * FROM deposits WHERE id = $1 FOR UPDATE', [id]);
  return found.rows[0] ?? null;
}

export async function lockDepositByReference(db: Queryable, reference: string): Promise<DepositRow | null> {
  const found = await db.query<DepositRow>('SELECT * FROM deposits WHERE reference = $1 FOR UPDATE', [reference]);
  return found.rows[0] ?? null;
}

/** Appends a line to the finance note (several things can be worth noting about one deposit). */
export function withNote(existing: string | null, line: string | null): string | null {
  if (!line) return existing;
  return existing ? `${existing}；${line}` : line;
}
