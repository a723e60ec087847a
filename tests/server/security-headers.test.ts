// Issue 15, defect 8: security headers on the app shell and on every API answer. The shell's CSP
// allows its own inline scripts by hash and nothing else inline; HSTS only when served over TLS.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';

const COLOUR_SCRIPT = "document.documentElement.dataset.test = 'colour';";
const EARLY_SCRIPT = '\n      window.__early = 1;\n    ';
const SHELL = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <script>${COLOUR_SCRIPT}</script>
    <script>${EARLY_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <style>body { margin: 0 }</style>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'jinli-security-headers-'));
  writeFileSync(path.join(staticDir, 'index.html'), SHELL);
  writeFileSync(path.join(staticDir, 'index.html.gz'), gzipSync(SHELL));
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  server = await startTestServer({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The policy as directive → sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectHardened(response: LightMyRequestResponse): void {
  const policy = csp(response);
  const scripts = policy.get('script-src')!;
  expect(scripts).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'blob:', 'http:', 'https:']) {
    expect(scripts, unsafe).not.toContain(unsafe);
  }
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('worker-src')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = String(response.headers['permissions-policy']);
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(permissions).toContain(feature);
}

describe('security headers (issue 15, defect 8)', () => {
  it('the shell: hardened, its two inline scripts allowed by hash and nothing else inline', async () => {
    for (const url of ['/', '/account/center?x=1', '/verify/CQSSC/20260101-001']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expectHardened(response);
      const scripts = csp(response).get('script-src')!;
      expect(scripts).toEqual(["'self'", sha256(COLOUR_SCRIPT), sha256(EARLY_SCRIPT)]);
      expect(csp(response).get('frame-src')).toEqual(["'none'"]);
    }
    const compressed = await server.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expectHardened(compressed);
    expectHardened(await server.app.inject({ url: '/sw.js' }));
  });

  it('API answers, errors and refusals carry the same headers', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const responses = [
      await server.app.inject({ url: '/ajax/health' }),
      await server.app.inject({ url: '/ajax/current-customer', headers: { cookie } }),
      await server.app.inject({ url: '/ajax/does-not-exist' }),
      await server.app.inject({ method: 'PUT', url: '/ajax/login', payload: { username: 'x', password: 'y' } }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 404, 403]);
    for (const response of responses) expectHardened(response);
  });

  it('no HSTS over plain http', async () => {
    expect((await server.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim TLS.
    const claimed = await server.app.inject({ url: '/ajax/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS when served over TLS', () => {
  it('behind a trusted TLS proxy: on https answers, not on http ones', async () => {
    const behindProxy = await startTestServer({ STATIC_DIR: staticDir, TRUST_PROXY: 'true' });
    try {
      const https = await behindProxy.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
      const api = await behindProxy.app.inject({ url: '/ajax/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
      const http = await behindProxy.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('COOKIE_SECURE=true declares TLS: always; COOKIE_SECURE=false: never', async () => {
    const secure = await startTestServer({ STATIC_DIR: staticDir, COOKIE_SECURE: 'true' });
    const insecure = await startTestServer({ STATIC_DIR: staticDir, COOKIE_SECURE: 'false', TRUST_PROXY: 'true' });
    try {
      expect((await secure.app.inject({ url: '/' })).headers['strict-transport-security']).toBe('max-age=31536000');
      const https = await insecure.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await secure.close();
      await insecure.close();
    }
  });
});

describe('reCAPTCHA', () => {
  it("Google's script and frames are allowed only when reCAPTCHA Enterprise is configured", async () => {
    const withRecaptcha = await startTestServer({
      STATIC_DIR: staticDir,
      CAPTCHA_ADAPTER: 'recaptcha-enterprise',
      RECAPTCHA_PROJECT_ID: 'project',
      RECAPTCHA_API_KEY: 'key',
      RECAPTCHA_SITE_KEY: 'site',
    });
    try {
      const policy = csp(await withRecaptcha.app.inject({ url: '/' }));
      expect(policy.get('script-src')).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']));
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('frame-src')).toEqual(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
    } finally {
      await withRecaptcha.close();
    }
    const policy = csp(await server.app.inject({ url: '/' }));
    expect(policy.get('script-src')!.some((source) => source.includes('google') || source.includes('gstatic'))).toBe(false);
  });
});
