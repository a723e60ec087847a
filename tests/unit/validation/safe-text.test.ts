import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarDate,
  firstError,
  isCalendarDate,
  isSafeText,
  isStorableText,
  requestText,
  required,
  rules,
  UNSUPPORTED_CHARACTERS_MESSAGE,
} from '../../../src/shared/validation/index.ts';
import { LoginBodySchema } from '../../../src/shared/api/session.ts';
import { AliasBodySchema, BirthdayBodySchema, TrialBodySchema, registerBodySchema } from '../../../src/shared/api/accounts.ts';
import { OrderListQuerySchema, PlaceOrderSchema } from '../../../src/shared/api/orders.ts';
import { show } from './show.ts';

const C0_CONTROLS = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));
const NEVER_STORABLE = [...C0_CONTROLS.filter((c) => !'\t\n\r'.includes(c)), '\u007f'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b'];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const INVISIBLE = ['\u200b', '\u2060', '\ufeff', '\u00ad', '\u3164', '\u115f', '\u180e'];

describe('the shared character rule', () => {
  it.each(NEVER_STORABLE.map((c) => [c.charCodeAt(0).toString(16), c]))('no field holds U+%s', (_, control) => {
    expect(isStorableText(`a${control}b`)).toBe(false);
    for (const kind of ['line', 'multiline', 'name'] as const) expect(isSafeText(`a${control}b`, kind)).toBe(false);
  });

  it.each(LONE_SURROGATES.map((s) => [show(JSON.stringify(s)), s]))('no field holds a lone surrogate %s', (_, text) => {
    expect(isStorableText(text)).toBe(false);
    expect(isSafeText(text, 'multiline')).toBe(false);
  });

  it('keeps tab and line breaks for multi-line text only, and refuses C1 controls on every line', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(isStorableText(text)).toBe(true);
      expect(isSafeText(text, 'multiline')).toBe(true);
      expect(isSafeText(text, 'line')).toBe(false);
      expect(isSafeText(text, 'name')).toBe(false);
    }
    expect(isSafeText('a\u0085b', 'line')).toBe(false);
    expect(isSafeText('a\u009bb', 'multiline')).toBe(false);
  });

  it.each([...BIDI, ...INVISIBLE].map((c) => [c.charCodeAt(0).toString(16), c]))('names refuse U+%s; other text keeps it', (_, char) => {
    expect(isSafeText(`锦${char}鲤`, 'name')).toBe(false);
    expect(isSafeText(`锦${char}鲤`, 'line')).toBe(true);
  });

  it('names keep a zero-width joiner inside an emoji sequence or a word, and refuse one that joins nothing', () => {
    for (const text of ['👨\u200d👩\u200d👧', '❤️\u200d🔥', 'می\u200cخواهم', 'Lucky 锦鲤', '😀'.repeat(3)]) expect(isSafeText(text, 'name')).toBe(true);
    for (const text of ['\u200d', 'a\u200d', '\u200da', 'a \u200d b', '\u200c\u200c', 'a\u200d\u200db']) expect(isSafeText(text, 'name')).toBe(false);
  });

  it('is applied by every text rule after its own checks, so a spec §5 message comes first', () => {
    expect(firstError(rules.alias.required, 'a\u0000b')).toBe('昵称包含不支持的字符');
    expect(firstError(rules.alias.required, '\u202eevil')).toBe('昵称包含不支持的字符');
    expect(firstError(rules.alias.required, 'x'.repeat(37) + '\u0000')).toBe('昵称由 1~36 个字元组成');
    expect(firstError(rules.realName.required, '张\u200b三')).toBe('真实姓名只支持中/英文');
    expect(firstError(rules.regLinkRemark.optional, '备注\u2066')).toBe('备注包含不支持的字符');
    expect(firstError(rules.contact.required, 'tg\u0007me')).toBe('联系方式包含不支持的字符');
    expect(firstError(rules.existingPassword.required, 'pass\u0000word')).toBe('密码包含不支持的字符');
    expect(firstError(rules.phone.required, '1380013800\u0000')).toBe('手机号码由 11 位数字组成');
    expect(firstError(rules.htmlContent.required, '<p>a\nb</p>')).toBeNull();
    expect(firstError(rules.htmlContent.required, '<p>a\u0000b</p>')).toBe('内容包含不支持的字符');
    expect(firstError(required('开户行'), 'a\u0001')).toBe('开户行包含不支持的字符');
  });

  it('requestText carries it, with the field message for everything else', () => {
    const schema = requestText({ message: '请输入编号', min: 1, max: 8 });
    expect(firstError(schema, 'abc')).toBeNull();
    expect(firstError(schema, '')).toBe('请输入编号');
    expect(firstError(schema, 'x'.repeat(9))).toBe('请输入编号');
    expect(firstError(schema, 42)).toBe('请输入编号');
    expect(firstError(schema, 'a\u0000')).toBe(UNSUPPORTED_CHARACTERS_MESSAGE);
    expect(firstError(requestText({ message: 'x', max: 8, charactersMessage: '编号包含不支持的字符' }), '\ud800')).toBe('编号包含不支持的字符');
  });
});

describe('request schemas of the API contract', () => {
  // Each of these reached PostgreSQL before and answered 500 (issue 15).
  it.each([
    ['login username', LoginBodySchema, { username: 'demo\u0000player', password: 'demo1234' }, '用户名包含不支持的字符'],
    ['login password', LoginBodySchema, { username: 'demo_player', password: 'demo\u00001234' }, '密码包含不支持的字符'],
    ['login captcha id', LoginBodySchema, { username: 'demo_player', password: 'x', captchaId: 'id\u0000' }, UNSUPPORTED_CHARACTERS_MESSAGE],
    ['alias', AliasBodySchema, { alias: '锦\u0000鲤' }, '昵称包含不支持的字符'],
    ['alias with a bidi override', AliasBodySchema, { alias: '\u202eadmin' }, '昵称包含不支持的字符'],
    ['trial registration id', TrialBodySchema, { registrationId: 'demo\u0000reg' }, UNSUPPORTED_CHARACTERS_MESSAGE],
    ['order list date', OrderListQuerySchema, { from: '2026-02-30' }, '请选择有效的开始日期'],
    ['order list year 0', OrderListQuerySchema, { to: '0000-00-00' }, '请选择有效的结束日期'],
    ['order list draw type', OrderListQuerySchema, { drawType: 'CQ\u0000SSC' }, '彩种不存在'],
    ['birthday', BirthdayBodySchema, { birthday: '1990-02-30' }, '请输入有效的生日'],
  ] as const)('%s', (_, schema, value, message) => {
    expect(firstError(schema as z.ZodType, value)).toBe(message);
  });

  it('registration: captcha id and the password confirmation', () => {
    const body = {
      username: 'new_player1',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      ageConfirmed: true,
      agreementAccepted: true,
      captchaId: 'captcha-1',
      captcha: 'ab12',
    };
    expect(firstError(registerBodySchema('image'), body)).toBeNull();
    expect(firstError(registerBodySchema('image'), { ...body, captchaId: 'c\u0000' })).toBe('验证码已失效，请刷新后重试');
    expect(firstError(registerBodySchema('image'), { ...body, confirmPassword: 'abc\u00001234' })).toBe('确认密码包含不支持的字符');
  });

  it('order fields: draw type, play, selection', () => {
    const order = {
      playMode: 'BOARD',
      clientKey: 'key-0001',
      drawType: 'JSK3',
      bets: [{ betTypeId: 'SUM_BIG', selection: 'BIG', stake: 10_000 }],
    };
    expect(firstError(PlaceOrderSchema, order)).toBeNull();
    expect(firstError(PlaceOrderSchema, { ...order, drawType: 'JS\u0000K3' })).toBe('彩种不存在');
    expect(firstError(PlaceOrderSchema, { ...order, bets: [{ ...order.bets[0], betTypeId: 'SUM\u001b' }] })).toBe(UNSUPPORTED_CHARACTERS_MESSAGE);
    expect(firstError(PlaceOrderSchema, { ...order, bets: [{ ...order.bets[0], selection: ['\ud800'] }] })).not.toBeNull();
  });
});

describe('calendar dates', () => {
  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '1900-01-01', '2026-12-31'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
    expect(firstError(calendarDate(), ` ${date} `)).toBeNull();
  });

  it.each(['2026-02-30', '2025-02-29', '1900-02-29', '0000-00-00', '0000-01-01', '2026-13-01', '2026-00-10', '2026-04-31', '1899-12-31', '2026-1-1', '2026-01-01x', '20260101'])(
    'refuses %s with a Chinese message',
    (date) => {
      expect(isCalendarDate(date)).toBe(false);
      expect(firstError(calendarDate(), date)).toBe('请输入有效的日期');
    },
  );
});
