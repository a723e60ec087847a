// The back office's 提现设置 form: 元 text and whole numbers in, the settings the server checks out,
// with the shared schema's Chinese messages per field.
import { describe, expect, it } from 'vitest';
import type { WithdrawalSettings } from '../../src/shared/backoffice/finance-withdrawals.ts';
import { fromValues, toValues } from '../../src/backoffice/features/finance-withdrawals/settings-form.ts';

const SETTINGS: WithdrawalSettings = {
  minAmount: 100_0000,
  maxAmount: 50_000_0000,
  dailyCountLimit: 5,
  dailyAmountLimit: 200_000_0000,
  feeRateBp: 150,
  feeMin: 2_5000,
  auditAmountThreshold: 10_000_0000,
  largeAmountThreshold: 50_000_0000,
  newAccountHours: 24,
  winRatioBp: 100_000,
  maxAccountsPerKind: 5,
  enabledKinds: ['BANK', 'USDT'],
};

describe('withdrawal settings form', () => {
  it('shows amounts in 元 and reads them back unchanged', () => {
    const values = toValues(SETTINGS);
    expect(values.minAmount).toBe('100');
    expect(values.feeMin).toBe('2.5');
    expect(values.feeRateBp).toBe('150');
    expect(fromValues(values)).toEqual({ settings: SETTINGS });
  });

  it('keeps the enabled kinds in tab order whatever order they were ticked', () => {
    const result = fromValues({ ...toValues(SETTINGS), enabledKinds: ['DIGITAL_RMB', 'BANK', 'ALIPAY'] });
    expect('settings' in result && result.settings.enabledKinds).toEqual(['BANK', 'ALIPAY', 'DIGITAL_RMB']);
  });

  it('names each field that cannot be read, with the schema message', () => {
    const result = fromValues({ ...toValues(SETTINGS), minAmount: 'abc', feeRateBp: '1.5', maxAccountsPerKind: '0', newAccountHours: '' });
    expect(result).toEqual({
      errors: { minAmount: '最低提现金额无效', feeRateBp: '手续费率无效', maxAccountsPerKind: '账户数量上限无效', newAccountHours: '新账户时长无效' },
    });
  });

  it('refuses a manual-audit amount above the large-amount one on that field, as the server does (four-eyes)', () => {
    expect(fromValues({ ...toValues(SETTINGS), auditAmountThreshold: '60000', largeAmountThreshold: '20000' })).toEqual({
      errors: { auditAmountThreshold: '人工审核金额不能高于大额审批金额' },
    });
    expect(fromValues({ ...toValues(SETTINGS), auditAmountThreshold: '20000', largeAmountThreshold: '20000' })).toEqual({
      settings: { ...SETTINGS, auditAmountThreshold: 20_000_0000, largeAmountThreshold: 20_000_0000 },
    });
  });
});
