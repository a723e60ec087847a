// The transfer form's rules, apart from the screen: whole 元, more than 0, no more than what the side
// the money leaves holds. The shared schema (TransferRequestSchema) says the same on the server.
import { TransferRequestSchema } from '../../../../shared/api/third-party.ts';
import { UNITS_PER_YUAN, type Money } from '../../../../shared/money.ts';
import { readAmount } from '../../../../shared/validation/amount-text.ts';

export const INSUFFICIENT_MESSAGE = '可转余额不足';

/** The amount the text stands for, or the message that says why it cannot be sent. */
export function checkTransferAmount(text: string, available: Money): { amount: Money } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: '请输入转账金额' };
  const amount = readAmount(trimmed);
  if (amount === null) return { error: '请输入正确的金额' };
  const checked = TransferRequestSchema.shape.amount.safeParse(amount);
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? '请输入正确的金额' };
  if (amount > available) return { error: INSUFFICIENT_MESSAGE };
  return { amount };
}

/** 全部: everything the side holds, down to whole 元 (providers take whole amounts). */
export function wholeYuan(amount: Money): Money {
  return Math.max(0, Math.floor(amount / UNITS_PER_YUAN) * UNITS_PER_YUAN);
}

export const yuanText = (amount: Money): string => String(Math.floor(amount / UNITS_PER_YUAN));
