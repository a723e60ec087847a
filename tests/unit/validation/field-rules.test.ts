import { describe, expect, it } from 'vitest';
import { firstError, rules, type RuleName } from '../../../src/shared/validation/index.ts';
import { show } from './show.ts';

interface RuleCase {
  readonly rule: RuleName;
  readonly blankMessage: string;
  readonly valid: readonly string[];
  /** [value, exact message] */
  readonly invalid: readonly (readonly [string, string])[];
}

const BLANKS = ['', '   ', undefined, null] as const;

const EMAIL_MESSAGE = '请输入有效的邮箱地址';
const WALLET_ADDRESS_MESSAGE = '钱包地址格式有误';
const PASSWORD_MESSAGE = '密码由 8~16 位数字字母组成，并同时含数字和字母';

const cases: readonly RuleCase[] = [
  {
    rule: 'alias',
    blankMessage: '昵称由 1~36 个字元组成',
    valid: ['a', '锦'.repeat(36), '😀'.repeat(36), 'Lucky 锦鲤'],
    invalid: [
      ['锦'.repeat(37), '昵称由 1~36 个字元组成'],
      ['a'.repeat(37), '昵称由 1~36 个字元组成'],
    ],
  },
  {
    rule: 'authCode',
    blankMessage: '验证码不可以为空',
    valid: ['123456', '000000'],
    invalid: [
      ['12345', '验证码由 6 位数字组成'],
      ['1234567', '验证码由 6 位数字组成'],
      ['12345a', '验证码由 6 位数字组成'],
    ],
  },
  {
    rule: 'bankCardAccount',
    blankMessage: '银行卡号不可以为空',
    valid: ['6222021234567894', '622848000000000007', '6212261202011584340', '4111111111111111'],
    invalid: [
      ['6222021234567895', '输入的银行卡号有误，请仔细核对'],
      ['4111111111111112', '输入的银行卡号有误，请仔细核对'],
      ['622202123456782', '输入的银行卡号有误，请仔细核对'],
      ['62122612020115843406', '输入的银行卡号有误，请仔细核对'],
      ['6222 0212 3456 7894', '输入的银行卡号有误，请仔细核对'],
      ['622202123456789a', '输入的银行卡号有误，请仔细核对'],
    ],
  },
  {
    rule: 'bankCardBranch',
    blankMessage: '开户支行不可以为空',
    valid: ['中', '北京朝阳支行', '支'.repeat(20)],
    invalid: [
      ['支'.repeat(21), '开户支行仅支持 1~20 个中文字'],
      ['Beijing支行', '开户支行仅支持 1~20 个中文字'],
      ['北京 支行', '开户支行仅支持 1~20 个中文字'],
      ['北京1支行', '开户支行仅支持 1~20 个中文字'],
    ],
  },
  {
    rule: 'contact',
    blankMessage: '联系方式不可以为空',
    valid: ['QQ 12345678', 'abc@qq.com', '微信 abc_123', '13800138000', '张先生 Mr.Wang'],
    invalid: [
      ['http://a.b', '联系方式不可以包含链接'],
      ['加我 https://t.me/abc', '联系方式不可以包含链接'],
      ['www.abc', '联系方式不可以包含链接'],
      ['abc.com', '联系方式不可以包含链接'],
      ['加我t.me/abc', '联系方式不可以包含链接'],
      ['weixin://dl/chat', '联系方式不可以包含链接'],
    ],
  },
  {
    rule: 'usdtErcAddress',
    blankMessage: '钱包地址不可以为空',
    valid: [`0x${'a'.repeat(40)}`, `0x${'A1'.repeat(20)}`],
    invalid: [
      [`0x${'a'.repeat(39)}`, WALLET_ADDRESS_MESSAGE],
      [`0x${'a'.repeat(41)}`, WALLET_ADDRESS_MESSAGE],
      [`1x${'a'.repeat(40)}`, WALLET_ADDRESS_MESSAGE],
      [`0x${'a'.repeat(39)}!`, WALLET_ADDRESS_MESSAGE],
    ],
  },
  {
    rule: 'usdtTrcAddress',
    blankMessage: '钱包地址不可以为空',
    valid: [`T${'a'.repeat(33)}`, `T${'9Z'.repeat(16)}x`],
    invalid: [
      [`T${'a'.repeat(32)}`, WALLET_ADDRESS_MESSAGE],
      [`T${'a'.repeat(34)}`, WALLET_ADDRESS_MESSAGE],
      [`t${'a'.repeat(33)}`, WALLET_ADDRESS_MESSAGE],
      [`A${'a'.repeat(33)}`, WALLET_ADDRESS_MESSAGE],
    ],
  },
  {
    rule: 'toPayAddress',
    blankMessage: '钱包地址不可以为空',
    valid: ['a'.repeat(16), 'A1'.repeat(9)],
    invalid: [
      ['a'.repeat(15), WALLET_ADDRESS_MESSAGE],
      ['a'.repeat(17), WALLET_ADDRESS_MESSAGE],
      ['a'.repeat(19), WALLET_ADDRESS_MESSAGE],
      [`${'a'.repeat(15)}-`, WALLET_ADDRESS_MESSAGE],
    ],
  },
  {
    rule: 'captcha',
    blankMessage: '验证码不可以为空',
    valid: ['aB3d', '1234'],
    invalid: [
      ['abc', '验证码由 4 位数字或字母组成'],
      ['abcde', '验证码由 4 位数字或字母组成'],
      ['ab-d', '验证码由 4 位数字或字母组成'],
    ],
  },
  {
    rule: 'rootDomain',
    blankMessage: '主域名不可以为空',
    valid: ['example.com', 'my-site_01.cn', 'localhost', 'wwwgame.com'],
    invalid: [
      ['www.example.com', '主域名不能以 www. 开头'],
      ['Example.com', '主域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
      ['a..b', '主域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
      ['.a.com', '主域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
      ['a.com.', '主域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
      ['exa mple.com', '主域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
      ['http://a.com', '主域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
    ],
  },
  {
    rule: 'domain',
    blankMessage: '域名不可以为空',
    valid: ['www.example.com', 'a-b_c.example.cn'],
    invalid: [
      ['Example.com', '域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
      ['例子.com', '域名格式有误，仅支持小写字母、数字、-、_ 和 .'],
    ],
  },
  {
    rule: 'last4Digit',
    blankMessage: '卡号后四位不可以为空',
    valid: ['1234', '0000'],
    invalid: [
      ['123', '请输入卡号后 4 位数字'],
      ['12345', '请输入卡号后 4 位数字'],
      ['12a4', '请输入卡号后 4 位数字'],
    ],
  },
  {
    rule: 'existingPassword',
    blankMessage: '密码不可以为空',
    valid: ['abcde', 'a'.repeat(32), 'old password!'],
    invalid: [
      ['abcd', '密码格式有误'],
      ['a'.repeat(33), '密码格式有误'],
    ],
  },
  {
    rule: 'phone',
    blankMessage: '手机号码不可以为空',
    valid: ['13800138000', '19912345678'],
    invalid: [
      ['1380013800', '手机号码由 11 位数字组成'],
      ['138001380001', '手机号码由 11 位数字组成'],
      ['23800138000', '手机号码由 11 位数字组成'],
      ['1380013800a', '手机号码由 11 位数字组成'],
      ['+8613800138000', '手机号码由 11 位数字组成'],
    ],
  },
  {
    rule: 'qq',
    blankMessage: 'QQ号码不可以为空',
    valid: ['12345', '1'.repeat(15)],
    invalid: [
      ['1234', 'QQ号码由 5~15 位数字组成'],
      ['1'.repeat(16), 'QQ号码由 5~15 位数字组成'],
      ['12345a', 'QQ号码由 5~15 位数字组成'],
    ],
  },
  {
    rule: 'regLinkRemark',
    blankMessage: '备注不可以为空',
    valid: ['a', '12345678', '推广链接备注八字'],
    invalid: [
      ['123456789', '备注最多 8 个字'],
      ['推广链接备注九个字', '备注最多 8 个字'],
    ],
  },
  {
    rule: 'url',
    blankMessage: '网址不可以为空',
    valid: ['http://a.com', 'https://a.com/x?y=1', 'HTTPS://A.COM'],
    invalid: [
      ['ftp://a.com', '网址必须以 http:// 或 https:// 开头'],
      ['a.com', '网址必须以 http:// 或 https:// 开头'],
      ['http://', '网址必须以 http:// 或 https:// 开头'],
      ['http://a b.com', '网址必须以 http:// 或 https:// 开头'],
    ],
  },
  {
    rule: 'username',
    blankMessage: '用户名不可以为空',
    valid: ['abc_12', 'a'.repeat(16), 'PLAYER2024'],
    invalid: [
      ['abc12', '用户名由 6~16 位字母、数字或下划线组成'],
      ['a'.repeat(17), '用户名由 6~16 位字母、数字或下划线组成'],
      ['abc-123', '用户名由 6~16 位字母、数字或下划线组成'],
      ['用户名abcdef', '用户名由 6~16 位字母、数字或下划线组成'],
    ],
  },
  {
    rule: 'wechat',
    blankMessage: '微信号不可以为空',
    valid: ['wx_id-1', 'a'.repeat(20)],
    invalid: [
      ['abcde', '微信号由 6~20 位字母、数字、_ 或 - 组成'],
      ['a'.repeat(21), '微信号由 6~20 位字母、数字、_ 或 - 组成'],
      ['abc def', '微信号由 6~20 位字母、数字、_ 或 - 组成'],
    ],
  },
  {
    rule: 'digitalRmbWalletName',
    blankMessage: '钱包名称不可以为空',
    valid: ['我的钱包', 'wallet1', '钱'.repeat(10)],
    invalid: [
      ['钱'.repeat(11), '钱包名称格式不符'],
      ['my wallet', '钱包名称格式不符'],
      ['wallet!', '钱包名称格式不符'],
    ],
  },
  {
    rule: 'digitalRmbWalletAddress',
    blankMessage: '钱包编号不可以为空',
    valid: ['1234567890123456'],
    invalid: [
      ['123456789012345', '钱包编号格式不符'],
      ['12345678901234567', '钱包编号格式不符'],
      ['123456789012345a', '钱包编号格式不符'],
    ],
  },
  {
    rule: 'password',
    blankMessage: '密码不可以为空',
    valid: ['abcd1234', 'a1'.repeat(8), '1234567A'],
    invalid: [
      ['abc1234', PASSWORD_MESSAGE],
      [`${'a1'.repeat(8)}b`, PASSWORD_MESSAGE],
      ['abcdefgh', PASSWORD_MESSAGE],
      ['12345678', PASSWORD_MESSAGE],
      ['abcd 1234', PASSWORD_MESSAGE],
      ['abcd_1234', PASSWORD_MESSAGE],
      [' abcd1234', PASSWORD_MESSAGE],
    ],
  },
  {
    rule: 'email',
    blankMessage: '邮箱不可以为空',
    valid: ['a@b.cn', `${'x'.repeat(29)}@qq.com`, `${'x'.repeat(29)}@${'d'.repeat(16)}.com`, 'first.last+tag@mail.example.com'],
    invalid: [
      [`${'x'.repeat(30)}@qq.com`, EMAIL_MESSAGE],
      [`${'x'.repeat(29)}@${'d'.repeat(17)}.com`, EMAIL_MESSAGE],
      ['abc', EMAIL_MESSAGE],
      ['a@b', EMAIL_MESSAGE],
      ['@b.com', EMAIL_MESSAGE],
      ['a b@c.com', EMAIL_MESSAGE],
    ],
  },
  {
    rule: 'alipayAccountName',
    blankMessage: '支付宝账号不可以为空',
    valid: ['abc@qq.com', '13800138000', 'a.b+c-d_e', 'a'.repeat(100), 'abcdef'],
    invalid: [
      ['abcde', '支付宝账号由 6~100 位字母、数字或 @ . + - _ 组成'],
      ['a'.repeat(101), '支付宝账号由 6~100 位字母、数字或 @ . + - _ 组成'],
      ['abc def', '支付宝账号由 6~100 位字母、数字或 @ . + - _ 组成'],
      ['支付宝账号名称', '支付宝账号由 6~100 位字母、数字或 @ . + - _ 组成'],
    ],
  },
  {
    rule: 'chatRemarkAndStatus',
    blankMessage: '内容不可以为空',
    valid: ['今天 心情 好', 'abc 123 中文', '字'.repeat(16)],
    invalid: [
      ['字'.repeat(17), '最多 16 个字，仅支持中英文、数字和空格'],
      ['hi!', '最多 16 个字，仅支持中英文、数字和空格'],
      ['开心😀', '最多 16 个字，仅支持中英文、数字和空格'],
    ],
  },
  {
    rule: 'htmlContent',
    blankMessage: '内容不可以为空',
    valid: ['<p>你好</p>', '<p><img src="a.png"></p>', 'x'.repeat(50_000)],
    invalid: [
      ['<p><br></p>', '内容不可以为空'],
      ['<p>&nbsp;</p>', '内容不可以为空'],
      ['x'.repeat(50_001), '内容过长'],
    ],
  },
  {
    rule: 'realName',
    blankMessage: '真实姓名不可以为空',
    valid: ['张三', '阿卜杜·热合曼', '张'.repeat(20), 'ab', 'John Smith', 'J. R. R. Tolkien', 'a'.repeat(50)],
    invalid: [
      ['张', '真实姓名只支持中/英文'],
      ['张'.repeat(21), '真实姓名只支持中/英文'],
      ['a', '真实姓名只支持中/英文'],
      ['a'.repeat(51), '真实姓名只支持中/英文'],
      ['张三John', '真实姓名只支持中/英文'],
      ['张三1', '真实姓名只支持中/英文'],
      ['··', '真实姓名只支持中/英文'],
      ['John_Smith', '真实姓名只支持中/英文'],
    ],
  },
];

describe('field rules of spec §5', () => {
  it('has a case for every rule', () => {
    expect(cases.map((c) => c.rule).sort()).toEqual(Object.keys(rules).sort());
  });

  describe.each(cases)('$rule', ({ rule, blankMessage, valid, invalid }) => {
    const { required, optional } = rules[rule];

    for (const value of valid) {
      it(`accepts ${show(value)} in both forms`, () => {
        expect(firstError(required, value)).toBeNull();
        expect(firstError(optional, value)).toBeNull();
      });
    }

    for (const [value, message] of invalid) {
      it(`refuses ${show(value)} in both forms`, () => {
        expect(firstError(required, value)).toBe(message);
        expect(firstError(optional, value)).toBe(message);
      });
    }

    for (const blank of BLANKS) {
      it(`required refuses blank ${show(blank)}; optional accepts it as undefined`, () => {
        expect(firstError(required, blank)).toBe(blankMessage);
        expect(optional.parse(blank)).toBeUndefined();
      });
    }
  });
});

describe('values the rules normalise', () => {
  it('trims surrounding spaces from identifiers', () => {
    expect(rules.phone.required.parse(' 13800138000 ')).toBe('13800138000');
    expect(rules.email.optional.parse(' a@b.cn ')).toBe('a@b.cn');
    expect(rules.alias.required.parse('  小明  ')).toBe('小明');
  });

  it('keeps a password exactly as typed', () => {
    expect(rules.existingPassword.required.parse(' secret ')).toBe(' secret ');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(firstError(rules.regLinkRemark.required, '😀'.repeat(8))).toBeNull();
    expect(firstError(rules.regLinkRemark.required, '😀'.repeat(9))).toBe('备注最多 8 个字');
  });

  it('refuses a value that is not text with the rule message', () => {
    expect(firstError(rules.phone.required, 13800138000)).toBe('手机号码由 11 位数字组成');
    expect(firstError(rules.phone.optional, 13800138000)).toBe('手机号码由 11 位数字组成');
  });
});
