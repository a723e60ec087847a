// Spec §5 rules for account, login and contact fields.
import { charLength, matches, textRule } from './field-rule.ts';
import { realNameRule } from './real-name.ts';

const EMAIL_MAX_LENGTH = 50;
const EMAIL_LOCAL_MAX_LENGTH = 29;
const EMAIL = /^([A-Za-z0-9._%+-]+)@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

function isEmail(text: string): boolean {
  const local = EMAIL.exec(text)?.[1];
  return local !== undefined && local.length <= EMAIL_LOCAL_MAX_LENGTH && text.length <= EMAIL_MAX_LENGTH;
}

export const alias = textRule({
  label: '昵称',
  kind: 'name',
  blankMessage: '昵称由 1~36 个字元组成',
  checks: [{ test: (text) => charLength(text) <= 36, message: '昵称由 1~36 个字元组成' }],
});

export const username = textRule({
  label: '用户名',
  kind: 'name',
  checks: [matches(/^\w{6,16}$/, '用户名由 6~16 位字母、数字或下划线组成')],
});

export const password = textRule({
  label: '密码',
  keepWhitespace: true,
  checks: [matches(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{8,16}$/, '密码由 8~16 位数字字母组成，并同时含数字和字母')],
});

/** A password set before today's rules (login, current password when changing it). */
export const existingPassword = textRule({
  label: '密码',
  keepWhitespace: true,
  checks: [{ test: (text) => charLength(text) >= 5 && charLength(text) <= 32, message: '密码格式有误' }],
});

export const phone = textRule({
  label: '手机号码',
  checks: [matches(/^1\d{10}$/, '手机号码由 11 位数字组成')],
});

export const email = textRule({
  label: '邮箱',
  checks: [{ test: isEmail, message: '请输入有效的邮箱地址' }],
});

export const qq = textRule({
  label: 'QQ号码',
  checks: [matches(/^\d{5,15}$/, 'QQ号码由 5~15 位数字组成')],
});

export const wechat = textRule({
  label: '微信号',
  checks: [matches(/^[\w-]{6,20}$/, '微信号由 6~20 位字母、数字、_ 或 - 组成')],
});

/** The 6-digit code of an authenticator or of an SMS/e-mail verification. */
export const authCode = textRule({
  label: '验证码',
  checks: [matches(/^\d{6}$/, '验证码由 6 位数字组成')],
});

export const captcha = textRule({
  label: '验证码',
  checks: [matches(/^[A-Za-z0-9]{4}$/, '验证码由 4 位数字或字母组成')],
});

export const realName = realNameRule();
