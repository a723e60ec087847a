// Spec §5 rules for bank cards, wallets and payment accounts.
import { matches, textRule } from './field-rule.ts';
import { passesLuhn } from './luhn.ts';

const WALLET_ADDRESS_MESSAGE = '钱包地址格式有误';

export const bankCardAccount = textRule({
  label: '银行卡号',
  checks: [{ test: (text) => /^\d{16,19}$/.test(text) && passesLuhn(text), message: '输入的银行卡号有误，请仔细核对' }],
});

export const bankCardBranch = textRule({
  label: '开户支行',
  checks: [matches(/^\p{Script=Han}{1,20}$/u, '开户支行仅支持 1~20 个中文字')],
});

export const last4Digit = textRule({
  label: '卡号后四位',
  checks: [matches(/^\d{4}$/, '请输入卡号后 4 位数字')],
});

export const usdtErcAddress = textRule({
  label: '钱包地址',
  checks: [matches(/^0x[A-Za-z0-9]{40}$/, WALLET_ADDRESS_MESSAGE)],
});

export const usdtTrcAddress = textRule({
  label: '钱包地址',
  checks: [matches(/^T[A-Za-z0-9]{33}$/, WALLET_ADDRESS_MESSAGE)],
});

export const toPayAddress = textRule({
  label: '钱包地址',
  checks: [matches(/^(?:[A-Za-z0-9]{16}|[A-Za-z0-9]{18})$/, WALLET_ADDRESS_MESSAGE)],
});

export const digitalRmbWalletName = textRule({
  label: '钱包名称',
  checks: [matches(/^[A-Za-z0-9\p{Script=Han}]{1,10}$/u, '钱包名称格式不符')],
});

export const digitalRmbWalletAddress = textRule({
  label: '钱包编号',
  checks: [matches(/^\d{16}$/, '钱包编号格式不符')],
});

export const alipayAccountName = textRule({
  label: '支付宝账号',
  checks: [matches(/^[A-Za-z0-9@.+\-_]{6,100}$/, '支付宝账号由 6~100 位字母、数字或 @ . + - _ 组成')],
});
