// Amount rules of spec §5. The form holds 元 as text or a number; the parsed value is Money.
import { z } from 'zod';
import { UNITS_PER_YUAN, type Money } from '../money.ts';
import { formatAmountPlain, readAmount } from './amount-text.ts';
import { optionalForm, type FieldRule } from './field-rule.ts';
import { isBlank, requiredMessage } from './required.ts';

export interface AmountRuleOptions {
  /** Default '金额'. */
  readonly label?: string;
  /** Shown after the bound in '{label}不能低于 {min} {unit}'. Default '元'. */
  readonly unit?: string;
  readonly integerOnly?: boolean;
  /** Bounds are Money (0.0001 元), like every amount in the API; use `yuan(10)` for constants. */
  readonly min?: Money;
  readonly max?: Money;
  readonly minExclusive?: boolean;
  readonly maxExclusive?: boolean;
  /** Fixed amounts offered as buttons (Money). Each is always accepted. */
  readonly recommended?: readonly Money[];
  /** Only the recommended amounts are accepted; bounds and integerOnly then play no part. */
  readonly recommendedOnly?: boolean;
}

/**
 * The first problem with an amount, or null. Order: recommended amount (accepted as is),
 * integer-only, then the bounds. With recommended amounts and free input, a value outside the
 * bounds gets '请选择推荐金额或填入金额{min}~{max}' when both bounds are set, since either choice
 * would fix it; otherwise the single bound that was broken is named.
 */
export function amountProblem(amount: Money, options: AmountRuleOptions = {}): string | null {
  const { label = '金额', unit = '元', min, max, recommended = [] } = options;
  const isRecommended = recommended.includes(amount);
  if (options.recommendedOnly) return isRecommended ? null : `请选择推荐${label}`;
  if (isRecommended) return null;
  if (options.integerOnly && amount % UNITS_PER_YUAN !== 0) return `输入的${label}必须为整数`;

  const tooLow = min !== undefined && (options.minExclusive ? amount <= min : amount < min);
  const tooHigh = max !== undefined && (options.maxExclusive ? amount >= max : amount > max);
  if (!tooLow && !tooHigh) return null;
  if (recommended.length > 0 && min !== undefined && max !== undefined) {
    return `请选择推荐金额或填入金额${formatAmountPlain(min)}~${formatAmountPlain(max)}`;
  }
  if (tooLow) return `${label}不能低于 ${formatAmountPlain(min ?? 0)} ${unit}`;
  return `${label}不能高于 ${formatAmountPlain(max ?? 0)} ${unit}`;
}

/**
 * An amount field: '请输入有效的{label}' for anything that is not a plain decimal of at most
 * 4 places, then the checks of `amountProblem`. Parses to Money.
 */
export function amountRule(options: AmountRuleOptions = {}): FieldRule<Money> {
  const label = options.label ?? '金额';
  const required = z.unknown().transform((input, context): Money => {
    const problem = (message: string) => {
      context.issues.push({ code: 'custom', message, input });
      return z.NEVER;
    };
    if (isBlank(input)) return problem(requiredMessage(label));
    const amount = readAmount(input);
    if (amount === null) return problem(`请输入有效的${label}`);
    const message = amountProblem(amount, options);
    return message === null ? amount : problem(message);
  });
  return { label, required, optional: optionalForm(required) };
}
