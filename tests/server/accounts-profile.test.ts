import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerInfoSchema } from '../../src/shared/api/accounts.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, customerSnapshot, holdSessionInserts, latestCode, login, skipCooldown } from './accounts-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const PASSWORD = 'abc12345';
let counter = 0;
async function freshCustomer(extra: { phone?: string; email?: string } = {}) {
  const username = `profile_${String(counter++).padStart(3, '0')}`;
  const id = await createCustomer(server, { username, password: PASSWORD, ...extra });
  return { id, username, cookie: await login(server, username, PASSWORD) };
}

/** Each case: the body, and the exact message; the customer row must stay as it was. */
async function expectRefusals(method: 'PUT' | 'POST', url: string, cases: [unknown, string][]) {
  const { username, cookie } = await freshCustomer({ phone: '13700000000', email: 'bound@example.com' });
  const before = await customerSnapshot(server, username);
  for (const [payload, message] of cases) {
    const response = await call(server, method, url, { cookie, payload });
    expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    expect(response.json(), JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION', message });
  }
  expect(await customerSnapshot(server, username)).toEqual(before);
}

describe('every profile field refuses the invalid inputs of spec §5 with the exact message and changes nothing', () => {
  it('alias', () =>
    expectRefusals('PUT', '/ajax/customer/alias', [
      [{ alias: '' }, '昵称由 1~36 个字元组成'],
      [{ alias: '   ' }, '昵称由 1~36 个字元组成'],
      [{ alias: '锦'.repeat(37) }, '昵称由 1~36 个字元组成'],
      [{}, '昵称由 1~36 个字元组成'],
    ]));

  it('avatar preset', () =>
    expectRefusals('PUT', '/ajax/customer/avatar/preset', [
      [{ index: 0 }, '请选择 1~30 号预设头像'],
      [{ index: 31 }, '请选择 1~30 号预设头像'],
      [{ index: 2.5 }, '请选择 1~30 号预设头像'],
      [{ index: '3' }, '请选择 1~30 号预设头像'],
    ]));

  it('birthday', () =>
    expectRefusals('PUT', '/ajax/customer/birthday', [
      [{ birthday: '' }, '生日不可以为空'],
      [{ birthday: '1990-02-30' }, '请输入有效的生日'],
      [{ birthday: '1990/01/01' }, '请输入有效的生日'],
      [{ birthday: '1850-01-01' }, '请输入有效的生日'],
      [{ birthday: `${new Date().getUTCFullYear() - 10}-01-01` }, '未满 18 周岁不能使用本平台'],
    ]));

  it('qq', () =>
    expectRefusals('PUT', '/ajax/customer/qq', [
      [{ qq: '' }, 'QQ号码不可以为空'],
      [{ qq: '1234' }, 'QQ号码由 5~15 位数字组成'],
      [{ qq: '1234567890123456' }, 'QQ号码由 5~15 位数字组成'],
      [{ qq: '12345a' }, 'QQ号码由 5~15 位数字组成'],
    ]));

  it('wechat', () =>
    expectRefusals('PUT', '/ajax/customer/wechat', [
      [{ wechat: '' }, '微信号不可以为空'],
      [{ wechat: 'abc' }, '微信号由 6~20 位字母、数字、_ 或 - 组成'],
      [{ wechat: 'a'.repeat(21) }, '微信号由 6~20 位字母、数字、_ 或 - 组成'],
      [{ wechat: 'wx id 01' }, '微信号由 6~20 位字母、数字、_ 或 - 组成'],
    ]));

  it('phone', () =>
    expectRefusals('PUT', '/ajax/customer/phone', [
      [{ phone: '', verificationCode: '123456', password: PASSWORD }, '手机号码不可以为空'],
      [{ phone: '23456789012', verificationCode: '123456', password: PASSWORD }, '手机号码由 11 位数字组成'],
      [{ phone: '13700000001', verificationCode: '12345', password: PASSWORD }, '验证码由 6 位数字组成'],
      [{ phone: '13700000001', verificationCode: '', password: PASSWORD }, '验证码不可以为空'],
      [{ phone: '13700000001', verificationCode: '123456', password: '' }, '密码不可以为空'],
      [{ phone: '13700000001', verificationCode: '123456', password: 'abc' }, '密码格式有误'],
      [{ phone: '13700000001', verificationCode: '123456', password: 'wrong123' }, '密码错误'],
      [{ phone: '13700000001', verificationCode: '123456', password: PASSWORD }, '验证码已失效，请重新获取'],
    ]));

  it('email', () =>
    expectRefusals('PUT', '/ajax/customer/email', [
      [{ email: '', verificationCode: '123456', password: PASSWORD }, '邮箱不可以为空'],
      [{ email: 'a@b', verificationCode: '123456', password: PASSWORD }, '请输入有效的邮箱地址'],
      [{ email: `${'x'.repeat(45)}@a.com`, verificationCode: '123456', password: PASSWORD }, '请输入有效的邮箱地址'],
      [{ email: 'new@example.com', verificationCode: 'abcdef', password: PASSWORD }, '验证码由 6 位数字组成'],
      [{ email: 'new@example.com', verificationCode: '123456', password: PASSWORD }, '验证码已失效，请重新获取'],
    ]));

  it('password', () =>
    expectRefusals('PUT', '/ajax/customer/password', [
      [{ oldPassword: '', newPassword: 'new12345', confirmPassword: 'new12345' }, '密码不可以为空'],
      [{ oldPassword: 'abcd', newPassword: 'new12345', confirmPassword: 'new12345' }, '密码格式有误'],
      [{ oldPassword: PASSWORD, newPassword: 'new1234', confirmPassword: 'new1234' }, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
      [{ oldPassword: PASSWORD, newPassword: 'newpassword', confirmPassword: 'newpassword' }, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
      [{ oldPassword: PASSWORD, newPassword: 'new12345', confirmPassword: 'new12346' }, '两次输入的密码不一致'],
      [{ oldPassword: PASSWORD, newPassword: 'new12345', confirmPassword: '' }, '确认密码不可以为空'],
      [{ oldPassword: 'wrong1234', newPassword: 'new12345', confirmPassword: 'new12345' }, '密码错误'],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, '新密码不能与原密码相同'],
    ]));

  it('money password', () =>
    expectRefusals('PUT', '/ajax/customer/money-password', [
      [{ newMoneyPassword: '', confirmMoneyPassword: '' }, '密码不可以为空'],
      [{ newMoneyPassword: 'short1', confirmMoneyPassword: 'short1' }, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
      [{ newMoneyPassword: 'money123', confirmMoneyPassword: 'money124' }, '两次输入的资金密码不一致'],
      [{ newMoneyPassword: PASSWORD, confirmMoneyPassword: PASSWORD }, '资金密码不能与登录密码相同'],
    ]));

  it('money password reset', () =>
    expectRefusals('PUT', '/ajax/customer/money-password/reset', [
      [{ newMoneyPassword: 'money123', confirmMoneyPassword: 'money123' }, '请验证手机号码或邮箱'],
      [{ phoneVerification: { phone: '1370000000', verificationCode: '123456' }, newMoneyPassword: 'money123', confirmMoneyPassword: 'money123' }, '手机号码由 11 位数字组成'],
      [{ phoneVerification: { phone: '13711111111', verificationCode: '123456' }, newMoneyPassword: 'money123', confirmMoneyPassword: 'money123' }, '手机号码与绑定的不一致'],
      [{ phoneVerification: { phone: '13700000000', verificationCode: '123456' }, newMoneyPassword: 'money123', confirmMoneyPassword: 'money123' }, '验证码已失效，请重新获取'],
    ]));
});

describe('profile changes', () => {
  it('shows the profile with masked contacts', async () => {
    const { cookie, username } = await freshCustomer({ phone: '13812345678', email: 'carpfan@example.com' });
    const info = CustomerInfoSchema.parse((await call(server, 'GET', '/ajax/customer/info', { cookie })).json());
    expect(info).toMatchObject({ name: username, phone: '138****5678', email: 'ca***@example.com', moneyPasswordSet: false, vipLevel: 'NOT_VIP' });
    expect(JSON.stringify(info)).not.toContain('13812345678');
  });

  it('changes alias, preset avatar, QQ, WeChat; birthday once', async () => {
    const { cookie, username } = await freshCustomer();
    expect((await call(server, 'PUT', '/ajax/customer/alias', { cookie, payload: { alias: ' 锦鲤一号 ' } })).json()).toMatchObject({ alias: '锦鲤一号' });
    expect((await call(server, 'PUT', '/ajax/customer/avatar/preset', { cookie, payload: { index: 30 } })).json()).toMatchObject({ avatarImage: '#30' });
    expect((await call(server, 'PUT', '/ajax/customer/qq', { cookie, payload: { qq: '123456' } })).json()).toMatchObject({ qq: '123456' });
    expect((await call(server, 'PUT', '/ajax/customer/wechat', { cookie, payload: { wechat: 'carp_wx-1' } })).json()).toMatchObject({ wechat: 'carp_wx-1' });
    expect((await call(server, 'PUT', '/ajax/customer/birthday', { cookie, payload: { birthday: '1990-05-20' } })).json()).toMatchObject({ birthday: '1990-05-20' });
    const again = await call(server, 'PUT', '/ajax/customer/birthday', { cookie, payload: { birthday: '1991-05-20' } });
    expect(again.json()).toMatchObject({ code: 'VALIDATION', message: '生日设置后不能修改' });
    expect(await customerSnapshot(server, username)).toMatchObject({ alias: '锦鲤一号', avatar_image: '#30', qq: '123456', wechat: 'carp_wx-1' });
    const me = await call(server, 'GET', '/ajax/current-customer', { cookie });
    expect(me.json()).toMatchObject({ alias: '锦鲤一号', avatarImage: '#30', birthday: '1990-05-20' });
  });

  it('binds a phone and an e-mail with a code and the password', async () => {
    const { id, cookie, username } = await freshCustomer();
    await call(server, 'POST', '/ajax/customer/phone/send', { cookie, payload: { phone: '13722223333' } });
    const phoneCode = await latestCode(server, '13722223333');
    const phone = await call(server, 'PUT', '/ajax/customer/phone', { cookie, payload: { phone: '13722223333', verificationCode: phoneCode, password: PASSWORD } });
    expect(phone.json()).toMatchObject({ phone: '137****3333' });
    await call(server, 'POST', '/ajax/customer/email/send', { cookie, payload: { email: 'bind@example.com' } });
    const emailCode = await latestCode(server, 'bind@example.com');
    const email = await call(server, 'PUT', '/ajax/customer/email', { cookie, payload: { email: 'bind@example.com', verificationCode: emailCode, password: PASSWORD } });
    expect(email.json()).toMatchObject({ email: 'bi***@example.com' });
    expect(await customerSnapshot(server, username)).toMatchObject({ phone: '13722223333', email: 'bind@example.com' });
    await skipCooldown(server, id);
  });

  it('changes the password, which signs out every other session', async () => {
    const { username, cookie } = await freshCustomer();
    const other = await login(server, username, PASSWORD);
    const response = await call(server, 'PUT', '/ajax/customer/password', {
      cookie,
      payload: { oldPassword: PASSWORD, newPassword: 'brand1234', confirmPassword: 'brand1234' },
    });
    expect(response.json()).toEqual({ ok: true });
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie: other })).json()).toBeNull();
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie })).json()).toMatchObject({ name: username });
    expect((await call(server, 'PUT', '/ajax/login', { payload: { username, password: 'brand1234' } })).statusCode).toBe(200);
  });

  it('a login checked against the old password does not leave a working session once a password change has ended the others', async () => {
    const { username, cookie } = await freshCustomer();
    // Someone who knows the old password keeps logging in, from many connections, while the owner changes it.
    const logins: Promise<{ statusCode: number; body: string }>[] = [];
    let changed: { statusCode: number; body: string } | undefined;
    const change = call(server, 'PUT', '/ajax/customer/password', {
      cookie,
      payload: { oldPassword: PASSWORD, newPassword: 'fresh2026', confirmPassword: 'fresh2026' },
    }).then((answer) => (changed = answer));
    for (let i = 0; i < 40 && !changed; i++) {
      logins.push(call(server, 'PUT', '/ajax/login', { payload: { username, password: PASSWORD }, ip: `10.61.0.${i + 1}` }));
      await new Promise((resolve) => setTimeout(resolve, 4));
    }
    await change;
    const answers = await Promise.all(logins);
    expect(changed!.statusCode, changed!.body).toBe(200);
    // A login that lost the race is answered as a wrong password (or, after three, with the captcha / lock of that case).
    for (const answer of answers) expect([200, 401, 423], answer.body).toContain(answer.statusCode);
    const sessions = await call(server, 'GET', '/ajax/customer/sessions', { cookie });
    const live = (sessions.json() as { sessions: { current: boolean }[] }).sessions.filter((s) => !s.current);
    // Only the owner's own session outlives the change.
    expect(live).toEqual([]);
  });

  it('a login that checked the old password and makes its session after the change gets no session, and is told the password is wrong', async () => {
    const { username, cookie } = await freshCustomer();
    const hold = holdSessionInserts(server);
    const racing = call(server, 'PUT', '/ajax/login', { payload: { username, password: PASSWORD }, ip: '10.61.1.1' });
    // The login has verified the old password and is about to make its session: now the owner changes it.
    await hold.reached;
    const changed = await call(server, 'PUT', '/ajax/customer/password', {
      cookie,
      payload: { oldPassword: PASSWORD, newPassword: 'fresh2026', confirmPassword: 'fresh2026' },
    });
    hold.release();
    const login = await racing;
    expect(changed.statusCode, changed.body).toBe(200);
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ code: 'BAD_CREDENTIALS', message: '账号或密码错误' });
    const sessions = (await call(server, 'GET', '/ajax/customer/sessions', { cookie })).json() as { sessions: { current: boolean }[] };
    expect(sessions.sessions.filter((s) => !s.current)).toEqual([]);
  });

  it('locks password re-checks after 5 wrong tries', async () => {
    const { cookie } = await freshCustomer();
    const wrong = { oldPassword: 'wrong1234', newPassword: 'brand1234', confirmPassword: 'brand1234' };
    for (let i = 0; i < 5; i++) expect((await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: wrong })).json().message).toBe('密码错误');
    const locked = await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: { ...wrong, oldPassword: PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'RATE_LIMITED', message: '密码错误次数过多，请 15 分钟后再试' });
  });

  it('sets, changes and resets the money password', async () => {
    const { id, cookie } = await freshCustomer({ phone: '13733334444' });
    const set = await call(server, 'PUT', '/ajax/customer/money-password', { cookie, payload: { newMoneyPassword: 'money123', confirmMoneyPassword: 'money123' } });
    expect(set.json()).toEqual({ ok: true });
    expect((await call(server, 'GET', '/ajax/customer/info', { cookie })).json()).toMatchObject({ moneyPasswordSet: true });

    const withoutOld = await call(server, 'PUT', '/ajax/customer/money-password', { cookie, payload: { newMoneyPassword: 'money456', confirmMoneyPassword: 'money456' } });
    expect(withoutOld.json()).toMatchObject({ message: '原资金密码不可以为空' });
    const wrongOld = await call(server, 'PUT', '/ajax/customer/money-password', {
      cookie,
      payload: { oldMoneyPassword: 'money999', newMoneyPassword: 'money456', confirmMoneyPassword: 'money456' },
    });
    expect(wrongOld.json()).toMatchObject({ message: '资金密码错误' });
    const changed = await call(server, 'PUT', '/ajax/customer/money-password', {
      cookie,
      payload: { oldMoneyPassword: 'money123', newMoneyPassword: 'money456', confirmMoneyPassword: 'money456' },
    });
    expect(changed.json()).toEqual({ ok: true });

    await call(server, 'POST', '/ajax/customer/phone/send', { cookie, payload: { phone: '13733334444' } });
    const code = await latestCode(server, '13733334444');
    const reset = await call(server, 'PUT', '/ajax/customer/money-password/reset', {
      cookie,
      payload: { phoneVerification: { phone: '13733334444', verificationCode: code }, newMoneyPassword: 'money789', confirmMoneyPassword: 'money789' },
    });
    expect(reset.json()).toEqual({ ok: true });
    const hash = await server.db.database.pool.query('SELECT money_password_hash FROM customers WHERE id = $1', [id]);
    expect(hash.rows[0].money_password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('sessions', () => {
  it('lists the sessions, ends one, and signs out the other devices', async () => {
    const { username, cookie } = await freshCustomer();
    const second = await login(server, username, PASSWORD);
    const third = await login(server, username, PASSWORD);
    const list = (await call(server, 'GET', '/ajax/customer/sessions', { cookie })).json();
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const secondId = (await call(server, 'GET', '/ajax/customer/sessions', { cookie: second })).json().sessions.find((s: { current: boolean }) => s.current).id;
    expect((await call(server, 'PUT', `/ajax/customer/sessions/${secondId}/revoke`, { cookie })).json()).toEqual({ ok: true });
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie: second })).json()).toBeNull();

    expect((await call(server, 'PUT', '/ajax/customer/sessions/sign-out-others', { cookie })).json()).toEqual({ revoked: 1 });
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie: third })).json()).toBeNull();
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie })).json()).toMatchObject({ name: username });
  });

  it('cannot end another customer\'s session', async () => {
    const a = await freshCustomer();
    const b = await freshCustomer();
    const bSession = (await call(server, 'GET', '/ajax/customer/sessions', { cookie: b.cookie })).json().sessions[0].id;
    expect((await call(server, 'PUT', `/ajax/customer/sessions/${bSession}/revoke`, { cookie: a.cookie })).statusCode).toBe(404);
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie: b.cookie })).json()).not.toBeNull();
  });

  it('needs a login for every profile call', async () => {
    const anonymous = await call(server, 'PUT', '/ajax/customer/alias', { payload: { alias: '' } });
    expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: '请先登录' });
  });
});
