// The reports over HTTP: who may read them and run the reconciliation, bad ranges refused in Chinese
// with nothing recorded, the CSV answers, and a reconciliation run recorded and audited — once per
// request that got through, however many arrive at once.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, roleHas } from '../../src/shared/backoffice/permissions.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie, operatorHeaders, signedInOperator } from '../support/operators.ts';

let server: TestServer;
const pool = () => server.db.database.pool;
const cookies = new Map<string, string>();
const RANGE = 'from=2031-02-01&to=2031-02-07';

beforeAll(async () => {
  server = await startTestServer();
  for (const role of OPERATOR_ROLES) cookies.set(role, await operatorCookie(server.app, role));
});
afterAll(() => server?.close());

const get = (url: string, cookie?: string) =>
  server.app.inject({ method: 'GET', url: `/ajax/backoffice${url}`, headers: cookie ? { cookie } : {} });
const runs = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM reconciliation_runs')).rows[0]!.n;

describe('access', () => {
  const reads = [`/reports/daily?${RANGE}`, `/reports/daily.csv?${RANGE}`, `/reports/draw-types?${RANGE}`, `/reports/draw-types.csv?${RANGE}`, '/reports/reconciliation', '/reports/reconciliation.csv', `/reports/providers?${RANGE}`];

  it('lets the roles holding reports.read read every report, and no one else', async () => {
    for (const url of reads) {
      for (const role of OPERATOR_ROLES) {
        const response = await get(url, cookies.get(role));
        expect(response.statusCode, `${role} ${url}`).toBe(roleHas(role, 'reports.read') ? 200 : 403);
      }
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, await loginCookie(server.app, 'demo_player'))).statusCode).toBe(401);
    }
  });

  it('lets only the roles holding reports.reconcile run the reconciliation', async () => {
    for (const role of OPERATOR_ROLES) {
      const before = await runs();
      const response = await server.app.inject({ method: 'POST', url: '/ajax/backoffice/reports/reconciliation', headers: operatorHeaders(cookies.get(role)!) });
      const allowed = roleHas(role, 'reports.reconcile');
      expect(response.statusCode, role).toBe(allowed ? 200 : 403);
      expect(await runs()).toBe(before + (allowed ? 1 : 0));
    }
  });
});

describe('bad ranges', () => {
  const cases: [string, string, string][] = [
    ['to=2031-02-07', 'from', '请输入有效的开始日期'],
    ['from=2031-02-30&to=2031-03-01', 'from', '请输入有效的开始日期'],
    ['from=2031-02-01&to=20310207', 'to', '请输入有效的结束日期'],
    ['from=2031-02-07&to=2031-02-01', 'to', '结束日期不能早于开始日期'],
    ['from=2031-01-01&to=2031-04-03', 'to', '报表的日期范围最多92天'],
    [`${RANGE}&drawType=NOPE`, 'drawType', '彩种不存在'],
    [`${RANGE}&drawType=%3Cscript%3E`, 'drawType', '彩种不存在'],
  ];

  it('answers 400 with the field and a Chinese message, on the page and the CSV alike', async () => {
    for (const path of ['/reports/daily', '/reports/daily.csv', '/reports/draw-types']) {
      for (const [query, field, message] of cases) {
        if (path === '/reports/draw-types' && field === 'drawType') continue;
        const response = await get(`${path}?${query}`, cookies.get('FINANCE'));
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json(), `${path}?${query}`).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
      }
    }
  });

  it('accepts the longest range allowed', async () => {
    const response = await get('/reports/daily?from=2031-01-01&to=2031-04-02', cookies.get('FINANCE'));
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toHaveLength(92);
  });

  it('refuses a bad page of the reconciliation runs', async () => {
    for (const page of ['0', '-1', 'x', '1.5']) {
      const response = await get(`/reports/reconciliation?page=${page}`, cookies.get('FINANCE'));
      expect(response.statusCode, page).toBe(400);
      expect(response.json().message).toBe('页码必须为正整数');
    }
  });
});

describe('any query an operator can send', () => {
  const day = fc
    .tuple(fc.integer({ min: 1850, max: 10_000 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  const text = fc.oneof(day, fc.string({ maxLength: 12 }), fc.constantFrom('', ' 2031-01-01 ', '2031-1-1', '\u0000', '2031-01-01T00:00'));
  const drawType = fc.option(fc.oneof(fc.constantFrom('CQSSC', 'UUPK10', 'cqssc', 'NOPE'), fc.string({ maxLength: 40 })), { nil: undefined });

  it('is answered 200 or a Chinese 400, never a 5xx', async () => {
    const cookie = cookies.get('SUPER_ADMIN')!;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/reports/daily', '/reports/draw-types', '/reports/daily.csv'), text, text, drawType, async (path, from, to, type) => {
        const query = new URLSearchParams({ from, to, ...(type === undefined ? {} : { drawType: type }) });
        const response = await get(`${path}?${query.toString()}`, cookie);
        expect([200, 400], `${path}?${query.toString()} → ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
      }),
      { seed: 20_311_001, numRuns: 150 },
    );
  });
});

describe('CSV', () => {
  it('answers UTF-8 CSV with a BOM, as an attachment, a totals line last', async () => {
    const response = await get(`/reports/daily.csv?${RANGE}`, cookies.get('OPERATIONS'));
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="daily-report_2031-02-01_2031-02-07.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.startsWith('日期,结算注单数,有效投注(元)')).toBe(true);
    expect(lines).toHaveLength(1 + 7 + 1 + 1);
    expect(lines[1]!.startsWith('2031-02-01,0,0,')).toBe(true);
    expect(lines[8]!.startsWith('合计,0,0,')).toBe(true);
    expect(lines[9]).toBe('');
  });
});

describe('running the reconciliation', () => {
  it('records the run with its operator and an audit row in the same transaction', async () => {
    const { operator, cookie } = await signedInOperator(server.app, 'FINANCE');
    const response = await server.app.inject({ method: 'POST', url: '/ajax/backoffice/reports/reconciliation', headers: operatorHeaders(cookie) });
    expect(response.statusCode).toBe(200);
    const { run } = response.json();
    expect(run).toMatchObject({ trigger: 'OPERATOR', operatorUsername: operator.username, ok: true, mismatchCount: 0 });
    const audit = await pool().query(
      `SELECT operator_username, operator_role, action, target_type, target_id, after FROM operator_audit_log
        WHERE target_type = 'reconciliation_run' AND target_id = $1`,
      [String(run.id)],
    );
    expect(audit.rows).toEqual([
      {
        operator_username: operator.username,
        operator_role: 'FINANCE',
        action: 'ledger.reconcile',
        target_type: 'reconciliation_run',
        target_id: String(run.id),
        after: { ok: true, totalOfEntries: 0, mismatchCount: 0 },
      },
    ]);
    const list = (await get('/reports/reconciliation', cookie)).json();
    expect(list.last.id).toBe(run.id);
  });

  it('runs one at a time when many ask at once: each request is recorded and audited, or refused with 409', async () => {
    const cookie = cookies.get('SUPER_ADMIN')!;
    const runsBefore = await runs();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.app.inject({ method: 'POST', url: '/ajax/backoffice/reports/reconciliation', headers: { ...MUTATION_HEADERS, cookie } }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.every((code) => code === 200 || code === 409), codes.join()).toBe(true);
    for (const refused of responses.filter((r) => r.statusCode === 409)) expect(refused.json().message).toBe('对账正在进行中，请稍后查看结果');
    const done = codes.filter((code) => code === 200).length;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(await runs()).toBe(runsBefore + done);
    const ids = responses.filter((r) => r.statusCode === 200).map((r) => String(r.json().run.id));
    const audited = await pool().query(`SELECT count(*)::int AS n FROM operator_audit_log WHERE target_type = 'reconciliation_run' AND target_id = ANY($1)`, [ids]);
    expect(audited.rows[0].n).toBe(done);
  });
});

describe('第三方报表', () => {
  it('sums each provider\'s settled records and confirmed transfers of the range, trial accounts left out', async () => {
    const ids = await pool().query<{ username_key: string; id: number }>(
      `SELECT username_key, id FROM customers WHERE username_key IN ('demo_player', 'demo_member1', 'demo_trial')`,
    );
    const id = Object.fromEntries(ids.rows.map((r) => [r.username_key, Number(r.id)]));
    const settledAt = '2031-03-02T04:00:00Z'; // 12:00 Beijing time on 2031-03-02
    const record = (recordId: string, customer: number, stake: number, payout: number, status = 'SETTLED', at = settledAt) =>
      pool().query(
        `INSERT INTO provider_bet_records (provider, record_id, player_ref, customer_id, catalogue, game_id, stake, payout, valid_stake, status,
                                           placed_at, settled_at, settled_seen_at)
         VALUES ('PG', $1, $2, $3, 'SLOT_MACHINE', 'slot-1', $4, $5, $4, $6, $7, CASE WHEN $6 = 'SETTLED' THEN $7::timestamptz END, now())`,
        [recordId, `jl${customer}`, customer, stake, payout, status, at],
      );
    await record('bo-1', id.demo_player!, 100_000, 250_000);
    await record('bo-2', id.demo_member1!, 50_000, 0);
    await record('bo-3', id.demo_trial!, 70_000, 0); // a trial account: left out
    await record('bo-4', id.demo_player!, 30_000, 0, 'OPEN'); // not settled: left out
    await record('bo-5', id.demo_player!, 40_000, 0, 'SETTLED', '2031-03-05T04:00:00Z'); // outside the range
    await pool().query(
      `INSERT INTO provider_transfers (reference, customer_id, provider, direction, amount, request_key, origin, status, resolved_at)
       VALUES ('bo-t1', $1, 'PG', 'IN', 200000, 'bo-key-1', 'PLAYER', 'SUCCESS', $2),
              ('bo-t2', $1, 'PG', 'OUT', 150000, 'bo-key-2', 'RECALL', 'SUCCESS', $2),
              ('bo-t3', $1, 'PG', 'IN', 90000, 'bo-key-3', 'PLAYER', 'FAILED', $2)`,
      [id.demo_player, settledAt],
    );
    const response = await get('/reports/providers?from=2031-03-01&to=2031-03-03', cookies.get('FINANCE'));
    expect(response.statusCode).toBe(200);
    const report = response.json();
    const expected = { provider: 'PG', records: 2, stake: 150_000, validStake: 150_000, payout: 250_000, playerLoss: -100_000, transfersIn: 200_000, transfersOut: 150_000, players: 2 };
    expect(report.rows).toEqual([expected]);
    expect(report.total).toEqual({ ...expected, provider: '' });
  });
});
