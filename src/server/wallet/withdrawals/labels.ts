// How a payout account is shown: never the full number or address (a stolen session, or a screen seen
// over a shoulder, should not yield where the money goes).
import { PAYOUT_KIND_NAMES, type PayoutKind } from '../../../shared/api/withdrawals.ts';
import { BANKS, type UsdtProtocol } from '../../../shared/enums.ts';

export interface PayoutAccountRow {
  id: number;
  customer_id: number;
  kind: PayoutKind;
  account: string;
  account_key: string;
  last4: string | null;
  bank_code: string | null;
  branch: string | null;
  holder_name: string | null;
  protocol: UsdtProtocol | null;
  wallet_name: string | null;
  created_at: Date;
}

export function bankName(code: string | null): string | null {
  return code === null ? null : (BANKS.find((bank) => bank.code === code)?.name ?? code);
}

/** 'T9yDabc…xyz4kQm' → 'T9yD…4kQm'. */
export function maskMiddle(text: string): string {
  return text.length <= 8 ? `${text.slice(0, 2)}…${text.slice(-2)}` : `${text.slice(0, 4)}…${text.slice(-4)}`;
}

/** 'abcdef@qq.com' → 'ab***@qq.com'; 'wxid_abcdef' → 'wx***ef'. */
export function maskAccountName(text: string): string {
  const at = text.indexOf('@');
  if (at > 0) return `${text.slice(0, Math.min(2, at))}***${text.slice(at)}`;
  return text.length <= 4 ? `${text.slice(0, 1)}***` : `${text.slice(0, 2)}***${text.slice(-2)}`;
}

/** 张三 → 张*, 张小三 → 张*三, Alice Wong → A***. */
export function maskRealName(name: string): string {
  const chars = [...name];
  if (/^[A-Za-z]/.test(name)) return `${chars[0]}***`;
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export function payoutAccountLabel(row: Pick<PayoutAccountRow, 'kind' | 'account' | 'last4' | 'bank_code' | 'protocol' | 'wallet_name'>): string {
  switch (row.kind) {
    case 'BANK':
      return `${bankName(row.bank_code)} **** ${row.last4}`;
    case 'USDT':
      return `${row.protocol === 'USDT_ERC20' ? 'USDT-ERC20' : 'USDT-TRC20'} ${maskMiddle(row.account)}`;
    case 'ALIPAY':
    case 'WECHAT':
      return `${PAYOUT_KIND_NAMES[row.kind]} ${maskAccountName(row.account)}`;
    case 'TO_PAY':
      return `${PAYOUT_KIND_NAMES.TO_PAY} ${maskMiddle(row.account)}`;
    case 'DIGITAL_RMB':
      return `${PAYOUT_KIND_NAMES.DIGITAL_RMB} ${row.wallet_name ?? ''} **** ${row.last4}`;
  }
}
