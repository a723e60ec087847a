// Registration links, domains and manual creation (issue 19 items 2 and 3, docs/agents/links.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentLinkSchema, LinkListSchema, MAX_ACTIVE_LINKS, type AgentLink } from '../../src/shared/api/agent-links.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { call, knownCaptcha } from './accounts-support.ts';

let server: TestServer;
let agentCookie: string;
let agentId: number;
const pool = () => server.db.database.pool;

beforeAll(async () => {
  server = await startTestServer({ REGISTER_PER_ADDRESS_PER_HOUR: '100' });
  agentCookie = await loginCookie(server.app, 'demo_agent');
  agentId = (await pool().query<{ id: number }>(`SELECT id FROM customers WHERE username_key = 'demo_agent'`)).rows[0]!.id;
});
afterAll(() => server?.close());

let nextIp = 1;
const freshIp = () => `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
let nextName = 1;
const freshName = (prefix: string) => `${prefix}${String(nextName++).padStart(4, '0')}`;

async function createLink(body: Record<string, unknown>, cookie = agentCookie) {
  return call(server, 'POST', '/ajax/registration-link', { cookie, payload: body });
}

async function newLink(body: Partial<Record<string, unknown>> = {}, cookie = agentCookie): Promise<AgentLink> {
  const response = await createLink({ accountType: 'PLAYER', prizeGroup: 1950, retention: 'PERMANENT', ...body }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return AgentLinkSchema.parse(response.json());
}

async function register(linkId: string, username: string) {
  return call(server, 'POST', `/ajax/registration-link/${linkId}/register`, {
    ip: freshIp(),
    payload: {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      ageConfirmed: true,
      agreementAccepted: true,
      captchaId: await knownCaptcha(server, 'K7RX'),
      captcha: 'K7RX',
    },
  });
}

async function insertCustomer(username: string, type: string, parentId: number | null, prizeGroup: number): Promise<number> {
  const result = await pool().query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group)
     VALUES ($1, $1, $2, $1, $3, $4, $5) RETURNING id`,
    [username, await hashPassword(DEMO_PASSWORD), type, parentId, prizeGroup],
  );
  return Number(result.rows[0]!.id);
}

const linkRow = async (id: string) =>
  (await pool().query('SELECT remarks, registration_count, deleted_at, expires_at, prize_group, account_type FROM registration_links WHERE id = $1', [id]))
    .rows[0];
const linkCount = async () => Number((await pool().query<{ n: string }>('SELECT count(*) AS n FROM registration_links')).rows[0]!.n);

describe('creating a link', () => {
  it('makes a player link with the chosen group, retention and remark, listed newest first as 有效', async () => {
    const before = Date.now();
    const link = await newLink({ retention: 'SEVEN_DAY', remark: '朋友圈推广', prizeGroup: 1948 });
    expect(link).toMatchObject({ accountType: 'PLAYER', prizeGroup: 1948, retention: 'SEVEN_DAY', remark: '朋友圈推广', registrationCount: 0, state: 'ACTIVE' });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(link.expiresAt! - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(link.expiresAt! - before).toBeLessThan(7 * 86_400_000 + 60_000);
    const second = await newLink({ retention: 'PERMANENT' });
    expect(second.expiresAt).toBeNull();
    const list = LinkListSchema.parse((await call(server, 'GET', '/ajax/registration-link?pageSize=2', { cookie: agentCookie })).json());
    expect(list.items.map((item) => item.id)).toEqual([second.id, link.id]);
    expect(list).toMatchObject({ page: 1, pageSize: 2, canCreatePlayers: true, canCreateAgents: true });
    expect(list.total).toBeGreaterThanOrEqual(3);
    // The public registration data call still answers anyone for an active link.
    const open = await call(server, 'GET', `/ajax/registration-link/${link.id}`);
    expect(open.json()).toEqual({ id: link.id, recaptchaRequired: false, recaptchaSiteKey: null });
  });

  it('refuses a bad input with its Chinese message and writes nothing', async () => {
    const before = await linkCount();
    const valid = { accountType: 'PLAYER', prizeGroup: 1950, retention: 'ONE_DAY' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, prizeGroup: 1958 }, '奖金组不能高于您自己的奖金组（1956）'],
      [{ ...valid, prizeGroup: 1698 }, '奖金组须为1700至1960之间的偶数'],
      [{ ...valid, prizeGroup: 1951 }, '奖金组须为1700至1960之间的偶数'],
      [{ ...valid, prizeGroup: '1950' }, '奖金组须为1700至1960之间的偶数'],
      [{ ...valid, remark: '一二三四五六七八九' }, '备注最多 8 个字'],
      [{ ...valid, remark: 'a\u0000b' }, '备注包含不支持的字符'],
      [{ ...valid, accountType: 'PRIMARY_AGENT' }, '请选择开户类型'],
      [{ ...valid, retention: 'FOREVER' }, '请选择链接有效期'],
    ];
    for (const [payload, message] of cases) {
      const response = await createLink(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await linkCount()).toBe(before);
  });

  it('lets a plain agent make sub-agent links down to the fourth level, and players down to the fifth', async () => {
    const primary = (await pool().query<{ id: number }>(`SELECT id FROM customers WHERE username_key = 'demo_primary'`)).rows[0]!.id;
    const level3 = await insertCustomer('depth_agent3', 'AGENT', agentId, 1954);
    const level4 = await insertCustomer('depth_agent4', 'AGENT', level3, 1952);
    const level5 = await insertCustomer('depth_agent5', 'AGENT', level4, 1950);
    expect(primary).toBeGreaterThan(0);
    const cookie3 = await loginCookie(server.app, 'depth_agent3');
    const cookie4 = await loginCookie(server.app, 'depth_agent4');
    const cookie5 = await loginCookie(server.app, 'depth_agent5');
    expect((await newLink({ accountType: 'AGENT', prizeGroup: 1952 }, cookie3)).accountType).toBe('AGENT');
    const refusedAgent = await createLink({ accountType: 'AGENT', prizeGroup: 1950, retention: 'PERMANENT' }, cookie4);
    expect(refusedAgent.statusCode).toBe(400);
    expect(refusedAgent.json().message).toBe('团队最多 5 级，您不能再开设下级代理');
    expect((await newLink({ accountType: 'PLAYER', prizeGroup: 1950 }, cookie4)).accountType).toBe('PLAYER');
    const refusedPlayer = await createLink({ accountType: 'PLAYER', prizeGroup: 1950, retention: 'PERMANENT' }, cookie5);
    expect(refusedPlayer.json().message).toBe('团队最多 5 级，您不能再开设下级账号');
    const list4 = LinkListSchema.parse((await call(server, 'GET', '/ajax/registration-link', { cookie: cookie4 })).json());
    expect(list4).toMatchObject({ canCreatePlayers: true, canCreateAgents: false });
  });

  it(`holds the cap of ${MAX_ACTIVE_LINKS} active links when creations arrive together`, async () => {
    const owner = await insertCustomer('cap_agent1', 'AGENT', agentId, 1954);
    const cookie = await loginCookie(server.app, 'cap_agent1');
    await pool().query(
      `INSERT INTO registration_links (id, agent_id, prize_group) SELECT 'cap-' || g, $1, 1950 FROM generate_series(1, $2) g`,
      [owner, MAX_ACTIVE_LINKS - 3],
    );
    // An expired or deleted link does not count.
    await pool().query(`INSERT INTO registration_links (id, agent_id, expires_at) VALUES ('cap-old', $1, now() - interval '1 day')`, [owner]);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => createLink({ accountType: 'PLAYER', prizeGroup: 1950, retention: 'PERMANENT' }, cookie)),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    expect(responses.find((response) => response.statusCode === 409)!.json().message).toBe(`有效链接最多 ${MAX_ACTIVE_LINKS} 个，请先删除不再使用的链接`);
    const active = await pool().query<{ n: string }>(
      `SELECT count(*) AS n FROM registration_links WHERE agent_id = $1 AND deleted_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [owner],
    );
    expect(Number(active.rows[0]!.n)).toBe(MAX_ACTIVE_LINKS);
  });
});

describe('registering through a link', () => {
  it('creates the link’s account type at the link’s group under the agent, and counts it', async () => {
    const link = await newLink({ accountType: 'AGENT', prizeGroup: 1952 });
    const username = freshName('via_agent');
    const response = await register(link.id, username);
    expect(response.statusCode, response.body).toBe(200);
    const row = (
      await pool().query('SELECT type, prize_group, parent_id, registration_link_id, first_login FROM customers WHERE username_key = $1', [username])
    ).rows[0];
    expect(row).toEqual({ type: 'AGENT', prize_group: 1952, parent_id: agentId, registration_link_id: link.id, first_login: true });
    expect((await linkRow(link.id))!.registration_count).toBe(1);
  });

  it('never gives more than the agent holds now, even if the agent’s group was lowered after the link', async () => {
    const owner = await insertCustomer('lowered_ag1', 'AGENT', agentId, 1954);
    const link = await newLink({ prizeGroup: 1954 }, await loginCookie(server.app, 'lowered_ag1'));
    await pool().query('UPDATE customers SET prize_group = 1940 WHERE id = $1', [owner]);
    const username = freshName('lowered_p');
    expect((await register(link.id, username)).statusCode).toBe(200);
    expect((await pool().query('SELECT prize_group FROM customers WHERE username_key = $1', [username])).rows[0]).toEqual({ prize_group: 1940 });
  });

  it('counts every one of many concurrent registrations exactly once', async () => {
    const link = await newLink();
    const names = Array.from({ length: 10 }, () => freshName('burst_'));
    const responses = await Promise.all(names.map((name) => register(link.id, name)));
    expect(responses.map((response) => response.statusCode)).toEqual(names.map(() => 200));
    const registered = await pool().query<{ n: string }>('SELECT count(*) AS n FROM customers WHERE registration_link_id = $1', [link.id]);
    expect(Number(registered.rows[0]!.n)).toBe(10);
    expect((await linkRow(link.id))!.registration_count).toBe(10);
  });

  it('refuses a deleted or expired link with the existing message, and a taken name leaves the count alone', async () => {
    const deleted = await newLink();
    expect((await call(server, 'PUT', `/ajax/registration-link/${deleted.id}/delete`, { cookie: agentCookie })).json().state).toBe('DELETED');
    const expired = await newLink({ retention: 'ONE_DAY' });
    await pool().query(`UPDATE registration_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    for (const id of [deleted.id, expired.id]) {
      const response = await register(id, freshName('late_'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '注册链接不存在或已失效' });
      expect((await call(server, 'GET', `/ajax/registration-link/${id}`)).statusCode).toBe(404);
      expect((await linkRow(id))!.registration_count).toBe(0);
    }
    const open = await newLink();
    const taken = await register(open.id, 'demo_player');
    expect(taken.statusCode).toBe(409);
    expect((await linkRow(open.id))!.registration_count).toBe(0);
  });
});

describe('managing links', () => {
  it('edits and clears a remark; a deleted link keeps its remark', async () => {
    const link = await newLink({ remark: '旧备注' });
    const url = `/ajax/registration-link/${link.id}/remarks`;
    expect((await call(server, 'PUT', url, { cookie: agentCookie, payload: { remark: '新备注' } })).json().remark).toBe('新备注');
    const tooLong = await call(server, 'PUT', url, { cookie: agentCookie, payload: { remark: '123456789' } });
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION', message: '备注最多 8 个字' });
    expect((await call(server, 'PUT', url, { cookie: agentCookie, payload: { remark: '  ' } })).json().remark).toBe('');
    await call(server, 'PUT', `/ajax/registration-link/${link.id}/delete`, { cookie: agentCookie });
    const refused = await call(server, 'PUT', url, { cookie: agentCookie, payload: { remark: '再改' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('该链接已删除，不能修改备注');
    expect((await linkRow(link.id))!.remarks).toBe('');
  });

  it('deletes only the caller’s expired links; 已删除 and 已过期 can be listed apart', async () => {
    const mine = await newLink({ retention: 'ONE_DAY' });
    const stillActive = await newLink({ retention: 'ONE_DAY' });
    const otherOwner = await insertCustomer('inactive_ag1', 'AGENT', agentId, 1954);
    await pool().query(`INSERT INTO registration_links (id, agent_id, expires_at) VALUES ('other-expired', $1, now() - interval '1 day')`, [otherOwner]);
    await pool().query(`UPDATE registration_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [mine.id]);
    const expiredList = LinkListSchema.parse((await call(server, 'GET', '/ajax/registration-link?state=EXPIRED', { cookie: agentCookie })).json());
    expect(expiredList.items.map((item) => item.id)).toContain(mine.id);
    expect(expiredList.items.every((item) => item.state === 'EXPIRED')).toBe(true);
    const response = await call(server, 'DELETE', '/ajax/registration-link/inactive', { cookie: agentCookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().deleted).toBeGreaterThanOrEqual(1);
    expect((await linkRow(mine.id))!.deleted_at).not.toBeNull();
    expect((await linkRow(stillActive.id))!.deleted_at).toBeNull();
    expect((await linkRow('other-expired'))!.deleted_at).toBeNull();
    const deletedList = LinkListSchema.parse((await call(server, 'GET', '/ajax/registration-link?state=DELETED', { cookie: agentCookie })).json());
    expect(deletedList.items.map((item) => item.id)).toContain(mine.id);
    expect((await call(server, 'DELETE', '/ajax/registration-link/inactive', { cookie: agentCookie })).json()).toEqual({ deleted: 0 });
  });

  it('answers 404 for another agent’s link, even its own upline’s or its member’s', async () => {
    const memberAgent = await insertCustomer('member_ag1', 'AGENT', agentId, 1954);
    expect(memberAgent).toBeGreaterThan(0);
    const membersLink = await newLink({}, await loginCookie(server.app, 'member_ag1'));
    for (const [method, url, payload] of [
      ['PUT', `/ajax/registration-link/${membersLink.id}/delete`, undefined],
      ['PUT', `/ajax/registration-link/${membersLink.id}/remarks`, { remark: 'x' }],
    ] as const) {
      const response = await call(server, method, url, { cookie: agentCookie, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await linkRow(membersLink.id)).toMatchObject({ deleted_at: null, remarks: '' });
  });
});

describe('registration domains', () => {
  it('lists only the enabled domains to agents; the back office adds and disables them, audited', async () => {
    
    const admin = await operatorCookie(server.app, 'OPERATIONS');
    const headers = operatorHeaders(admin);
    const add = (domain: string) => server.app.inject({ method: 'POST', url: '/ajax/backoffice/agents/domains', headers, payload: { domain, reason: '新域名' } });
    const added = await add('Reg-One.example');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ domain: 'reg-one.example', enabled: true });
    expect((await add('reg-one.example')).json()).toMatchObject({ code: 'CONFLICT', message: '该域名已存在' });
    expect((await add('www reg.example')).statusCode).toBe(400);
    const second = (await add('reg-two.example')).json<{ id: number }>();
    const disabled = await server.app.inject({ method: 'PUT', url: `/ajax/backoffice/agents/domains/${second.id}`, headers, payload: { enabled: false } });
    expect(disabled.json()).toMatchObject({ enabled: false });
    const agentView = await call(server, 'GET', '/ajax/registration-domain', { cookie: agentCookie });
    const domains = agentView.json<{ items: { domain: string }[] }>().items.map((item) => item.domain);
    expect(domains).toContain('reg-one.example');
    expect(domains).not.toContain('reg-two.example');
    const audit = await pool().query<{ action: string }>(
      `SELECT action FROM operator_audit_log WHERE target_type = 'registration_domain' ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['agents.domain.add', 'agents.domain.add', 'agents.domain.disable']);
    const finance = await operatorCookie(server.app, 'FINANCE');
    expect((await server.app.inject({ method: 'GET', url: '/ajax/backoffice/agents/domains', headers: operatorHeaders(finance) })).statusCode).toBe(403);
  });

  it('answers a domain set to the state it already has as it is, the request audited, nothing changed', async () => {
    const headers = operatorHeaders(await operatorCookie(server.app, 'OPERATIONS'));
    const added = await server.app.inject({ method: 'POST', url: '/ajax/backoffice/agents/domains', headers, payload: { domain: 'reg-same.example' } });
    expect(added.statusCode, added.body).toBe(200);
    const domain = added.json<{ id: number; enabled: boolean; updatedAt: number }>();
    const again = await server.app.inject({
      method: 'PUT',
      url: `/ajax/backoffice/agents/domains/${domain.id}`,
      headers,
      payload: { enabled: true, reason: '重复启用' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(domain);
    const audit = await pool().query<{ action: string; before: unknown; after: unknown; reason: string }>(
      `SELECT action, before, after, reason FROM operator_audit_log WHERE target_type = 'registration_domain' AND target_id = $1 ORDER BY id`,
      [String(domain.id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['agents.domain.add', 'agents.domain.enable']);
    expect(audit.rows[1]).toMatchObject({ before: domain, after: domain, reason: '重复启用' });
  });
});

describe('manual creation', () => {
  const create = (payload: Record<string, unknown>, cookie = agentCookie) => call(server, 'POST', '/ajax/agent/accounts', { cookie, payload });

  it('creates a member with a pending by-manual first login, under the agent, at the chosen group', async () => {
    const username = freshName('hand_');
    const response = await create({ accountType: 'PLAYER', username, password: 'init1234', prizeGroup: 1944 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ username, accountType: 'PLAYER', prizeGroup: 1944 });
    const row = (await pool().query('SELECT type, parent_id, first_login, registration_link_id, prize_group FROM customers WHERE username_key = $1', [username]))
      .rows[0];
    expect(row).toEqual({ type: 'PLAYER', parent_id: agentId, first_login: true, registration_link_id: null, prize_group: 1944 });
    const login = await call(server, 'PUT', '/ajax/login', { payload: { username, password: 'init1234' } });
    expect(login.json()).toMatchObject({ firstLogin: true, registrationLinkId: null });
    const agent = await create({ accountType: 'AGENT', username: freshName('handag'), password: 'init1234', prizeGroup: 1956 });
    expect(agent.json()).toMatchObject({ accountType: 'AGENT', prizeGroup: 1956 });
  });

  it('refuses a taken name, a bad password or a group above the agent’s own, writing nothing', async () => {
    const count = async () => Number((await pool().query<{ n: string }>('SELECT count(*) AS n FROM customers')).rows[0]!.n);
    const before = await count();
    const valid = { accountType: 'PLAYER', username: freshName('handx_'), password: 'init1234', prizeGroup: 1950 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...valid, username: 'DEMO_player' }, 409, '该用户名不可用'],
      [{ ...valid, username: 'abc' }, 400, '用户名由 6~16 位字母、数字或下划线组成'],
      [{ ...valid, password: '12345678' }, 400, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
      [{ ...valid, prizeGroup: 1958 }, 400, '奖金组不能高于您自己的奖金组（1956）'],
      [{ ...valid, accountType: 'PRIMARY_AGENT' }, 400, '请选择开户类型'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('creates one account when the same name is sent many times at once', async () => {
    const username = freshName('twice_');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => create({ accountType: 'PLAYER', username, password: 'init1234', prizeGroup: 1950 })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
  });
});
