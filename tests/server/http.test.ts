import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

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
