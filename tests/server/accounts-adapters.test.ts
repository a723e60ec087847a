import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecaptchaEnterpriseVerifier } from '../../src/server/adapters/captcha/recaptcha-enterprise.ts';
import { OutboxMessenger } from '../../src/server/adapters/messaging/outbox.ts';
import { SmtpClient } from '../../src/server/adapters/messaging/smtp-client.ts';
import type { RecaptchaConfig, SmtpConfig } from '../../src/server/config.ts';
import { DEMO_REGISTRATION_ID } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, login } from './accounts-support.ts';

// ── A tiny SMTP server: enough of RFC 5321 to receive one message per connection ────────────────

interface ReceivedMail {
  auth: string | null;
  from: string;
  to: string[];
  data: string;
}

function startSmtpServer(options: { rejectAuth?: boolean } = {}) {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    const mail: ReceivedMail = { auth: null, from: '', to: [], data: '' };
    let buffer = '';
    let inData = false;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(mail);
          socket.write('250 queued\r\n');
          continue;
        }
        const at = buffer.indexOf('\r\n');
        if (at < 0) return;
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.smtp\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
        else if (verb === 'AUTH') {
          mail.auth = line.slice(11);
          socket.write(options.rejectAuth ? '535 bad credentials\r\n' : '235 ok\r\n');
        } else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('502 no\r\n');
      }
    });
  });
  return new Promise<{ port: number; mails: ReceivedMail[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        mails,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

function decodedBody(data: string): string {
  const [, body = ''] = data.split('\r\n\r\n');
  return Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8');
}

describe('SMTP client', () => {
  it('authenticates, sends a UTF-8 message and quits', async () => {
    const smtp = await startSmtpServer();
    const config: SmtpConfig = { host: '127.0.0.1', port: smtp.port, secure: 'none', user: 'mailer', pass: 's3cret', from: 'noreply@jinli.test', timeoutMs: 2000 };
    await new SmtpClient(config).send({ from: 'noreply@jinli.test', fromName: '锦鲤', to: 'player@example.com', subject: '锦鲤验证码', text: '您的验证码是 123456' });
    await smtp.close();
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(Buffer.from(mail!.auth!, 'base64').toString()).toBe('\0mailer\0s3cret');
    expect(mail!.from).toBe('MAIL FROM:<noreply@jinli.test>');
    expect(mail!.to).toEqual(['RCPT TO:<player@example.com>']);
    expect(mail!.data).toContain(`Subject: =?UTF-8?B?${Buffer.from('锦鲤验证码').toString('base64')}?=`);
    expect(decodedBody(mail!.data)).toBe('您的验证码是 123456');
  });

  it('fails on a refused login, a closed port, and a header-injection address', async () => {
    const smtp = await startSmtpServer({ rejectAuth: true });
    const base: SmtpConfig = { host: '127.0.0.1', port: smtp.port, secure: 'none', user: 'x', pass: 'y', from: 'noreply@jinli.test', timeoutMs: 2000 };
    const mail = { from: 'noreply@jinli.test', to: 'player@example.com', subject: 's', text: 't' };
    await expect(new SmtpClient(base).send(mail)).rejects.toThrow(/AUTH/);
    await smtp.close();
    await expect(new SmtpClient(base).send(mail)).rejects.toThrow();
    await expect(new SmtpClient(base).send({ ...mail, to: 'a@b.com>\r\nRCPT TO:<c@d.com' })).rejects.toThrow(/invalid/);
  });

  it('refuses STARTTLS mode when the server does not offer it', async () => {
    const smtp = await startSmtpServer();
    const config: SmtpConfig = { host: '127.0.0.1', port: smtp.port, secure: 'starttls', user: undefined, pass: undefined, from: 'noreply@jinli.test', timeoutMs: 2000 };
    await expect(new SmtpClient(config).send({ from: 'noreply@jinli.test', to: 'p@example.com', subject: 's', text: 't' })).rejects.toThrow(/STARTTLS/);
    await smtp.close();
  });
});

describe('e-mail codes through SMTP (EMAIL_ADAPTER=smtp)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      EMAIL_ADAPTER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'none',
      SMTP_FROM: 'noreply@jinli.test',
      SMTP_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close().catch(() => {});
  });

  it('mails the code (and keeps nothing in the outbox); a relay failure says so and does not hold the cooldown', async () => {
    await createCustomer(server, { username: 'smtp_user1', password: 'abc12345' });
    const cookie = await login(server, 'smtp_user1', 'abc12345');
    const sent = await call(server, 'POST', '/ajax/customer/email/send', { cookie, payload: { email: 'smtp@example.com' } });
    expect(sent.statusCode).toBe(200);
    expect(smtp.mails).toHaveLength(1);
    expect(decodedBody(smtp.mails[0]!.data)).toMatch(/您的验证码是 \d{6}/);
    expect((await server.db.database.pool.query('SELECT 1 FROM outbox_messages')).rowCount).toBe(0);

    await smtp.close();
    await server.db.database.pool.query(`UPDATE verification_codes SET created_at = created_at - interval '2 minutes'`);
    const failed = await call(server, 'POST', '/ajax/customer/email/send', { cookie, payload: { email: 'smtp@example.com' } });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ code: 'INTERNAL', message: '验证码发送失败，请稍后再试' });
    const open = await server.db.database.pool.query(`SELECT 1 FROM verification_codes WHERE created_at > now() - interval '1 minute'`);
    expect(open.rowCount).toBe(0);
  });
});

// ── reCAPTCHA Enterprise against a local fake of the assessment API ───────────────────────────

function startFakeRecaptcha(answer: (body: { event: { token: string; expectedAction: string } }) => { status: number; json?: unknown; hang?: boolean }) {
  const requests: { url: string; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text);
      requests.push({ url: request.url ?? '', body });
      const reply = answer(body);
      if (reply.hang) return;
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.json ?? {}));
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      }),
    );
  });
}

const assessment = (valid: boolean, action: string, score: number) => ({ tokenProperties: { valid, action }, riskAnalysis: { score } });

describe('reCAPTCHA Enterprise adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  beforeAll(async () => {
    fake = await startFakeRecaptcha(({ event }) => {
      switch (event.token) {
        case 'good': return { status: 200, json: assessment(true, 'REGISTER', 0.9) };
        case 'low-score': return { status: 200, json: assessment(true, 'REGISTER', 0.1) };
        case 'other-action': return { status: 200, json: assessment(true, 'LOGIN', 0.9) };
        case 'invalid': return { status: 200, json: assessment(false, '', 0) };
        case 'broken': return { status: 500 };
        case 'slow': return { status: 200, hang: true };
        default: return { status: 400 };
      }
    });
  });
  afterAll(() => fake.close());

  const verifier = (endpoint: string) =>
    new RecaptchaEnterpriseVerifier({ projectId: 'jinli-test', apiKey: 'k', siteKey: 'site-key', minScore: 0.5, endpoint, timeoutMs: 500 } satisfies RecaptchaConfig);

  it('accepts a valid token for our action with a good score, asking with the site key and project', async () => {
    await expect(verifier(fake.url).verify({ recaptchaToken: 'good', remoteIp: '10.0.0.1' })).resolves.toBeUndefined();
    const last = fake.requests.at(-1)!;
    expect(last.url).toBe('/v1/projects/jinli-test/assessments?key=k');
    expect(last.body).toMatchObject({ event: { token: 'good', siteKey: 'site-key', expectedAction: 'REGISTER', userIpAddress: '10.0.0.1' } });
  });

  for (const token of ['low-score', 'other-action', 'invalid']) {
    it(`refuses a ${token} token`, async () => {
      await expect(verifier(fake.url).verify({ recaptchaToken: token })).rejects.toMatchObject({ statusCode: 400, message: '人机验证未通过，请重试' });
    });
  }

  for (const [what, token, endpoint] of [
    ['a server error', 'broken', undefined],
    ['a timeout', 'slow', undefined],
    ['an unreachable service', 'good', 'http://127.0.0.1:1'],
  ] as const) {
    it(`reports ${what} with a clear Chinese message`, async () => {
      await expect(verifier(endpoint ?? fake.url).verify({ recaptchaToken: token })).rejects.toMatchObject({
        statusCode: 503,
        message: '人机验证服务暂时不可用，请稍后再试',
      });
    });
  }

  it('drives registration when configured', async () => {
    const server = await startTestServer({
      CAPTCHA_ADAPTER: 'recaptcha-enterprise',
      RECAPTCHA_PROJECT_ID: 'jinli-test',
      RECAPTCHA_API_KEY: 'k',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_ENDPOINT: fake.url,
    });
    try {
      const data = await call(server, 'GET', `/ajax/registration-link/${DEMO_REGISTRATION_ID}`);
      expect(data.json()).toEqual({ id: DEMO_REGISTRATION_ID, recaptchaRequired: true, recaptchaSiteKey: 'site-key' });
      expect((await call(server, 'GET', '/ajax/captcha')).statusCode).toBe(404);
      const body = { username: 'recap_user1', password: 'abc12345', confirmPassword: 'abc12345', ageConfirmed: true, agreementAccepted: true };
      const missing = await call(server, 'POST', `/ajax/registration-link/${DEMO_REGISTRATION_ID}/register`, { payload: body });
      expect(missing.json()).toMatchObject({ message: '请完成人机验证' });
      const refused = await call(server, 'POST', `/ajax/registration-link/${DEMO_REGISTRATION_ID}/register`, { payload: { ...body, recaptchaToken: 'invalid' } });
      expect(refused.json()).toMatchObject({ message: '人机验证未通过，请重试' });
      const ok = await call(server, 'POST', `/ajax/registration-link/${DEMO_REGISTRATION_ID}/register`, { payload: { ...body, recaptchaToken: 'good' } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('outbox messenger', () => {
  function capture(env: 'development' | 'production' | 'test') {
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const stored: unknown[][] = [];
    const db = { query: async (_sql: string, params: unknown[]) => (stored.push(params), { rows: [], rowCount: 1 }) };
    return { messenger: new OutboxMessenger(db as never, log, env), logged, stored };
  }
  const message = { channel: 'SMS' as const, destination: '13800000000', subject: 's', text: '您的验证码是 654321', customerId: 1 };

  it('stores every message and logs the code only in development', async () => {
    for (const env of ['production', 'test'] as const) {
      const { messenger, logged, stored } = capture(env);
      await messenger.send(message);
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(logged)).not.toContain('654321');
    }
    const dev = capture('development');
    await dev.messenger.send(message);
    expect(JSON.stringify(dev.logged)).toContain('654321');
  });
});
