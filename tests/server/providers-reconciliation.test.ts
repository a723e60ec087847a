// 服务商对账 (docs/providers/server.md): reading it changes nothing (decisions §5: no state-changing
// GET); pulling a provider's bet records on demand is a POST, audited, and the read says when the
// records were last pulled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { TestServer } from '../support/db.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { startWorld, type World } from './providers-support.ts';

let world: World;
let server: TestServer;
let pool: pg.Pool;

beforeAll(async () => {
  world = await startWorld();
  server = world.server;
  pool = server.db.database.pool;
});
afterAll(() => world?.close());

const cursors = async () =>
  (await pool.query<{ rows: string }>(`SELECT coalesce(json_agg(c ORDER BY c.provider), '[]')::text AS rows FROM provider_record_cursors c`)).rows[0]!.rows;
const records = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_bet_records')).rows[0]!.n;

describe('provider reconciliation (服务商对账)', () => {
  it('is a GET that changes nothing', async () => {
    const cookie = await operatorCookie(server.app, 'FINANCE');
    const before = { cursors: await cursors(), records: await records() };
    const response = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/providers/AG/reconciliation', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect({ cursors: await cursors(), records: await records() }).toEqual(before);
  });

  it('pulls the records on a POST, audited, and then reads when they were pulled', async () => {
    const cookie = await operatorCookie(server.app, 'FINANCE');
    const pulled = await server.app.inject({
      method: 'POST',
      url: '/ajax/backoffice/providers/PP/records/pull',
      headers: operatorHeaders(cookie),
      payload: {},
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json()).toMatchObject({ error: null });
    const audited = await pool.query(`SELECT 1 FROM operator_audit_log WHERE action = 'providers.records.pull' AND target_id = 'PP'`);
    expect(audited.rowCount).toBe(1);
    const read = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/providers/PP/reconciliation', headers: { cookie } });
    expect(read.json().recordsPull.pulledAt).not.toBeNull();
  });

  it('refuses the pull to a role without the permission', async () => {
    const cookie = await operatorCookie(server.app, 'OPERATIONS');
    const pulled = await server.app.inject({
      method: 'POST',
      url: '/ajax/backoffice/providers/PP/records/pull',
      headers: operatorHeaders(cookie),
      payload: {},
    });
    expect(pulled.statusCode).toBe(403);
  });
});
