// The method configuration form: 元 text on screen, Money in the request; the shared schema checks it.
import type { DepositMethodConfig, UpdateDepositMethod } from '../../../shared/backoffice/finance-deposits.ts';
import { formatAmountPlain, readAmount } from '../../../shared/validation/amount-text.ts';

export interface MethodFormValues {
  enabled: boolean;
  minAmount: string;
  maxAmount: string;
  /** 元, separated by commas or spaces. */
  recommendedAmounts: string;
  integerOnly: boolean;
  /** Percent, e.g. '1.5'. */
  feePercent: string;
  feeFixed: string;
  /** ×, e.g. '1' or '2.5'. */
  stakeMultiplier: string;
  sortOrder: string;
  receivingBank: string;
  receivingName: string;
  receivingAccount: string;
  receivingBranch: string;
}

export function formValuesOf(method: DepositMethodConfig): MethodFormValues {
  return {
    enabled: method.enabled,
    minAmount: formatAmountPlain(method.minAmount),
    maxAmount: formatAmountPlain(method.maxAmount),
    recommendedAmounts: method.recommendedAmounts.map(formatAmountPlain).join(', '),
    integerOnly: method.integerOnly,
    feePercent: String(method.feeRateBp / 100),
    feeFixed: formatAmountPlain(method.feeFixed),
    stakeMultiplier: String(method.stakeMultiplierBp / 10_000),
    sortOrder: String(method.sortOrder),
    receivingBank: method.receivingBank ?? '',
    receivingName: method.receivingName ?? '',
    receivingAccount: method.receivingAccount ?? '',
    receivingBranch: method.receivingBranch ?? '',
  };
}

/** Scales a decimal text by 10^places without floats; NaN when it is not one. */
function scaled(text: string, places: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > places) return Number.NaN;
  return Number(match[1]) * 10 ** places + Number((match[2] ?? '').padEnd(places, '0') || '0');
}

/** The request body, or the first problem of a field the schema cannot word (not a number at all). */
export function methodBody(values: MethodFormValues): { body: UpdateDepositMethod } | { field: keyof MethodFormValues; message: string } {
  const money = (field: keyof MethodFormValues, text: string, message: string) => {
    const amount = readAmount(text.trim());
    if (amount === null) throw { field, message };
    return amount;
  };
  try {
    const recommended = values.recommendedAmounts
      .split(/[,，\s]+/)
      .filter(Boolean)
      .map((text) => money('recommendedAmounts', text, '请输入有效的推荐金额'));
    const feeRateBp = scaled(values.feePercent, 2);
    if (Number.isNaN(feeRateBp)) return { field: 'feePercent', message: '请输入有效的手续费率' };
    const stakeMultiplierBp = scaled(values.stakeMultiplier, 4);
    if (Number.isNaN(stakeMultiplierBp)) return { field: 'stakeMultiplier', message: '请输入有效的打码倍数' };
    const sortOrder = /^\d{1,6}$/.test(values.sortOrder.trim()) ? Number(values.sortOrder.trim()) : Number.NaN;
    if (Number.isNaN(sortOrder)) return { field: 'sortOrder', message: '请输入有效的排序' };
    return {
      body: {
        enabled: values.enabled,
        minAmount: money('minAmount', values.minAmount, '请输入有效的最低金额'),
        maxAmount: money('maxAmount', values.maxAmount, '请输入有效的最高金额'),
        recommendedAmounts: recommended,
        integerOnly: values.integerOnly,
        feeRateBp,
        feeFixed: money('feeFixed', values.feeFixed, '请输入有效的固定手续费'),
        stakeMultiplierBp,
        sortOrder,
        receivingBank: values.receivingBank,
        receivingName: values.receivingName,
        receivingAccount: values.receivingAccount,
        receivingBranch: values.receivingBranch,
      },
    };
  } catch (problem) {
    return problem as { field: keyof MethodFormValues; message: string };
  }
}
