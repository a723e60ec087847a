// The 绑定 form's values for every payout kind, the request body built from them, and the checks
// (the shared schema of spec §5, plus what depends on the form's state: the real name while none is
// set, the USDT address against its protocol).
import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import {
  BANK_CODE_MESSAGE,
  BindPayoutAccountSchema,
  isKnownBankCode,
  usdtAddressProblem,
  type BindPayoutAccount,
  type PayoutKind,
} from '../../../../shared/api/withdrawals.ts';
import type { UsdtProtocol } from '../../../../shared/enums.ts';
import { realNameRule } from '../../../../shared/validation/real-name.ts';

export interface BindValues {
  bankCode: string;
  accountNumber: string;
  branch: string;
  realName: string;
  protocol: UsdtProtocol;
  address: string;
  account: string;
  walletName: string;
  walletAddress: string;
  moneyPassword: string;
}

export const EMPTY_BIND_VALUES: BindValues = {
  bankCode: '',
  accountNumber: '',
  branch: '',
  realName: '',
  protocol: 'USDT_TRC20',
  address: '',
  account: '',
  walletName: '',
  walletAddress: '',
  moneyPassword: '',
};

/** The kinds whose account carries the player's real name, with the name's label there. */
export const REAL_NAME_LABELS: Partial<Record<PayoutKind, string>> = { BANK: '开户人姓名', ALIPAY: '支付宝实名', WECHAT: '微信实名' };

export const USDT_PROTOCOL_LABELS: Record<UsdtProtocol, string> = { USDT_ERC20: 'ERC20', USDT_TRC20: 'TRC20' };

/** The body for `kind`: only its own fields; the real name only while the account has none. */
export function bindBody(kind: PayoutKind, values: BindValues, needsRealName: boolean): Record<string, unknown> {
  const realName = needsRealName && values.realName.trim() !== '' ? { realName: values.realName } : {};
  const moneyPassword = values.moneyPassword;
  switch (kind) {
    case 'BANK':
      return { kind, bankCode: values.bankCode, accountNumber: values.accountNumber, branch: values.branch, ...realName, moneyPassword };
    case 'USDT':
      return { kind, protocol: values.protocol, address: values.address, moneyPassword };
    case 'ALIPAY':
    case 'WECHAT':
      return { kind, account: values.account, ...realName, moneyPassword };
    case 'TO_PAY':
      return { kind, address: values.address, moneyPassword };
    case 'DIGITAL_RMB':
      return { kind, walletName: values.walletName, walletAddress: values.walletAddress, moneyPassword };
  }
}

/** The form's errors by field; empty when the body may be sent. */
export function validateBind(kind: PayoutKind, values: BindValues, needsRealName: boolean): FormErrors {
  const body = bindBody(kind, values, needsRealName);
  const errors: FormErrors = { ...schemaResolver(BindPayoutAccountSchema, { sync: true })(body) };
  if (kind === 'BANK' && !isKnownBankCode(values.bankCode)) errors.bankCode = BANK_CODE_MESSAGE;
  const realNameLabel = REAL_NAME_LABELS[kind];
  if (realNameLabel !== undefined && needsRealName) {
    const checked = realNameRule(realNameLabel).required.safeParse(values.realName);
    if (!checked.success) errors.realName = checked.error.issues[0]?.message ?? '';
  }
  if (kind === 'USDT' && !errors.address) {
    const problem = usdtAddressProblem(values.protocol, values.address);
    if (problem) errors.address = problem;
  }
  return ordered(errors, FIELD_ORDER);
}

const FIELD_ORDER = ['bankCode', 'accountNumber', 'branch', 'realName', 'protocol', 'address', 'account', 'walletName', 'walletAddress', 'moneyPassword'];

/** The first error toasted is the first field on screen. */
function ordered(errors: FormErrors, order: readonly string[]): FormErrors {
  const result: FormErrors = {};
  for (const key of order) if (errors[key]) result[key] = errors[key];
  for (const [key, message] of Object.entries(errors)) if (!(key in result) && message) result[key] = message;
  return result;
}

export type { BindPayoutAccount };
