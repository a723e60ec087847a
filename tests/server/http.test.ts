import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STATIC_DIR: 'tests/support/fixtures/dist' });
});
afterAll(() => server.close());

describe('static serving and SPA fallback', () => {
  it('serves index.html, sw.js and the manifest with no-cache, hashed assets immutable', async () => {
    const root = await server.app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<html lang="zh-CN">');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect((await server.app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await server.app.inject({ url: '/manifest.webmanifest' })).headers['cache-control']).toBe('no-cache');
    const asset = await server.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers deep links with the PWA, but never for /ajax/ or /sse/', async () => {
    const deep = await server.app.inject({ url: '/account/order?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    const api = await server.app.inject({ url: '/ajax/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'NOT_FOUND', message: '接口不存在' });
    expect((await server.app.inject({ url: '/sse/nothing' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/somewhere', headers: { 'x-jinli-request': '1' } })).statusCode).toBe(404);
  });

  it('has a health endpoint', async () => {
    expect((await server.app.inject({ url: '/ajax/health' })).json()).toEqual({ ok: true });
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
  });

  it("TRUST_PROXY: true is one proxy, or a hop count, or the proxies' addresses; anything else is named in Chinese", () => {
    const trust = (TRUST_PROXY?: string) => loadConfig({ DATABASE_URL: 'postgres://h/db', ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toEqual({ hops: 1 });
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('10.0.0.5, 10.0.1.0/24,::1,loopback')).toEqual({ addresses: ['10.0.0.5', '10.0.1.0/24', '::1', 'loopback'] });
    for (const bad of ['yes', '11', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,', 'every']) {
      expect(() => trust(bad), bad).toThrow(
        /^Invalid environment configuration:\n {2}TRUST_PROXY: 须为 false、true、代理层数（1~10）或代理地址列表（如 10\.0\.0\.5,10\.0\.1\.0\/24）$/,
      );
    }
  });

  it('applies defaults', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db' });
    expect(config).toMatchObject({ port: 3000, loginMaxFailures: 10, cookieSecure: 'auto', env: 'development' });
  });

  it('live-event retention and replay: defaults, units, and a bad value named', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).liveEvents).toEqual({
      retentionMs: 7 * 86_400_000,
      retentionMax: 1_000_000,
      pruneIntervalMs: 3_600_000,
      replayMax: 10_000,
    });
    const custom = loadConfig({
      DATABASE_URL: 'postgres://h/db',
      LIVE_EVENTS_RETENTION_DAYS: '0.5',
      LIVE_EVENTS_RETENTION_MAX: '500',
      LIVE_EVENTS_PRUNE_MINUTES: '5',
      LIVE_EVENTS_REPLAY_MAX: '2000',
    });
    expect(custom.liveEvents).toEqual({ retentionMs: 43_200_000, retentionMax: 500, pruneIntervalMs: 300_000, replayMax: 2000 });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', LIVE_EVENTS_REPLAY_MAX: '0' })).toThrow(/LIVE_EVENTS_REPLAY_MAX/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', LIVE_EVENTS_RETENTION_MAX: 'lots' })).toThrow(/LIVE_EVENTS_RETENTION_MAX/);
  });
});

describe('missing files', () => {
  it('answers a missing asset with 404 instead of the app shell', async () => {
    const missing = await server.app.inject({ url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect((await server.app.inject({ url: '/content/nothing.json' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/help/some.page/deep' })).statusCode).toBe(200);
  });

  it('sends the pre-compressed copy to a browser that accepts it', async () => {
    const gz = await server.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await server.app.inject({ url: '/assets/index-abc123.js' })).headers['content-encoding']).toBeUndefined();
  });
});

describe('HEAD', () => {
  it('answers HEAD of the shell and of any page like GET, without a body', async () => {
    for (const url of ['/', '/account/order?x=1', '/help/some.page/deep']) {
      const get = await server.app.inject({ url });
      const head = await server.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.body).toBe('');
    }
    const api = await server.app.inject({ method: 'HEAD', url: '/ajax/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect((await server.app.inject({ method: 'HEAD', url: '/assets/index-gone.js' })).statusCode).toBe(404);
  });
});

describe('a pre-compressed shell', () => {
  // A build as vite writes it (.br and .gz beside every text file), made here: no real build needed.
  let built: TestServer;
  let dir: string;
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jinli-static-'));
    write('index.html', `<!doctype html><html lang="zh-CN"><body>${'锦鲤'.repeat(200)}</body></html>`);
    write('sw.js', `self.addEventListener('fetch', () => {}); // ${'x'.repeat(500)}`);
    write('manifest.webmanifest', JSON.stringify({ name: '锦鲤', filler: 'x'.repeat(500) }));
    write('assets/app-abc123.js', `console.log(${JSON.stringify('x'.repeat(2000))});`);
    built = await startTestServer({ STATIC_DIR: dir });
  });
  afterAll(async () => {
    await built?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['br', 'gzip'])('is no-cache whatever the encoding (%s), so a deploy never strands a client', async (encoding) => {
    for (const url of ['/', '/index.html', '/account/order', '/sw.js', '/manifest.webmanifest']) {
      const response = await built.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await built.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': encoding } });
    expect(asset.headers['content-encoding']).toBe(encoding);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('CSRF: the Origin must be our own, exactly', () => {
  const logout = (origin: string, host = 'localhost:3000', over: TestServer = server) =>
    over.app.inject({ method: 'PUT', url: '/ajax/logout', headers: { ...MUTATION_HEADERS, host, origin } });

  it('accepts our own origin, the default port written or not', async () => {
    expect((await logout('http://localhost:3000')).statusCode).toBe(200);
    expect((await logout('http://LOCALHOST:3000')).statusCode).toBe(200);
    expect((await logout('http://example.com', 'example.com')).statusCode).toBe(200);
    expect((await logout('http://example.com:80', 'example.com')).statusCode).toBe(200);
  });

  it.each([
    'http://localhost:3000.evil.com',
    'http://localhost:30001',
    'http://localhost:300',
    'http://localhost',
    'https://localhost:3000',
    'http://evil.localhost:3000',
    'http://evil@localhost:3000',
    'http://localhost:3000/',
    'http://localhost:3000/path',
    'null',
    'localhost:3000',
    'ws://localhost:3000',
  ])('refuses %s', async (origin) => {
    const response = await logout(origin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'CSRF', message: '请求来源无效，请刷新页面后重试' });
  });

  it('compares the scheme: served over https (COOKIE_SECURE=true), an http page is another origin', async () => {
    const secure = await startTestServer({ COOKIE_SECURE: 'true' });
    try {
      expect((await logout('https://example.com', 'example.com', secure)).statusCode).toBe(200);
      expect((await logout('http://example.com', 'example.com', secure)).statusCode).toBe(403);
      expect((await logout('http://example.com:443', 'example.com', secure)).statusCode).toBe(403);
    } finally {
      await secure.close();
    }
  });
});

describe('requests Fastify cannot read: the JSON error model, in Chinese', () => {
  const expectError = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, body: object) => {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
    expect(response.json()).toEqual(body);
  };

  it('a malformed URL and an over-long path parameter', async () => {
    expectError(await server.app.inject({ url: '/%E0%A4%A' }), 400, { code: 'VALIDATION', message: '请求地址无效' });
    expectError(await server.app.inject({ url: '/ajax/draws/%E0%A4%A/current' }), 400, { code: 'VALIDATION', message: '请求地址无效' });
    expectError(await server.app.inject({ url: `/ajax/draws/${'x'.repeat(200)}/current` }), 414, { code: 'VALIDATION', message: '请求地址过长' });
    const unroutable = await server.app.inject({ url: '/%E0%A4%A' });
    expect(unroutable.headers['x-content-type-options']).toBe('nosniff');
    expect(unroutable.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('a body that is not JSON, of another type, or too large', async () => {
    const login = (payload: string, contentType: string) =>
      server.app.inject({ method: 'PUT', url: '/ajax/login', headers: { ...MUTATION_HEADERS, 'content-type': contentType }, payload });
    expectError(await login('{"username":', 'application/json'), 400, { code: 'VALIDATION', message: '提交的数据格式有误' });
    expectError(await login('', 'application/json'), 400, { code: 'VALIDATION', message: '提交的数据格式有误' });
    expectError(await login('{"__proto__":{"x":1}}', 'application/json'), 400, { code: 'VALIDATION', message: '提交的数据格式有误' });
    expectError(await login('username=a', 'text/plain'), 415, { code: 'VALIDATION', message: '不支持的请求格式' });
    expectError(await login('<a/>', 'application/xml'), 415, { code: 'VALIDATION', message: '不支持的请求格式' });
    expectError(await login(`"${'x'.repeat(5 * 1024 * 1024)}"`, 'application/json'), 413, { code: 'VALIDATION', message: '提交的内容过大' });
  });

  it('a body of the wrong shape: no English message, not even in `fields`', async () => {
    const response = await server.app.inject({ method: 'PUT', url: '/ajax/login', headers: MUTATION_HEADERS, payload: [1, 2] });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; fields: Record<string, string> };
    for (const message of [body.message, ...Object.values(body.fields)]) expect(message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('text PostgreSQL would refuse, in a path parameter the route declared itself', async () => {
    const response = await server.app.inject({ url: '/ajax/draws/CQSSC/issues/20260101%00' });
    expectError(response, 400, { code: 'VALIDATION', message: '提交的内容包含不支持的字符', fields: { issueNumber: '提交的内容包含不支持的字符' } });
    expect((await server.app.inject({ url: '/ajax/registration-link/demo%00reg' })).statusCode).toBe(400);
  });
});

describe('the 500s of issue 15: ordinary bad input answers 400 in Chinese and changes nothing', () => {
  const NUL = '\u0000';
  const order = (change: Record<string, unknown>) => ({
    playMode: 'BOARD',
    clientKey: 'fuzz-key-0001',
    drawType: 'JSK3',
    bets: [{ betTypeId: 'SUM_BIG', selection: 'BIG', stake: 10_000 }],
    ...change,
  });
  const cases: [string, string, string, unknown?][] = [
    ['login', 'PUT', '/ajax/login', { username: `demo${NUL}player`, password: 'demo1234' }],
    ['login captcha id', 'PUT', '/ajax/login', { username: 'demo_player', password: 'demo1234', captchaId: `c${NUL}`, captcha: 'ab12' }],
    ['alias', 'PUT', '/ajax/customer/alias', { alias: `锦${NUL}鲤` }],
    ['trial', 'POST', '/ajax/trial', { registrationId: `demo${NUL}reg` }],
    ['registration', 'POST', '/ajax/registration-link/demo-reg/register', { username: `new${NUL}player`, password: 'abc12345', confirmPassword: 'abc12345', ageConfirmed: true, agreementAccepted: true, captchaId: 'x', captcha: 'ab12' }],
    ['registration captcha id', 'POST', '/ajax/registration-link/demo-reg/register', { username: 'new_player1', password: 'abc12345', confirmPassword: 'abc12345', ageConfirmed: true, agreementAccepted: true, captchaId: `x${NUL}`, captcha: 'ab12' }],
    ['order draw type', 'POST', '/ajax/orders', order({ drawType: `JSK3${NUL}` })],
    ['order bet type', 'POST', '/ajax/orders', order({ bets: [{ betTypeId: `SUM${NUL}`, selection: 'BIG', stake: 10_000 }] })],
    ['order selection', 'POST', '/ajax/orders', order({ bets: [{ betTypeId: 'SUM_BIG', selection: `B${NUL}`, stake: 10_000 }] })],
    ['order list query', 'GET', '/ajax/orders?drawType=CQ%00SSC'],
    ['a date that does not exist', 'GET', '/ajax/orders?from=2026-02-30'],
    ['year zero', 'GET', '/ajax/orders?from=0000-00-00&to=0000-00-00'],
    ['path parameter', 'GET', '/ajax/draws/CQSSC/issues/%00'],
    ['registration link', 'GET', '/ajax/registration-link/demo%00reg'],
  ];

  it.each(cases)('%s', async (_, method, url, payload) => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const counts = async () =>
      (
        await server.db.database.pool.query<{ c: string }>(
          `SELECT (SELECT count(*) FROM customers) || '/' || (SELECT count(*) FROM orders) || '/' || (SELECT count(*) FROM ledger_entries)
             || '/' || (SELECT string_agg(alias, ',' ORDER BY id) FROM customers) || '/' || (SELECT count(*) FROM login_throttle) AS c`,
        )
      ).rows[0]!.c;
    const before = await counts();
    const response = await server.app.inject({ method: method as 'GET', url, headers: { ...MUTATION_HEADERS, cookie }, ...(payload ? { payload: payload as object } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { code: string; message: string };
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await counts()).toBe(before);
  });
});
