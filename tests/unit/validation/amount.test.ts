import { describe, expect, it } from 'vitest';
import { parseYuan, yuan } from '../../../src/shared/money.ts';
import {
  amountRule,
  firstError,
  formatAmountPlain,
  readAmount,
} from '../../../src/shared/validation/index.ts';
import { show } from './show.ts';

describe('reading an amount input as Money', () => {
  it.each([
    ['12.5', 125_000],
    [' 12.5 ', 125_000],
    [12.5, 125_000],
    ['0.0001', 1],
    ['1000', 10_000_000],
    [1000, 10_000_000],
    ['0.1', 1000],
    [0.1, 1000],
    ['-0.5', -5000],
    ['12.', 120_000],
  ] as const)('%j is %i', (input, money) => {
    expect(readAmount(input)).toBe(money);
  });

  it('reads -0 as 0', () => {
    expect(Object.is(readAmount('-0'), 0)).toBe(true);
  });

  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    const sum = (readAmount('0.1') ?? Number.NaN) + (readAmount('0.2') ?? Number.NaN);
    expect(sum).toBe(readAmount('0.3'));
  });

  it.each([
    0.1 + 0.2,
    '0.30000000000000004',
    '12.34567',
    '1e3',
    1e21,
    5e-7,
    'NaN',
    Number.NaN,
    'Infinity',
    '-Infinity',
    Number.POSITIVE_INFINITY,
    '1,000',
    '.5',
    'abc',
    '99999999999999',
    true,
    {},
  ])('refuses %j', (input) => {
    expect(readAmount(input)).toBeNull();
  });
});

describe('formatting an amount for a message', () => {
  it.each([
    [yuan(10), '10'],
    [5000, '0.5'],
    [1, '0.0001'],
    [0, '0'],
    [123_450, '12.345'],
    [-12_345, '-1.2345'],
  ])('%i is %s', (money, text) => {
    expect(formatAmountPlain(money)).toBe(text);
  });
});

describe('amountRule', () => {
  describe('defaults (label 金额, unit 元)', () => {
    const { required, optional } = amountRule();

    it('parses to Money', () => {
      expect(required.parse(' 12.5 ')).toBe(125_000);
      expect(required.parse(0.1)).toBe(1000);
      expect(optional.parse('0.0001')).toBe(1);
    });

    for (const input of [0.1 + 0.2, '12.34567', '1e3', 'NaN', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY, 'abc']) {
      it(`refuses ${show(input)} with 请输入有效的金额`, () => {
        expect(firstError(required, input)).toBe('请输入有效的金额');
        expect(firstError(optional, input)).toBe('请输入有效的金额');
      });
    }

    it('refuses blank in the required form and accepts it in the optional form', () => {
      for (const blank of ['', '  ', undefined, null]) {
        expect(firstError(required, blank)).toBe('金额不可以为空');
        expect(optional.parse(blank)).toBeUndefined();
      }
    });
  });

  describe('integer only', () => {
    const { required } = amountRule({ integerOnly: true });

    it('accepts whole yuan, however written', () => {
      expect(required.parse('10')).toBe(yuan(10));
      expect(required.parse('10.00')).toBe(yuan(10));
    });

    it('refuses fractions', () => {
      expect(firstError(required, '10.5')).toBe('输入的金额必须为整数');
      expect(firstError(required, '0.0001')).toBe('输入的金额必须为整数');
    });
  });

  describe('inclusive bounds', () => {
    const { required } = amountRule({ min: yuan(10), max: yuan(5000) });

    it('accepts both bounds', () => {
      expect(required.parse('10')).toBe(yuan(10));
      expect(required.parse('5000')).toBe(yuan(5000));
    });

    it('refuses just outside them', () => {
      expect(firstError(required, '9.9999')).toBe('金额不能低于 10 元');
      expect(firstError(required, '5000.0001')).toBe('金额不能高于 5000 元');
    });
  });

  describe('exclusive bounds', () => {
    const { required } = amountRule({ min: 0, minExclusive: true, max: yuan(100), maxExclusive: true });

    it('refuses the bounds themselves', () => {
      expect(firstError(required, '0')).toBe('金额不能低于 0 元');
      expect(firstError(required, '100')).toBe('金额不能高于 100 元');
    });

    it('accepts just inside them', () => {
      expect(required.parse('0.0001')).toBe(1);
      expect(required.parse('99.9999')).toBe(999_999);
    });
  });

  it('puts its label and unit in every message, with bounds shown without trailing zeros', () => {
    const { required } = amountRule({
      label: '转账金额',
      unit: 'USDT',
      integerOnly: true,
      min: parseYuan('0.5'),
      max: parseYuan('1000.50'),
    });
    expect(firstError(required, 'x')).toBe('请输入有效的转账金额');
    expect(firstError(required, '')).toBe('转账金额不可以为空');
    expect(firstError(required, '1.5')).toBe('输入的转账金额必须为整数');
    expect(firstError(required, '0')).toBe('转账金额不能低于 0.5 USDT');
    expect(firstError(required, '1001')).toBe('转账金额不能高于 1000.5 USDT');
  });

  describe('recommended amounts with free input between min and max', () => {
    const { required } = amountRule({
      min: yuan(100),
      max: yuan(10_000),
      recommended: [yuan(50), yuan(100), yuan(20_000)],
    });

    it('accepts every recommended amount, even outside the bounds', () => {
      expect(required.parse('50')).toBe(yuan(50));
      expect(required.parse(20_000)).toBe(yuan(20_000));
    });

    it('accepts free input within the bounds', () => {
      expect(required.parse('100')).toBe(yuan(100));
      expect(required.parse('512.34')).toBe(5_123_400);
    });

    it('offers both choices when free input is out of bounds', () => {
      expect(firstError(required, '99.99')).toBe('请选择推荐金额或填入金额100~10000');
      expect(firstError(required, '10000.01')).toBe('请选择推荐金额或填入金额100~10000');
    });
  });

  it('names the broken bound when recommended amounts have only one bound', () => {
    const { required } = amountRule({ min: yuan(10), recommended: [yuan(5)] });
    expect(required.parse('5')).toBe(yuan(5));
    expect(firstError(required, '6')).toBe('金额不能低于 10 元');
  });

  describe('recommended amounts only', () => {
    const { required } = amountRule({ recommended: [yuan(100), yuan(500)], recommendedOnly: true, min: yuan(1000) });

    it('accepts a recommended amount, however written', () => {
      expect(required.parse('100')).toBe(yuan(100));
      expect(required.parse('500.00')).toBe(yuan(500));
    });

    it('refuses any other amount', () => {
      expect(firstError(required, '200')).toBe('请选择推荐金额');
      expect(firstError(required, '1000')).toBe('请选择推荐金额');
    });

    it('uses its label', () => {
      const deposit = amountRule({ label: '充值金额', recommended: [yuan(100)], recommendedOnly: true });
      expect(firstError(deposit.required, '1')).toBe('请选择推荐充值金额');
    });
  });
});
