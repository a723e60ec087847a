// Deposit methods as the operator configured them (deposit_methods, drizzle/0022_deposits.sql).
import type { DepositKind, DepositMethodGroup, DepositMethodView, ReceivingAccount } from '../../../shared/api/deposits.ts';
import type { DepositMethod } from '../../../shared/enums.ts';
import type { Money } from '../../../shared/money.ts';
import type { Queryable } from '../../db/pool.ts';

export interface DepositMethodRow {
  code: DepositMethod;
  name: string;
  group_code: DepositMethodGroup;
  kind: DepositKind;
  enabled: boolean;
  min_amount: Money;
  max_amount: Money;
  recommended_amounts: string[] | number[];
  integer_only: boolean;
  fee_rate_bp: number;
  fee_fixed: Money;
  stake_multiplier_bp: number;
  sort_order: number;
  receiving_bank: string | null;
  receiving_name: string | null;
  receiving_account: string | null;
  receiving_branch: string | null;
  updated_at: Date;
}

/**
 * The player's view of a method (limits, fee, recommended amounts). `gatewayStep`: the payment gateway's
 * amount step (PaymentGateway.amountStep); an online method through a gateway counting in 分 takes whole 分 only.
 */
export function methodView(row: DepositMethodRow, gatewayStep: Money = 1): DepositMethodView {
  return {
    ...(row.kind === 'ONLINE' && gatewayStep === 100 ? { fenOnly: true } : {}),
    code: row.code,
    name: row.name,
    group: row.group_code,
    kind: row.kind,
    minAmount: Number(row.min_amount),
    maxAmount: Number(row.max_amount),
    recommendedAmounts: row.recommended_amounts.map(Number),
    integerOnly: row.integer_only,
    feeRateBp: row.fee_rate_bp,
    feeFixed: Number(row.fee_fixed),
  };
}

export function receivingAccountOf(row: DepositMethodRow): ReceivingAccount | null {
  if (row.kind !== 'OFFLINE') return null;
  return { bank: row.receiving_bank, name: row.receiving_name, account: row.receiving_account, branch: row.receiving_branch };
}

export async function loadMethod(db: Queryable, code: string): Promise<DepositMethodRow | null> {
  const found = await db.query<DepositMethodRow>('SELECT * FROM deposit_methods WHERE code = $1', [code]);
  return found.rows[0] ?? null;
}

export async function listMethods(db: Queryable, options: { enabledOnly: boolean }): Promise<DepositMethodRow[]> {
  const found = await db.query<DepositMethodRow>(
    `SELECT * FROM deposit_methods WHERE ($1::boolean IS FALSE OR enabled) ORDER BY sort_order, code`,
    [options.enabledOnly],
  );
  return found.rows;
}
