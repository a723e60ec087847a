// The fee the player sees before submitting: the server's own rule (shared withdrawalFee), with the
// payout gateway's amount step from the config.
import { withdrawalFee as feeByRule, type WithdrawalConfig } from '../../../../shared/api/withdrawals.ts';
import type { Money } from '../../../../shared/money.ts';

type FeeConfig = Pick<WithdrawalConfig, 'feeRateBp' | 'feeMin'> & Partial<Pick<WithdrawalConfig, 'payoutAmountStep'>>;

export function withdrawalFee(amount: Money, config: FeeConfig): Money {
  return feeByRule(amount, { feeRateBp: config.feeRateBp, feeMin: config.feeMin, amountStep: config.payoutAmountStep });
}

export function netAmount(amount: Money, config: FeeConfig): Money {
  return Math.max(0, amount - withdrawalFee(amount, config));
}
