import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastifyCookie from '@fastify/cookie';
import { registerErrorHandling } from '../../src/server/http/errors.ts';
import { blockedByFirstLogin, requireAccess } from '../../src/server/session/access.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';

// The shared access check, mounted on probe routes exactly as later domains mount it.
let server: TestServer;
const probe = Fastify();
beforeAll(async () => {
  server = await startTestServer();
  registerErrorHandling(probe);
  await probe.register(fastifyCookie);
  probe.get('/logged-in', { preHandler: requireAccess(server.ctx, { tier: 'loggedIn' }) }, async () => ({ ok: true }));
  probe.get('/non-trial', { preHandler: requireAccess(server.ctx, { tier: 'nonTrial', operation: '充值' }) }, async () => ({ ok: true }));
  probe.get('/agent', { preHandler: requireAccess(server.ctx, { tier: 'agentOnly' }) }, async () => ({ ok: true }));
});
afterAll(async () => {
  await probe.close();
  await server.close();
});

describe('access tiers of spec §6', () => {
  const cases = [
    { who: null, loggedIn: 401, nonTrial: 401, agent: 401 },
    { who: 'demo_trial', loggedIn: 200, nonTrial: 403, agent: 403 },
    { who: 'demo_player', loggedIn: 200, nonTrial: 200, agent: 403 },
    { who: 'demo_agent', loggedIn: 200, nonTrial: 200, agent: 200 },
    { who: 'demo_primary', loggedIn: 200, nonTrial: 200, agent: 200 },
  ] as const;

  for (const c of cases) {
    it(`${c.who ?? 'anonymous'}: logged-in ${c.loggedIn}, non-trial ${c.nonTrial}, agent-only ${c.agent}`, async () => {
      const cookie = c.who ? await loginCookie(server.app, c.who) : '';
      const get = (url: string) => probe.inject({ url, headers: cookie ? { cookie } : {} });
      expect((await get('/logged-in')).statusCode).toBe(c.loggedIn);
      expect((await get('/non-trial')).statusCode).toBe(c.nonTrial);
      expect((await get('/agent')).statusCode).toBe(c.agent);
    });
  }

  it('tells a trial account which operation it cannot do', async () => {
    const cookie = await loginCookie(server.app, 'demo_trial');
    const response = await probe.inject({ url: '/non-trial', headers: { cookie } });
    expect(response.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能充值' });
  });
});

describe('what a pending first login blocks', () => {
  it('every state-changing request except the first-login step, its codes, logout and signing in anew', () => {
    for (const [method, url] of [
      ['PUT', '/ajax/first-login'],
      ['PUT', '/ajax/first-login/'],
      ['POST', '/ajax/customer/phone/send?retry=1'],
      ['POST', '/ajax/customer/email/send'],
      ['PUT', '/ajax/logout'],
      ['PUT', '/ajax/login'],
      ['PUT', '/ajax/login-token'],
      ['POST', '/ajax/trial'],
      ['GET', '/ajax/customer/info'],
      ['GET', '/ajax/orders'],
    ] as const) {
      expect(blockedByFirstLogin(method, url), `${method} ${url}`).toBe(false);
    }
    for (const [method, url] of [
      ['POST', '/ajax/first-login'],
      ['PUT', '/ajax/first-login-later'],
      ['PUT', '/ajax/customer/alias'],
      ['POST', '/ajax/orders'],
      ['DELETE', '/ajax/favorite-game/CQSSC'],
      ['PATCH', '/ajax/anything'],
      ['PUT', '/ajax/customer/phone'],
    ] as const) {
      expect(blockedByFirstLogin(method, url), `${method} ${url}`).toBe(true);
    }
  });
});
