// The signed protocol: requests and answers signed both ways; tampered bodies, replayed nonces, stale
// timestamps and wrong merchants refused; notifications verified by the adapter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadNotificationError } from '../../src/server/payments/gateway.ts';
import { SandboxGatewayAdapter } from '../../src/server/payments/sandbox-adapter.ts';
import { SANDBOX_PATHS } from '../../src/server/payments/sandbox-protocol.ts';
import {
  MAX_CLOCK_SKEW_MS,
  NOTIFY_PURPOSE,
  requestPurpose,
  responsePurpose,
  signHeaders,
  SIGNATURE_HEADERS,
  verifySigned,
} from '../../src/server/payments/signing.ts';
import { startSandboxGateway, type SandboxGatewayProcess } from '../support/payments.ts';

let gateway: SandboxGatewayProcess;
beforeAll(async () => {
  gateway = await startSandboxGateway();
});
afterAll(async () => {
  await gateway?.kill();
});

const path = SANDBOX_PATHS.payment('nothing-here');
const get = (headers: Record<string, string>) => fetch(`${gateway.url}${path}`, { headers });
const signedGet = (options: { now?: number; nonce?: string; secret?: string; merchantId?: string } = {}) =>
  signHeaders(options.secret ?? gateway.secret, options.merchantId ?? gateway.merchantId, requestPurpose('GET', path), '', options);

describe('requests', () => {
  it('accepts a signed request and signs its answer, bound to the request nonce', async () => {
    const headers = signedGet();
    const response = await get(headers);
    expect(response.status).toBe(404);
    const body = await response.text();
    const bound = verifySigned(gateway.secret, gateway.merchantId, responsePurpose(404, headers[SIGNATURE_HEADERS.nonce]!), body, response.headers);
    expect(bound.problem).toBeNull();
    const other = verifySigned(gateway.secret, gateway.merchantId, responsePurpose(404, 'another-nonce'), body, response.headers);
    expect(other.problem).toBe('signature');
  });

  it('refuses a replayed nonce', async () => {
    const headers = signedGet();
    expect((await get(headers)).status).toBe(404);
    const replay = await get(headers);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toContain('重放');
  });

  it('refuses timestamps older or newer than 5 minutes', async () => {
    for (const now of [Date.now() - MAX_CLOCK_SKEW_MS - 5_000, Date.now() + MAX_CLOCK_SKEW_MS + 5_000]) {
      const response = await get(signedGet({ now }));
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toContain('时间戳');
    }
  });

  it('refuses a wrong secret, a wrong merchant and missing headers', async () => {
    expect((await get(signedGet({ secret: 'z'.repeat(40) }))).status).toBe(401);
    expect((await get(signedGet({ merchantId: 'someone-else' }))).status).toBe(401);
    expect((await get({})).status).toBe(401);
  });

  it('refuses a tampered body (the signature covers its digest)', async () => {
    const body = JSON.stringify({ merchantPayoutId: 'P1', amount: '1.00' });
    const headers = signHeaders(gateway.secret, gateway.merchantId, requestPurpose('POST', SANDBOX_PATHS.payouts), body);
    const tampered = body.replace('1.00', '9999.00');
    const response = await fetch(`${gateway.url}${SANDBOX_PATHS.payouts}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: tampered });
    expect(response.status).toBe(401);
    expect(await gateway.client.queryPayout('P1')).toBeNull();
  });

  it('refuses a signature made for another path', async () => {
    const headers = signHeaders(gateway.secret, gateway.merchantId, requestPurpose('GET', SANDBOX_PATHS.payment('other')), '');
    expect((await get(headers)).status).toBe(401);
  });
});

describe('notifications', () => {
  const adapter = () => new SandboxGatewayAdapter({ gatewayUrl: gateway.url, merchantId: gateway.merchantId, secret: gateway.secret, timeoutMs: 1_000 });
  const body = JSON.stringify({
    notificationId: 'N1',
    type: 'payout',
    data: { gatewayPayoutId: 'G1', merchantPayoutId: 'W1', status: 'PAID', amount: '300.00', currency: 'CNY', failureReason: null },
  });

  it('verifies a signed notification and parses it', () => {
    const headers = signHeaders(gateway.secret, gateway.merchantId, NOTIFY_PURPOSE, body);
    expect(adapter().verifyNotification(body, headers)).toEqual({
      kind: 'payout',
      notificationId: 'N1',
      state: { gatewayPayoutId: 'G1', merchantPayoutId: 'W1', status: 'PAID', amount: 3_000_000, currency: 'CNY', failureReason: null },
    });
    expect(adapter().acknowledge()).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'SUCCESS' });
  });

  it('refuses tampered, stale, wrongly signed, foreign or malformed notifications', () => {
    const headers = signHeaders(gateway.secret, gateway.merchantId, NOTIFY_PURPOSE, body);
    expect(() => adapter().verifyNotification(body.replace('300.00', '3000.00'), headers)).toThrow(BadNotificationError);
    const stale = signHeaders(gateway.secret, gateway.merchantId, NOTIFY_PURPOSE, body, { now: Date.now() - MAX_CLOCK_SKEW_MS - 1_000 });
    expect(() => adapter().verifyNotification(body, stale)).toThrow(BadNotificationError);
    expect(() => adapter().verifyNotification(body, signHeaders('q'.repeat(32), gateway.merchantId, NOTIFY_PURPOSE, body))).toThrow(BadNotificationError);
    expect(() => adapter().verifyNotification(body, signHeaders(gateway.secret, 'other', NOTIFY_PURPOSE, body))).toThrow(BadNotificationError);
    expect(() => adapter().verifyNotification(body, {})).toThrow(BadNotificationError);
    const garbage = '{"notificationId":"N2","type":"payout","data":{}}';
    expect(() => adapter().verifyNotification(garbage, signHeaders(gateway.secret, gateway.merchantId, NOTIFY_PURPOSE, garbage))).toThrow(BadNotificationError);
  });
});
