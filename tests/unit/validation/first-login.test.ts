import { describe, expect, it } from 'vitest';
import {
  emailCodeRequestSchema,
  fieldErrors,
  firstError,
  firstLoginSchema,
  phoneCodeRequestSchema,
  VERIFICATION_CODE_MAX_LENGTH,
} from '../../../src/shared/validation/index.ts';

const phoneVerification = { phone: '13800138000', verificationCode: '123456' };
const emailVerification = { email: 'player@example.com', verificationCode: '654321' };
const blankPhone = { phone: '', verificationCode: '' };
const blankEmail = { email: '', verificationCode: '' };

describe('first login', () => {
  describe('when no contact is required', () => {
    const schema = firstLoginSchema({ contactRequired: false });

    it('needs only a valid new password', () => {
      expect(schema.parse({ newPassword: 'abcd1234' })).toEqual({ newPassword: 'abcd1234' });
    });

    it('checks the new password', () => {
      expect(firstError(schema, {})).toBe('密码不可以为空');
      expect(firstError(schema, { newPassword: 'abcdefgh' })).toBe('密码由 8~16 位数字字母组成，并同时含数字和字母');
    });

    it('reads contact groups the form left blank as not given', () => {
      const parsed = schema.parse({ newPassword: 'abcd1234', phoneVerification: blankPhone, emailVerification: blankEmail });
      expect(parsed).toEqual({ newPassword: 'abcd1234' });
    });

    it('still checks a contact that was started', () => {
      expect(firstError(schema, { newPassword: 'abcd1234', phoneVerification: { phone: '13800138000', verificationCode: '' } })).toBe(
        '验证码不可以为空',
      );
      expect(fieldErrors(schema, { newPassword: 'abcd1234', emailVerification: { email: 'bad', verificationCode: '12' } })).toEqual({
        'emailVerification.email': '请输入有效的邮箱地址',
        'emailVerification.verificationCode': '验证码由 6 位数字组成',
      });
    });

    it('wants the code as exactly 6 digits', () => {
      for (const verificationCode of ['12345', '1234567', '12345a']) {
        expect(firstError(schema, { newPassword: 'abcd1234', phoneVerification: { ...phoneVerification, verificationCode } })).toBe(
          '验证码由 6 位数字组成',
        );
      }
      expect(VERIFICATION_CODE_MAX_LENGTH).toBe('123456'.length);
    });
  });

  describe('when firstLoginContactRequired', () => {
    const schema = firstLoginSchema({ contactRequired: true });

    it('refuses a payload without a verified phone or e-mail', () => {
      expect(firstError(schema, { newPassword: 'abcd1234' })).toBe('请验证手机号码或邮箱');
      expect(firstError(schema, { newPassword: 'abcd1234', phoneVerification: blankPhone, emailVerification: blankEmail })).toBe(
        '请验证手机号码或邮箱',
      );
    });

    it('accepts a phone or an e-mail verification', () => {
      expect(schema.parse({ newPassword: 'abcd1234', phoneVerification })).toEqual({ newPassword: 'abcd1234', phoneVerification });
      expect(schema.parse({ newPassword: 'abcd1234', emailVerification })).toEqual({ newPassword: 'abcd1234', emailVerification });
    });

    it('reports the nested field that is wrong', () => {
      expect(fieldErrors(schema, { newPassword: 'abcd1234', phoneVerification: { phone: '1380013800', verificationCode: '123456' } })).toEqual({
        'phoneVerification.phone': '手机号码由 11 位数字组成',
      });
    });
  });

  describe('manual variant', () => {
    const schema = firstLoginSchema({ contactRequired: false, manualVariant: true });

    it('requires accepting the user agreement', () => {
      expect(firstError(schema, { newPassword: 'abcd1234' })).toBe('请阅读并同意用户协议');
      expect(firstError(schema, { newPassword: 'abcd1234', agreementAccepted: false })).toBe('请阅读并同意用户协议');
      expect(firstError(schema, { newPassword: 'abcd1234', agreementAccepted: true })).toBeNull();
    });

    it('is not asked for outside the manual variant', () => {
      expect(firstError(firstLoginSchema({ contactRequired: false }), { newPassword: 'abcd1234', agreementAccepted: false })).toBeNull();
    });
  });
});

describe('sending a verification code', () => {
  it('checks the phone first', () => {
    expect(firstError(phoneCodeRequestSchema, { phone: '138' })).toBe('手机号码由 11 位数字组成');
    expect(firstError(phoneCodeRequestSchema, { phone: '' })).toBe('手机号码不可以为空');
    expect(phoneCodeRequestSchema.parse({ phone: '13800138000' })).toEqual({ phone: '13800138000' });
  });

  it('checks the e-mail first', () => {
    expect(firstError(emailCodeRequestSchema, { email: 'a@b' })).toBe('请输入有效的邮箱地址');
    expect(emailCodeRequestSchema.parse({ email: 'a@b.cn' })).toEqual({ email: 'a@b.cn' });
  });
});

describe('a request body of the wrong shape', () => {
  it('gets a Chinese message too', () => {
    expect(firstError(firstLoginSchema({ contactRequired: false }), 'abcd1234')).toBe('提交的数据格式有误');
    expect(firstError(firstLoginSchema({ contactRequired: false }), { newPassword: 'abcd1234', phoneVerification: '13800138000' })).toBe(
      '提交的数据格式有误',
    );
    expect(firstError(firstLoginSchema({ contactRequired: false }), { newPassword: 'abcd1234', agreementAccepted: 'yes' })).toBe(
      '提交的数据格式有误',
    );
    expect(firstError(phoneCodeRequestSchema, null)).toBe('提交的数据格式有误');
  });
});
