// The operator audit log (issue 16 item 3): every operator write leaves a row in its own transaction;
// the table is append-only in the database; the rows form a hash chain, correct under concurrent
// writes; `npm run audit:verify` walks it and names the first row that was tampered with.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { registerOperatorAccess } from '../../src/server/backoffice/core/access.ts';
import { withOperatorWrite } from '../../src/server/backoffice/core/api.ts';
import { verifyAuditChain } from '../../src/server/backoffice/core/audit.ts';
import { errors, registerErrorHandling } from '../../src/server/http/errors.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { createOperator, operatorHeaders, signedInOperator } from '../support/operators.ts';

const run = promisify(execFile);
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedInOperator(server.app, 'SUPER_ADMIN')).cookie;
});
afterAll(() => server?.close());

const pool = () => server.db.database.pool;

async function verifyCommand(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
      env: { ...process.env, DATABASE_URL: server.db.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const disable = (id: number, disabled: boolean, reason = '测试停用') =>
  server.app.inject({ method: 'PUT', url: `/ajax/backoffice/operators/${id}/disabled`, headers: operatorHeaders(admin), payload: { disabled, reason } });

describe('the operator audit log', () => {
  it('records who, role, from where, what, before → after and why, searchable by the audit page', async () => {
    const target = await createOperator(server.app, 'SUPPORT');
    expect((await disable(target.id, true, '离职')).statusCode).toBe(200);
    const { cookie: risk } = await signedInOperator(server.app, 'RISK');
    const search = await server.app.inject({
      method: 'GET',
      url: `/ajax/backoffice/audit?action=operator.dis&targetType=operator&targetId=${target.id}`,
      headers: { cookie: risk },
    });
    expect(search.statusCode).toBe(200);
    const [row] = search.json().items;
    expect(search.json().total).toBe(1);
    expect(row).toMatchObject({
      action: 'operator.disable',
      role: 'SUPER_ADMIN',
      ip: '127.0.0.1',
      before: { disabled: false },
      after: { disabled: true },
      reason: '离职',
    });
    const bad = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/audit?from=2026-02-30', headers: { cookie: risk } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请选择有效的开始日期');
  });

  it('commits an operator write with its audit rows or not at all, and refuses a write that records none', async () => {
    await pool().query('CREATE TABLE audit_test_writes (note text NOT NULL)');
    const app = Fastify();
    await app.register(fastifyCookie);
    registerErrorHandling(app);
    registerOperatorAccess(app, { ...server.ctx });
    const config = { operator: { permission: 'operators.manage' as const } };
    app.post('/ajax/backoffice/test/write', { config }, (request) =>
      withOperatorWrite(server.ctx, request, async (client, audit) => {
        await client.query("INSERT INTO audit_test_writes VALUES ('audited')");
        await audit({ action: 'test.write', targetType: 'test', targetId: 1, before: null, after: { note: 'audited' } });
        return { ok: true };
      }),
    );
    app.post('/ajax/backoffice/test/unaudited', { config }, (request) =>
      withOperatorWrite(server.ctx, request, async (client) => {
        await client.query("INSERT INTO audit_test_writes VALUES ('unaudited')");
        return { ok: true };
      }),
    );
    app.post('/ajax/backoffice/test/failing', { config }, (request) =>
      withOperatorWrite(server.ctx, request, async (client, audit) => {
        await client.query("INSERT INTO audit_test_writes VALUES ('failing')");
        await audit({ action: 'test.failing', targetType: 'test', targetId: 2, before: null, after: null });
        throw errors.conflict('状态已变化');
      }),
    );
    const call = (url: string) => app.inject({ method: 'POST', url, headers: { cookie: admin } });
    expect((await call('/ajax/backoffice/test/write')).statusCode).toBe(200);
    expect((await call('/ajax/backoffice/test/unaudited')).statusCode).toBe(500);
    expect((await call('/ajax/backoffice/test/failing')).statusCode).toBe(409);
    await app.close();
    const writes = await pool().query<{ note: string }>('SELECT note FROM audit_test_writes');
    expect(writes.rows.map((r) => r.note)).toEqual(['audited']);
    const rows = await pool().query<{ action: string }>("SELECT action FROM operator_audit_log WHERE action LIKE 'test.%'");
    expect(rows.rows.map((r) => r.action)).toEqual(['test.write']);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    await expect(pool().query("UPDATE operator_audit_log SET reason = 'x'")).rejects.toThrow(/append-only/);
    await expect(pool().query('DELETE FROM operator_audit_log')).rejects.toThrow(/append-only/);
    await expect(pool().query('TRUNCATE operator_audit_log')).rejects.toThrow(/append-only/);
  });

  it('keeps the chain whole under concurrent writes', async () => {
    const targets = await Promise.all(Array.from({ length: 12 }, () => createOperator(server.app, 'OPERATIONS')));
    const answers = await Promise.all(targets.map((t) => disable(t.id, true)));
    expect(answers.map((a) => a.statusCode)).toEqual(targets.map(() => 200));
    const verdict = await verifyAuditChain(pool());
    expect(verdict).toMatchObject({ ok: true });
  });

  it('npm run audit:verify counts a whole chain and names the first tampered row', async () => {
    const whole = await verifyCommand();
    expect(whole.code).toBe(0);
    const total = (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM operator_audit_log')).rows[0]!.n;
    expect(whole.stdout).toContain(`共 ${total} 条记录`);

    const ids = (await pool().query<{ id: number }>('SELECT id FROM operator_audit_log ORDER BY id')).rows.map((r) => r.id);
    const victim = ids[Math.floor(ids.length / 2)]!;
    // A superuser bypassing the triggers, as an attacker with database access would.
    const client = new pg.Client({ connectionString: server.db.url });
    await client.connect();
    try {
      await client.query('SET session_replication_role = replica');
      await client.query(`UPDATE operator_audit_log SET reason = '改过了' WHERE id = $1`, [victim]);
    } finally {
      await client.end();
    }
    const broken = await verifyCommand();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`第 ${victim} 号记录`);
  }, 60_000);
});
