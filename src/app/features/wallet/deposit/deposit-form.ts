// The deposit form's rules, the same the server applies (spec §5 through the method's amount rule),
// and what the player would receive.
import { depositAmountRule, depositFee, PAYER_NAME_LABEL, type DepositMethodView } from '../../../../shared/api/deposits.ts';
import type { Money } from '../../../../shared/money.ts';
import { readAmount } from '../../../../shared/validation/amount-text.ts';
import { realNameRule } from '../../../../shared/validation/real-name.ts';

export interface DepositFormValues {
  amount: string;
  payerName: string;
}

export const SELECT_METHOD_MESSAGE = '请选择充值方式';
const payerNameRule = realNameRule(PAYER_NAME_LABEL);

/** Field → first message, empty when the form may be sent. */
export function depositFormErrors(values: DepositFormValues, method: DepositMethodView | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!method) {
    errors.methodCode = SELECT_METHOD_MESSAGE;
    return errors;
  }
  const amount = depositAmountRule(method).required.safeParse(values.amount.trim());
  if (!amount.success) errors.amount = amount.error.issues[0]?.message ?? '';
  if (method.kind === 'OFFLINE') {
    const name = payerNameRule.required.safeParse(values.payerName);
    if (!name.success) errors.payerName = name.error.issues[0]?.message ?? '';
  }
  return errors;
}

/** The fee and what reaches the wallet for the amount typed so far (0 while it is not an amount). */
export function depositPreview(amountText: string, method: DepositMethodView | null): { fee: Money; credited: Money } {
  const amount = readAmount(amountText.trim());
  if (!method || amount === null || amount <= 0) return { fee: 0, credited: 0 };
  const fee = depositFee(amount, method);
  return { fee, credited: amount - fee };
}
