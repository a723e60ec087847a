// The money password (decisions §5: separate from the login password): a racing first set, the login
// password set to it, its comparisons locking the owner out, a reset lifting its lock, and a contact
// bound with the login password alone resetting it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_PATHS } from '../../src/shared/api/withdrawals.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call as accountsCall, latestCode, skipCooldown } from './accounts-support.ts';
import { bankBody, call, luhnCard, newPlayer, type Player } from './wallet-withdrawals-support.ts';

const LOGIN_PASSWORD = 'abc12345';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0', LOGIN_RATE_PER_MINUTE: '1000' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const pool = () => server.db.database.pool;
const put = (player: Player, url: string, payload: unknown) => accountsCall(server, 'PUT', url, { cookie: player.cookie, payload });
const post = (player: Player, url: string, payload: unknown) => accountsCall(server, 'POST', url, { cookie: player.cookie, payload });
const bind = (player: Player, body: Record<string, unknown>) => call(server, 'POST', WITHDRAWAL_PATHS.payoutAccounts, player.cookie, body);
const moneyHash = async (id: number) =>
  (await pool().query<{ h: string | null }>('SELECT money_password_hash AS h FROM customers WHERE id = $1', [id])).rows[0]!.h;

let phoneCounter = 0;
function freshPhone(): string {
  return `139${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10_000).padStart(4, '0')}${phoneCounter++ % 10}`.slice(0, 11);
}

async function playerWithPhone(): Promise<Player & { phone: string }> {
  const player = await newPlayer(server, { moneyPassword: null });
  const phone = freshPhone();
  await pool().query('UPDATE customers SET phone = $2 WHERE id = $1', [player.id, phone]);
  return { ...player, phone };
}

function setMoneyPassword(player: Player, newMoneyPassword: string, oldMoneyPassword?: string) {
  return put(player, '/ajax/customer/money-password', {
    ...(oldMoneyPassword ? { oldMoneyPassword } : {}),
    newMoneyPassword,
    confirmMoneyPassword: newMoneyPassword,
  });
}

describe('money password: set / change', () => {
  it('two parallel "first" money passwords: only one may be set without the old one', async () => {
    const player = await newPlayer(server, { moneyPassword: null });
    const answers = await Promise.all([setMoneyPassword(player, 'first111'), setMoneyPassword(player, 'second22')]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    // The second write replaced a money password that now existed, without its old value: the
    // player who was told { ok: true } for 'first111' cannot use it.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  });

  it('the login password cannot be changed to the money password (they must stay separate)', async () => {
    const player = await newPlayer(server, { moneyPassword: null });
    expect((await setMoneyPassword(player, 'money111')).json()).toEqual({ ok: true });
    const changed = await put(player, '/ajax/customer/password', { oldPassword: LOGIN_PASSWORD, newPassword: 'money111', confirmPassword: 'money111' });
    expect(changed.statusCode, changed.body).toBe(400);
  });

  it('setting and changing the money password correctly does not lock the player out of login-password checks', async () => {
    const player = await newPlayer(server, { moneyPassword: null });
    // One first set and four correct changes: no wrong password was typed anywhere.
    expect((await setMoneyPassword(player, 'money100')).json()).toEqual({ ok: true });
    for (let i = 1; i <= 4; i++) {
      const answer = await setMoneyPassword(player, `money10${i}`, `money10${i - 1}`);
      expect(answer.json(), answer.body).toEqual({ ok: true });
    }
    // The owner now changes the login password with the right old one.
    const change = await put(player, '/ajax/customer/password', { oldPassword: LOGIN_PASSWORD, newPassword: 'brand1234', confirmPassword: 'brand1234' });
    expect(change.statusCode, change.body).toBe(200);
  });
});

describe('money password: reset', () => {
  it('a reset with the bound phone lifts the wrong-money-password lock', async () => {
    const player = await playerWithPhone();
    expect((await setMoneyPassword(player, 'money111')).json()).toEqual({ ok: true });
    for (let i = 0; i < 5; i++) {
      const wrong = await bind(player, bankBody({ moneyPassword: 'wrong1234' }));
      expect(wrong.json().message).toBe('资金密码错误');
    }
    // The owner forgot it: resets it with a code sent to the bound phone…
    expect((await post(player, '/ajax/customer/phone/send', { phone: player.phone })).statusCode).toBe(200);
    const code = await latestCode(server, player.phone);
    const reset = await put(player, '/ajax/customer/money-password/reset', {
      phoneVerification: { phone: player.phone, verificationCode: code },
      newMoneyPassword: 'fresh2026',
      confirmMoneyPassword: 'fresh2026',
    });
    expect(reset.json()).toEqual({ ok: true });
    // …and the new, just-proven password works (the login reset clears its lock the same way).
    const bound = await bind(player, bankBody({ moneyPassword: 'fresh2026', accountNumber: luhnCard() }));
    expect(bound.statusCode, bound.body).toBe(200);
  });

  it('the login password alone (without the bound phone) does not yield a new money password', async () => {
    const victim = await playerWithPhone();
    expect((await setMoneyPassword(victim, 'money111')).json()).toEqual({ ok: true });
    const before = await moneyHash(victim.id);

    // An attacker holding the session and the login password, but not the victim's phone, binds a phone of its own…
    const attackerPhone = freshPhone();
    await skipCooldown(server, victim.id);
    await post(victim, '/ajax/customer/phone/send', { phone: attackerPhone });
    const bindCode = await latestCode(server, attackerPhone);
    await put(victim, '/ajax/customer/phone', { phone: attackerPhone, verificationCode: bindCode, password: LOGIN_PASSWORD });
    // …then resets the money password through it.
    await skipCooldown(server, victim.id);
    await post(victim, '/ajax/customer/phone/send', { phone: attackerPhone });
    const resetCode = await latestCode(server, attackerPhone);
    const resetBody = {
      phoneVerification: { phone: attackerPhone, verificationCode: resetCode },
      newMoneyPassword: 'owned2026',
      confirmMoneyPassword: 'owned2026',
    };
    const refused = await put(victim, '/ajax/customer/money-password/reset', resetBody);
    // With it, any card can be bound and the balance withdrawn: the money password must not fall with the login password.
    expect(refused.json().message, refused.body).toBe('新绑定的手机号码须满 24 小时后才能用于重置资金密码');
    expect(await moneyHash(victim.id)).toBe(before);
    // A day later the phone is the player's own by every measure we have, and it resets the money password.
    await pool().query(`UPDATE customers SET phone_bound_at = now() - interval '25 hours' WHERE id = $1`, [victim.id]);
    expect((await put(victim, '/ajax/customer/money-password/reset', resetBody)).json()).toEqual({ ok: true });
    expect(await moneyHash(victim.id)).not.toBe(before);
  });
});
