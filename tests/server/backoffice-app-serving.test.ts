// The operator back office's app (issue 16, item 1) as the server serves it: /backoffice and every
// address under it get the back office's HTML (never the PWA's), revalidated on each load; its hashed
// assets are immutable; its inline scripts, if it ever has any, are allowed by hash like the PWA's.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';

const PWA_SHELL = `<!doctype html><html lang="zh-CN"><head><title>锦鲤</title></head><body>PWA ${'x'.repeat(1200)}</body></html>`;
const BACKOFFICE_SCRIPT = "document.documentElement.dataset.backoffice = '1';";
const BACKOFFICE_SHELL = `<!doctype html><html lang="zh-CN"><head><title>锦鲤 · 运营后台</title><script>${BACKOFFICE_SCRIPT}</script></head><body>BACKOFFICE ${'y'.repeat(1200)}</body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let dir: string;
let server: TestServer;

function write(name: string, text: string): void {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'jinli-backoffice-static-'));
  write('index.html', PWA_SHELL);
  write('backoffice/index.html', BACKOFFICE_SHELL);
  write('backoffice/assets/index-abc123.js', `console.log(${JSON.stringify('z'.repeat(2000))});`);
  server = await startTestServer({ STATIC_DIR: dir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving /backoffice/', () => {
  it.each(['/backoffice', '/backoffice/', '/backoffice/operators', '/backoffice/customers/12?tab=orders', '/backoffice/sign-in?redirect=%2Faudit'])(
    '%s gets the back office HTML, no-cache',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await server.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        if (method === 'GET') expect(response.body).toContain('BACKOFFICE');
      }
    },
  );

  it('the PWA keeps its own shell, and a back-office address never falls back to it', async () => {
    const pwa = await server.app.inject({ url: '/account/order' });
    expect(pwa.body).toContain('PWA');
    const lookalike = await server.app.inject({ url: '/backofficex' });
    expect(lookalike.body).toContain('PWA');
  });

  it('serves its assets pre-compressed and immutable; a missing one is a 404, not a page', async () => {
    const asset = await server.app.inject({ url: '/backoffice/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await server.app.inject({ url: '/backoffice/assets/gone-000000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const html = await server.app.inject({ url: '/backoffice/index.html', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['cache-control']).toBe('no-cache');
  });

  it('allows the back office shell\'s inline script by hash under the same policy', async () => {
    const response = await server.app.inject({ url: '/backoffice/audit' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(sha256(BACKOFFICE_SCRIPT));
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('without a back-office build', () => {
  it('answers /backoffice/ addresses with 404 rather than the PWA', async () => {
    const only = mkdtempSync(path.join(tmpdir(), 'jinli-pwa-only-'));
    writeFileSync(path.join(only, 'index.html'), PWA_SHELL);
    const pwaOnly = await startTestServer({ STATIC_DIR: only });
    try {
      const response = await pwaOnly.app.inject({ url: '/backoffice/operators' });
      expect(response.statusCode).toBe(404);
      expect((await pwaOnly.app.inject({ url: '/account/order' })).body).toContain('PWA');
    } finally {
      await pwaOnly.close();
      rmSync(only, { recursive: true, force: true });
    }
  });
});
