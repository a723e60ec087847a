import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeChallenge } from '../../src/server/accounts/captcha/challenges.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('test-only routes (NODE_ENV=test) for browser tests', () => {
  it('recovers a captcha answer from its stored hash', async () => {
    const { id } = (await server.app.inject({ url: '/ajax/captcha' })).json();
    const { answer } = (await server.app.inject({ url: `/ajax/test/captcha/${id}/answer` })).json();
    expect(answer).toMatch(/^.{4}$/);
    expect(await consumeChallenge(server.db.database.pool, id, answer)).toBe('passed');
  });

  it('reads the code the outbox adapter sent', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const sent = await server.app.inject({
      method: 'POST', url: '/ajax/customer/phone/send', headers: { cookie, ...MUTATION_HEADERS }, payload: { phone: '13800138000' },
    });
    expect(sent.statusCode).toBe(200);
    const { code } = (await server.app.inject({ url: '/ajax/test/outbox/13800138000' })).json();
    expect(code).toMatch(/^\d{6}$/);
  });
});
