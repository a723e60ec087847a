// The fee the player sees before submitting (the server computes the real one the same way).
import type { WithdrawalConfig } from '../../../../shared/api/withdrawals.ts';
import { scaleMoney, type Money } from '../../../../shared/money.ts';

/** max(feeMin, amount × feeRateBp / 10000), floored to 0.0001 元; nothing for nothing. */
export function withdrawalFee(amount: Money, config: Pick<WithdrawalConfig, 'feeRateBp' | 'feeMin'>): Money {
  if (amount <= 0) return 0;
  return Math.max(config.feeMin, scaleMoney(amount, config.feeRateBp, 10_000));
}

export function netAmount(amount: Money, config: Pick<WithdrawalConfig, 'feeRateBp' | 'feeMin'>): Money {
  return Math.max(0, amount - withdrawalFee(amount, config));
}
