// Customers in the back office (issue 16 item 5, docs/backoffice/customers.md): search, the detail
// tabs, freezing (login and betting refused at once, even on the order route's cached session),
// unfreezing and balance adjustments by four eyes (exactly once however many approve at once), the
// forced password change, and bad input refused with Chinese messages and nothing changed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutobetRunner } from '../../src/server/autobet/runner.ts';
import { createTestAccount } from '../../src/server/testing/test-accounts.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { yuan } from '../../src/shared/money.ts';
import type { OperatorRole } from '../../src/shared/backoffice/permissions.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { placeRequest, schedulerFor } from '../support/orders.ts';

let server: TestServer;
const clock = new ManualClock(beijing('2026-11-22 09:00:10'));
const ISSUE = '202611220541'; // UUFFC, on sale 09:00:00–09:00:30
const FROZEN = '账号已被冻结，请联系客服';

const operators = new Map<OperatorRole, string>();
async function asRole(role: OperatorRole): Promise<string> {
  let cookie = operators.get(role);
  if (!cookie) {
    cookie = await operatorCookie(server.app, role);
    operators.set(role, cookie);
  }
  return cookie;
}

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await pool().query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC')`);
  await schedulerFor(server, clock).tick();
});
afterAll(() => server.close());

const pool = () => server.db.database.pool;
const zx5 = { drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE, bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }] };

/** A fresh player of our own, funded; its id, username and password. */
async function newPlayer(funds = 100, alias = '测试玩家') {
  const account = await createTestAccount(pool(), { kind: 'PLAYER', alias, vipLevel: 'NOT_VIP', funds });
  const id = Number((await pool().query('SELECT id FROM customers WHERE username = $1', [account.username])).rows[0].id);
  return { id, ...account };
}

const get = async (role: OperatorRole, url: string) => server.app.inject({ url: `/ajax/backoffice${url}`, headers: { cookie: await asRole(role) } });
const send = async (role: OperatorRole, method: 'POST' | 'PUT', url: string, payload: unknown, cookie?: string) =>
  server.app.inject({ method, url: `/ajax/backoffice${url}`, headers: operatorHeaders(cookie ?? (await asRole(role))), payload: payload as object });
const login = (username: string, password: string) =>
  server.app.inject({ method: 'PUT', url: '/ajax/login', headers: MUTATION_HEADERS, payload: { username, password } });
const orderCount = async (id: number) => Number((await pool().query('SELECT count(*) FROM orders WHERE customer_id = $1', [id])).rows[0].count);
const liveSessions = async (id: number) =>
  Number((await pool().query('SELECT count(*) FROM sessions WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now()', [id])).rows[0].count);
const walletOf = async (id: number) =>
  Number((await pool().query(`SELECT coalesce((SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'), 0) AS b`, [id])).rows[0].b);
const approve = (cookie: string, approvalId: number) =>
  server.app.inject({ method: 'POST', url: `/ajax/backoffice/approvals/${approvalId}/approve`, headers: operatorHeaders(cookie), payload: {} });

describe('search', () => {
  it('filters by username prefix, alias, phone, registration link, upline and status', async () => {
    const tag = randomUUID().slice(0, 6);
    const insert = async (username: string, alias: string, extra: { phone?: string; link?: string; parent?: number; type?: string } = {}) =>
      Number(
        (
          await pool().query(
            `INSERT INTO customers (username, username_key, password_hash, alias, type, phone, registration_link_id, parent_id)
             VALUES ($1, lower($1), 'x', $2, $3, $4, $5, $6) RETURNING id`,
            [username, alias, extra.type ?? 'PLAYER', extra.phone ?? null, extra.link ?? null, extra.parent ?? null],
          )
        ).rows[0].id,
      );
    const top = await insert(`Sa_${tag}`, `总代${tag}`, { type: 'PRIMARY_AGENT' });
    const agent = await insert(`Sb_${tag}`, `代理${tag}`, { type: 'AGENT', parent: top });
    await pool().query(`INSERT INTO registration_links (id, agent_id) VALUES ($1, $2)`, [`link-${tag}`, agent]);
    const member = await insert(`Sc_${tag}`, `会员${tag}小明`, { phone: `1${tag.replace(/\D/g, '7').padEnd(6, '7')}0000`.slice(0, 11), link: `link-${tag}`, parent: agent });
    // A name that only matches if `_` were a wildcard.
    await insert(`SaX${tag}`, `别人${tag}`);
    const ids = async (query: string) => {
      const response = await get('SUPPORT', `/customers?${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json().items as { id: number }[]).map((c) => c.id).sort((a, b) => a - b);
    };
    expect(await ids(`username=${encodeURIComponent(`sa_${tag}`)}`)).toEqual([top]);
    expect(await ids(`alias=${encodeURIComponent(`${tag}小`)}`)).toEqual([member]);
    const phone = (await pool().query('SELECT phone FROM customers WHERE id = $1', [member])).rows[0].phone as string;
    expect(await ids(`phone=${phone.slice(0, 9)}`)).toContain(member);
    expect(await ids(`registrationLinkId=link-${tag}`)).toEqual([member]);
    expect(await ids(`upline=sa_${tag}`)).toEqual([agent, member]);
    expect(await ids(`upline=sb_${tag}`)).toEqual([member]);
    await pool().query('UPDATE customers SET frozen_at = now() WHERE id = $1', [agent]);
    expect(await ids(`upline=sa_${tag}&status=FROZEN`)).toEqual([agent]);
    expect(await ids(`upline=sa_${tag}&status=ACTIVE`)).toEqual([member]);

    const page = (await get('FINANCE', `/customers?upline=sa_${tag}&pageSize=1&page=2`)).json();
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items).toHaveLength(1);
  });

  it('refuses bad filters with a Chinese message', async () => {
    for (const query of ['username=a%25b', 'phone=12ab', 'pageSize=1000', 'page=0', 'status=GONE', `alias=${'长'.repeat(40)}`, 'registrationLinkId=a%00b']) {
      const response = await get('SUPPORT', `/customers?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('is for the roles that read customers, and never for a customer session', async () => {
    expect((await get('DRAW', '/customers')).statusCode).toBe(403);
    expect((await get('OPERATIONS', '/customers')).statusCode).toBe(403);
    const player = await loginCookie(server.app, 'demo_player');
    expect((await server.app.inject({ url: '/ajax/backoffice/customers', headers: { cookie: player } })).statusCode).toBe(401);
  });
});

describe('detail', () => {
  it('shows profile, agent line, balance, ledger, orders, sessions and login history', async () => {
    const player = await newPlayer(50);
    await login(player.username, 'wrong-password1');
    const cookie = await loginCookie(server.app, player.username, player.password);
    expect((await placeRequest(server, cookie, zx5)).statusCode).toBe(200);

    const detail = (await get('SUPPORT', `/customers/${player.id}`)).json();
    expect(detail).toMatchObject({ username: player.username, balance: yuan(48), frozen: null, activeSessions: 1 });
    expect(detail.agentLine.map((a: { username: string }) => a.username)).toEqual(['demo_primary', 'demo_agent']);
    const ledger = (await get('FINANCE', `/customers/${player.id}/ledger`)).json();
    expect(ledger.items.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['BET', -yuan(2)],
      ['DEP', yuan(50)],
    ]);
    expect(ledger.items[0].balanceAfter).toBe(yuan(48));
    expect((await get('SUPPORT', `/customers/${player.id}/orders`)).json().items).toHaveLength(1);
    expect((await get('SUPPORT', `/customers/${player.id}/sessions`)).json().items[0].active).toBe(true);
    const logins = (await get('RISK', `/customers/${player.id}/logins`)).json();
    expect(logins.items.map((l: { outcome: string }) => l.outcome)).toEqual(['SUCCESS', 'BAD_PASSWORD']);
    expect((await get('SUPPORT', `/customers/${player.id}/protection`)).json()).toMatchObject({ blocked: false });
    expect((await get('SUPPORT', `/customers/${player.id}/autobets`)).json().items).toEqual([]);
    expect((await get('SUPPORT', '/customers/999999999')).statusCode).toBe(404);
    expect((await get('SUPPORT', '/customers/abc')).statusCode).toBe(400);
  });
});

describe('freeze', () => {
  it('refuses a bet right after the freeze, even on a cached session, ends sessions and blocks login', async () => {
    const player = await newPlayer(20);
    const cookie = await loginCookie(server.app, player.username, player.password);
    // The first bet puts the session into the order route's cache.
    expect((await placeRequest(server, cookie, zx5)).statusCode).toBe(200);
    const orders = await orderCount(player.id);

    const frozen = await send('SUPPORT', 'POST', `/customers/${player.id}/freeze`, { reason: '疑似盗号，临时冻结' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ endedSessions: 1, customer: { frozen: { reason: '疑似盗号，临时冻结' }, activeSessions: 0 } });

    const bet = await placeRequest(server, cookie, zx5);
    expect(bet.statusCode).toBe(403);
    expect(bet.json().message).toBe(FROZEN);
    expect(await orderCount(player.id)).toBe(orders);
    expect(await liveSessions(player.id)).toBe(0);
    expect((await server.app.inject({ url: '/ajax/orders', headers: { cookie } })).json().message).toBe(FROZEN);
    expect((await server.app.inject({ url: '/ajax/current-customer', headers: { cookie } })).json()).toBeNull();

    const again = await login(player.username, player.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(FROZEN);
    expect(again.cookies.find((c) => c.name === 'jinli_session')).toBeUndefined();
    // A wrong password says nothing about the freeze.
    expect((await login(player.username, 'wrong-password1')).json().code).toBe('BAD_CREDENTIALS');
    const outcomes = (await get('SUPPORT', `/customers/${player.id}/logins`)).json().items.map((l: { outcome: string }) => l.outcome);
    expect(outcomes.slice(0, 2)).toEqual(['BAD_PASSWORD', 'FROZEN']);

    const audit = await pool().query(`SELECT reason, operator_role FROM operator_audit_log WHERE action = 'customer.freeze' AND target_id = $1`, [String(player.id)]);
    expect(audit.rows).toEqual([{ reason: '疑似盗号，临时冻结', operator_role: 'SUPPORT' }]);
  });

  it('leaves no live session when logins race the freeze, and freezes once when operators race', async () => {
    const player = await newPlayer(0);
    const logins = Array.from({ length: 8 }, () => login(player.username, player.password));
    const freezes = Array.from({ length: 4 }, () => send('RISK', 'POST', `/customers/${player.id}/freeze`, { reason: '并发冻结测试' }));
    const [loginAnswers, freezeAnswers] = await Promise.all([Promise.all(logins), Promise.all(freezes)]);
    expect(freezeAnswers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await liveSessions(player.id)).toBe(0);
    for (const answer of loginAnswers) {
      const cookie = answer.cookies.find((c) => c.name === 'jinli_session');
      if (!cookie) continue;
      const bet = await placeRequest(server, `jinli_session=${cookie.value}`, zx5);
      expect(bet.json().message).toBe(FROZEN);
    }
    const audits = await pool().query(`SELECT count(*)::int AS n FROM operator_audit_log WHERE action = 'customer.freeze' AND target_id = $1`, [String(player.id)]);
    expect(audits.rows[0].n).toBe(1);
  });

  it('skips a frozen customer’s autobet entries instead of placing them', async () => {
    const player = await newPlayer(20);
    const cookie = await loginCookie(server.app, player.username, player.password);
    // An autobet whose first entry waits (placed by the runner, not at creation): stopped by the freeze.
    const created = await server.app.inject({
      method: 'POST',
      url: '/ajax/autobet',
      headers: { cookie, ...MUTATION_HEADERS },
      payload: { clientKey: randomUUID(), drawType: 'UUFFC', playMode: 'REGULAR', bets: zx5.bets, plan: { kind: 'SAME', issues: 2, multiplier: 1 }, stopOnWin: false },
    });
    expect(created.statusCode).toBe(200);
    const autobetId = Number(created.json().autobetId);
    await pool().query(`UPDATE autobet_entries SET status = 'PENDING', order_id = NULL WHERE autobet_id = $1 AND seq = 2`, [autobetId]);
    await pool().query(`UPDATE autobet_entries SET issue_number = $2 WHERE autobet_id = $1 AND seq = 2`, [autobetId, ISSUE]);
    expect((await send('SUPPORT', 'POST', `/customers/${player.id}/freeze`, { reason: '冻结后追号跳过' })).statusCode).toBe(200);
    const orders = await orderCount(player.id);
    await new AutobetRunner(pool()).run(clock.now(), autobetId);
    const entry = await pool().query(`SELECT status, note FROM autobet_entries WHERE autobet_id = $1 AND seq = 2`, [autobetId]);
    expect(entry.rows[0]).toEqual({ status: 'CANCEL', note: '账号已被冻结，本期未投注' });
    expect(await orderCount(player.id)).toBe(orders);
  });
});

describe('unfreeze (four eyes)', () => {
  it('unfreezes only when a second operator with the right role approves', async () => {
    const player = await newPlayer(0);
    expect((await send('SUPPORT', 'POST', `/customers/${player.id}/freeze`, { reason: '核实身份' })).statusCode).toBe(200);
    const requester = await operatorCookie(server.app, 'SUPPORT');
    const requested = await send('SUPPORT', 'POST', `/customers/${player.id}/unfreeze`, { reason: '身份已核实' }, requester);
    expect(requested.statusCode).toBe(200);
    const { approvalId } = requested.json();
    expect((await get('SUPPORT', `/customers/${player.id}`)).json().pendingUnfreeze).toBe(approvalId);
    // A second request for the same customer waits for the first.
    expect((await send('SUPPORT', 'POST', `/customers/${player.id}/unfreeze`, { reason: '再次申请' })).statusCode).toBe(409);

    expect((await approve(requester, approvalId)).statusCode).toBe(403);
    expect((await approve(await asRole('SUPPORT'), approvalId)).statusCode).toBe(403);
    expect((await login(player.username, player.password)).json().message).toBe(FROZEN);

    const approvers = await Promise.all([operatorCookie(server.app, 'RISK'), operatorCookie(server.app, 'SUPER_ADMIN')]);
    const answers = await Promise.all([...approvers, ...approvers].map((cookie) => approve(cookie, approvalId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect((await login(player.username, player.password)).statusCode).toBe(200);
    expect((await get('SUPPORT', `/customers/${player.id}`)).json()).toMatchObject({ frozen: null, pendingUnfreeze: null });
  });

  it('records one request when operators ask at once', async () => {
    const player = await newPlayer(0);
    expect((await send('RISK', 'POST', `/customers/${player.id}/freeze`, { reason: '并发申请测试' })).statusCode).toBe(200);
    const cookies = await Promise.all([operatorCookie(server.app, 'SUPPORT'), operatorCookie(server.app, 'RISK')]);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send('SUPPORT', 'POST', `/customers/${player.id}/unfreeze`, { reason: '同时申请' }, cookies[i % 2])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const pending = await pool().query(`SELECT count(*)::int AS n FROM operator_approvals WHERE kind = 'customers.unfreeze' AND payload->>'customerId' = $1`, [String(player.id)]);
    expect(pending.rows[0].n).toBe(1);
  });

  it('refuses to ask for an account that is not frozen', async () => {
    const player = await newPlayer(0);
    const refused = await send('SUPPORT', 'POST', `/customers/${player.id}/unfreeze`, { reason: '没有冻结' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('该账号未被冻结');
  });
});

describe('balance adjustment (four eyes)', () => {
  it('posts one transfer however many operators approve at once; the ledger reconciles', async () => {
    const player = await newPlayer(10);
    const requested = await send('FINANCE', 'POST', `/customers/${player.id}/adjustment`, { direction: 'CREDIT', amount: yuan(25), reason: '活动补发' });
    expect(requested.statusCode).toBe(200);
    const { approvalId } = requested.json();
    expect(await walletOf(player.id)).toBe(yuan(10));

    const approvers = await Promise.all([operatorCookie(server.app, 'FINANCE'), operatorCookie(server.app, 'SUPER_ADMIN'), operatorCookie(server.app, 'FINANCE')]);
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => approve(approvers[i % 3]!, approvalId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409)).toBe(true);
    expect(await walletOf(player.id)).toBe(yuan(35));
    const transfers = await pool().query(
      `SELECT t.type, t.idempotency_key, sum(e.amount)::bigint AS total FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
        WHERE t.reference = $1 GROUP BY t.id`,
      [`approval:${approvalId}`],
    );
    expect(transfers.rows).toEqual([{ type: 'MI', idempotency_key: `backoffice:adjustment:${approvalId}`, total: 0 }]);
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('never takes a balance below zero: refused when asked, and again when approved after the money went', async () => {
    const player = await newPlayer(10);
    const tooMuch = await send('FINANCE', 'POST', `/customers/${player.id}/adjustment`, { direction: 'DEBIT', amount: yuan(11), reason: '扣回多发' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('余额不足');

    const requested = await send('FINANCE', 'POST', `/customers/${player.id}/adjustment`, { direction: 'DEBIT', amount: yuan(8), reason: '扣回多发' });
    const { approvalId } = requested.json();
    const cookie = await loginCookie(server.app, player.username, player.password);
    expect((await placeRequest(server, cookie, zx5)).statusCode).toBe(200); // 10 → 8
    expect((await placeRequest(server, cookie, zx5)).statusCode).toBe(200); // 8 → 6
    const refused = await approve(await operatorCookie(server.app, 'SUPER_ADMIN'), approvalId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('余额不足');
    expect(await walletOf(player.id)).toBe(yuan(6));
    const status = await pool().query('SELECT status FROM operator_approvals WHERE id = $1', [approvalId]);
    expect(status.rows[0].status).toBe('PENDING');
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('refuses bad amounts with a Chinese message and records nothing', async () => {
    const player = await newPlayer(10);
    const before = Number((await pool().query('SELECT count(*) FROM operator_approvals')).rows[0].count);
    for (const body of [
      { direction: 'CREDIT', amount: 0, reason: '零元' },
      { direction: 'CREDIT', amount: 15, reason: '不足一分' },
      { direction: 'CREDIT', amount: '100', reason: '字符串' },
      { direction: 'CREDIT', amount: yuan(2_000_000), reason: '太多' },
      { direction: 'SIDEWAYS', amount: yuan(1), reason: '方向' },
      { direction: 'CREDIT', amount: yuan(1), reason: ' ' },
      { direction: 'CREDIT', amount: yuan(1), reason: 'a\u0000b' },
    ]) {
      const response = await send('FINANCE', 'POST', `/customers/${player.id}/adjustment`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(Number((await pool().query('SELECT count(*) FROM operator_approvals')).rows[0].count)).toBe(before);
    expect((await send('SUPPORT', 'POST', `/customers/${player.id}/adjustment`, { direction: 'CREDIT', amount: yuan(1), reason: '客服无权' })).statusCode).toBe(403);
  });
});

describe('other actions', () => {
  it('forces a password change: sessions end, the next login is the by-manual first-login step with a new, different password', async () => {
    const player = await newPlayer(0);
    // Registered through a link: its own first-login step would not ask for a password at all.
    await pool().query(`UPDATE customers SET registration_link_id = 'demo-reg' WHERE id = $1`, [player.id]);
    const cookie = await loginCookie(server.app, player.username, player.password);
    const forced = await send('RISK', 'POST', `/customers/${player.id}/force-password-change`, { reason: '密码疑似泄露' });
    expect(forced.json()).toMatchObject({ endedSessions: 1, customer: { passwordChangeRequired: true, firstLoginPending: true } });
    expect((await server.app.inject({ url: '/ajax/current-customer', headers: { cookie } })).json()).toBeNull();

    const next = await loginCookie(server.app, player.username, player.password);
    const current = (await server.app.inject({ url: '/ajax/current-customer', headers: { cookie: next } })).json();
    expect(current).toMatchObject({ firstLogin: true, registrationLinkId: null });
    expect((await placeRequest(server, next, zx5)).json().code).toBe('FIRST_LOGIN_REQUIRED');
    const firstLogin = (payload: object) =>
      server.app.inject({ method: 'PUT', url: '/ajax/first-login', headers: { cookie: next, ...MUTATION_HEADERS }, payload });
    const same = await firstLogin({ newPassword: player.password, agreementAccepted: true });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.newPassword).toBe('新密码不能与原密码相同');
    expect((await firstLogin({ agreementAccepted: true })).statusCode).toBe(400);
    expect((await firstLogin({ newPassword: 'newpass123' })).json().message).toBe('请阅读并同意用户协议');
    const done = await firstLogin({ newPassword: 'newpass123', agreementAccepted: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ firstLogin: false, registrationLinkId: 'demo-reg' });
    expect((await login(player.username, player.password)).statusCode).toBe(401);
    expect((await login(player.username, 'newpass123')).statusCode).toBe(200);
    expect((await get('SUPPORT', `/customers/${player.id}`)).json()).toMatchObject({ passwordChangeRequired: false, firstLoginPending: false });
  });

  it('ends sessions and sets the VIP level, each audited; bad input changes nothing', async () => {
    const player = await newPlayer(0);
    const cookie = await loginCookie(server.app, player.username, player.password);
    const ended = await send('SUPPORT', 'POST', `/customers/${player.id}/end-sessions`, { reason: '客户要求下线' });
    expect(ended.json().endedSessions).toBe(1);
    expect((await server.app.inject({ url: '/ajax/current-customer', headers: { cookie } })).json()).toBeNull();
    expect((await login(player.username, player.password)).statusCode).toBe(200);

    const vips = await Promise.all(Array.from({ length: 5 }, () => send('SUPPORT', 'PUT', `/customers/${player.id}/vip-level`, { vipLevel: 'VIP_2', reason: '升级' })));
    expect(vips.map((v) => v.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(vips.find((v) => v.statusCode === 200)!.json().customer.vipLevel).toBe('VIP_2');
    expect((await send('SUPPORT', 'PUT', `/customers/${player.id}/vip-level`, { vipLevel: 'VIP_2', reason: '重复' })).statusCode).toBe(409);
    for (const body of [{ vipLevel: 'VIP_9', reason: '无效' }, { vipLevel: 'VIP_1' }, { vipLevel: 'VIP_1', reason: 'x'.repeat(501) }]) {
      const refused = await send('SUPPORT', 'PUT', `/customers/${player.id}/vip-level`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    const freezeWithoutReason = await send('SUPPORT', 'POST', `/customers/${player.id}/freeze`, {});
    expect(freezeWithoutReason.statusCode).toBe(400);
    expect((await get('SUPPORT', `/customers/${player.id}`)).json()).toMatchObject({ vipLevel: 'VIP_2', frozen: null });
    const actions = await pool().query(`SELECT action FROM operator_audit_log WHERE target_type = 'customer' AND target_id = $1 ORDER BY id`, [String(player.id)]);
    expect(actions.rows.map((r) => r.action)).toEqual(['customer.sessions.end', 'customer.vip_level']);
    expect((await send('FINANCE', 'POST', `/customers/${player.id}/freeze`, { reason: '财务无权' })).statusCode).toBe(403);
  });
});
