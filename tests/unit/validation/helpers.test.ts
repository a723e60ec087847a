import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  fieldErrorsFromIssues,
  firstError,
  identical,
  passesLuhn,
  realNameRule,
  required,
  requiredList,
  rules,
} from '../../../src/shared/validation/index.ts';

describe('required', () => {
  it("refuses blank with '{label}不可以为空'", () => {
    const bank = required('开户银行');
    for (const blank of ['', '  ', undefined, null]) expect(firstError(bank, blank)).toBe('开户银行不可以为空');
    expect(bank.parse(' 工商银行 ')).toBe('工商银行');
  });

  it('hands anything else to the given schema', () => {
    const gender = required('性别', z.enum(['MALE', 'FEMALE'], { error: '请选择性别' }));
    expect(gender.parse('MALE')).toBe('MALE');
    expect(firstError(gender, '')).toBe('性别不可以为空');
    expect(firstError(gender, 'OTHER')).toBe('请选择性别');
  });
});

describe('requiredList', () => {
  const games = requiredList('彩种', z.string());

  it("refuses an empty or missing list with '请选择至少一个{label}'", () => {
    expect(firstError(games, [])).toBe('请选择至少一个彩种');
    expect(firstError(games, undefined)).toBe('请选择至少一个彩种');
  });

  it('accepts one entry or more', () => {
    expect(games.parse(['CQSSC'])).toEqual(['CQSSC']);
  });
});

describe('identical', () => {
  const schema = identical(
    z.object({
      password: rules.password.required,
      confirmPassword: rules.password.required,
      captcha: rules.captcha.required,
    }),
    { field: 'password', confirmField: 'confirmPassword', label: '密码' },
  );

  it("puts '两次输入的{label}不一致' on the confirmation", () => {
    expect(fieldErrors(schema, { password: 'abcd1234', confirmPassword: 'abcd12345', captcha: 'ab12' })).toEqual({
      confirmPassword: '两次输入的密码不一致',
    });
  });

  it('is checked while other fields still have errors', () => {
    expect(fieldErrors(schema, { password: 'abcd1234', confirmPassword: 'abcd12345', captcha: '' })).toEqual({
      captcha: '验证码不可以为空',
      confirmPassword: '两次输入的密码不一致',
    });
  });

  it('waits until both values are valid on their own', () => {
    expect(fieldErrors(schema, { password: 'abc', confirmPassword: 'abcd1234', captcha: 'ab12' })).toEqual({
      password: '密码由 8~16 位数字字母组成，并同时含数字和字母',
    });
  });

  it('accepts matching values', () => {
    expect(firstError(schema, { password: 'abcd1234', confirmPassword: 'abcd1234', captcha: 'ab12' })).toBeNull();
  });
});

describe('realNameRule with a label', () => {
  const holder = realNameRule('持卡人姓名');

  it('names the field in its messages', () => {
    expect(firstError(holder.required, '张三1')).toBe('持卡人姓名只支持中/英文');
    expect(firstError(holder.required, '')).toBe('持卡人姓名不可以为空');
    expect(holder.optional.parse('')).toBeUndefined();
    expect(holder.required.parse(' 李四 ')).toBe('李四');
  });
});

describe('firstError and fieldErrors', () => {
  const schema = z.object({ phone: rules.phone.required, qq: rules.qq.optional, alias: rules.alias.required });

  it('give null and {} for a valid value', () => {
    expect(firstError(schema, { phone: '13800138000', alias: '小明' })).toBeNull();
    expect(fieldErrors(schema, { phone: '13800138000', qq: '', alias: '小明' })).toEqual({});
  });

  it('give the first message, and the first message of each field', () => {
    const value = { phone: '138', qq: '12', alias: '' };
    expect(firstError(schema, value)).toBe('手机号码由 11 位数字组成');
    expect(fieldErrors(schema, value)).toEqual({
      phone: '手机号码由 11 位数字组成',
      qq: 'QQ号码由 5~15 位数字组成',
      alias: '昵称由 1~36 个字元组成',
    });
  });

  it('leave issues about the whole value to firstError', () => {
    const result = schema.safeParse('not an object');
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({});
    expect(firstError(schema, 'not an object')).not.toBeNull();
  });
});

describe('passesLuhn', () => {
  it('tells valid check digits from invalid ones', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});
