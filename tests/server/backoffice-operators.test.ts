// The operators admin (operators.manage): create (generated password, enrolment at first sign-in),
// change role, disable (ends sessions, blocks sign-in), reset the second factor, list and end
// sessions; an administrator cannot act on itself, and the last super administrator stays one even
// when two administrators demote each other at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { createOperator, operatorCookieOf, operatorHeaders, signIn, signedInOperator } from '../support/operators.ts';

let server: TestServer;
let admin: string;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  const signed = await signedInOperator(server.app, 'SUPER_ADMIN');
  admin = signed.cookie;
  adminId = signed.operator.id;
});
afterAll(() => server?.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie = admin) =>
  server.app.inject({ method, url: `/ajax/backoffice${url}`, headers: operatorHeaders(cookie), payload });
const get = (url: string, cookie = admin) => server.app.inject({ method: 'GET', url: `/ajax/backoffice${url}`, headers: { cookie } });
const operatorSession = async (cookie: string) => (await get('/session', cookie)).json().operator;

describe('the operators admin', () => {
  it('creates an operator with a generated password, who enrols at the first sign-in', async () => {
    const created = await send('POST', '/operators', { username: 'New_Cashier', displayName: '新财务', role: 'FINANCE' });
    expect(created.statusCode).toBe(200);
    const { operator, initialPassword } = created.json();
    expect(operator).toMatchObject({ username: 'New_Cashier', role: 'FINANCE', enrolled: false, disabled: false });
    expect(initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{14}$/);
    const duplicate = await send('POST', '/operators', { username: 'new_cashier', displayName: '重复', role: 'SUPPORT' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('该用户名已被使用');
    const first = await server.app.inject({
      method: 'POST',
      url: '/ajax/backoffice/sign-in/password',
      headers: MUTATION_HEADERS,
      payload: { username: 'new_cashier', password: initialPassword },
    });
    expect(first.json().next).toBe('ENROLMENT');
    const list = await get('/operators?q=cashier');
    expect(list.json()).toMatchObject({ total: 1, items: [{ username: 'New_Cashier' }] });
  });

  it('refuses bad input with Chinese field messages and creates nothing', async () => {
    const before = (await get('/operators')).json().total;
    const bad = await send('POST', '/operators', { username: 'a b', displayName: '', role: 'KING', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ username: expect.stringMatching(/用户名/), role: '请选择有效的角色' });
    expect((await get('/operators')).json().total).toBe(before);
  });

  it('changes a role at once, for the sessions already open too', async () => {
    const { operator, cookie } = await signedInOperator(server.app, 'SUPPORT');
    expect((await get('/audit', cookie)).statusCode).toBe(403);
    const changed = await send('PUT', `/operators/${operator.id}/role`, { role: 'RISK', reason: '调岗' });
    expect(changed.json().operator.role).toBe('RISK');
    expect((await get('/audit', cookie)).statusCode).toBe(200);
  });

  it('disables an operator: its sessions end, its password no longer signs in, until enabled', async () => {
    const { operator, cookie } = await signedInOperator(server.app, 'OPERATIONS');
    expect((await send('PUT', `/operators/${operator.id}/disabled`, { disabled: true, reason: '离职' })).statusCode).toBe(200);
    expect(await operatorSession(cookie)).toBeNull();
    const refused = await server.app.inject({
      method: 'POST',
      url: '/ajax/backoffice/sign-in/password',
      headers: MUTATION_HEADERS,
      payload: { username: operator.username, password: operator.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('停用');
    expect((await send('PUT', `/operators/${operator.id}/disabled`, { disabled: false, reason: '复职' })).statusCode).toBe(200);
    expect(await operatorSession(await signIn(server.app, operator, 1))).not.toBeNull();
  });

  it('resets the second factor: sessions end and the next sign-in enrols again', async () => {
    const { operator, cookie } = await signedInOperator(server.app, 'DRAW');
    const reset = await send('POST', `/operators/${operator.id}/reset-second-factor`, { reason: '手机丢失' });
    expect(reset.json().operator.enrolled).toBe(false);
    expect(await operatorSession(cookie)).toBeNull();
    const again = await server.app.inject({
      method: 'POST',
      url: '/ajax/backoffice/sign-in/password',
      headers: MUTATION_HEADERS,
      payload: { username: operator.username, password: operator.password },
    });
    expect(again.json().next).toBe('ENROLMENT');
  });

  it('lists and ends one session of an operator', async () => {
    const operator = await createOperator(server.app, 'FINANCE');
    const first = await signIn(server.app, operator);
    const second = await signIn(server.app, operator, 1);
    const sessions = (await get(`/operators/${operator.id}/sessions`)).json().items;
    expect(sessions).toHaveLength(2);
    const ended = await send('POST', `/operators/${operator.id}/sessions/${sessions[1].id}/revoke`, { reason: '可疑登录' });
    expect(ended.statusCode).toBe(200);
    expect([await operatorSession(first), await operatorSession(second)].filter(Boolean)).toHaveLength(1);
    expect((await send('POST', `/operators/${operator.id}/sessions/${sessions[1].id}/revoke`, { reason: '再来一次' })).statusCode).toBe(404);
  });

  it('an administrator cannot demote or disable itself', async () => {
    const self = await send('PUT', `/operators/${adminId}/role`, { role: 'SUPPORT', reason: '试试' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('不能修改自己的角色');
    expect((await send('PUT', `/operators/${adminId}/disabled`, { disabled: true, reason: '试试' })).statusCode).toBe(403);
  });

  it('keeps one enabled super administrator when two demote each other at the same time', async () => {
    const pool = server.db.database.pool;
    // Only these two are super administrators for this test.
    const a = await signedInOperator(server.app, 'SUPER_ADMIN');
    const b = await signedInOperator(server.app, 'SUPER_ADMIN');
    await pool.query("UPDATE operators SET disabled_at = now() WHERE role = 'SUPER_ADMIN' AND id <> ALL($1)", [[a.operator.id, b.operator.id]]);
    const [byA, byB] = await Promise.all([
      send('PUT', `/operators/${b.operator.id}/role`, { role: 'RISK', reason: '互相降级' }, a.cookie),
      send('PUT', `/operators/${a.operator.id}/role`, { role: 'RISK', reason: '互相降级' }, b.cookie),
    ]);
    const statuses = [byA.statusCode, byB.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const left = await pool.query("SELECT count(*)::int AS n FROM operators WHERE role = 'SUPER_ADMIN' AND disabled_at IS NULL");
    expect(left.rows[0].n).toBe(1);
    await pool.query("UPDATE operators SET disabled_at = NULL WHERE id = $1", [adminId]);
  });

  it('records every write in the audit log', async () => {
    const rows = await server.db.database.pool.query<{ action: string }>(
      'SELECT DISTINCT action FROM operator_audit_log WHERE operator_id = $1',
      [adminId],
    );
    expect(rows.rows.map((r) => r.action).sort()).toEqual(
      expect.arrayContaining(['operator.create', 'operator.role', 'operator.disable', 'operator.enable', 'operator.second_factor_reset', 'operator.session_revoke']),
    );
    expect(operatorCookieOf({ cookies: [] })).toBeNull();
  });
});
