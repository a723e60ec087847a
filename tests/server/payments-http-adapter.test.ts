// The configurable HTTP adapter: with its defaults it speaks the sandbox protocol (run against the
// sandbox); configured for an MD5-signing gateway with other field names, 分 amounts and its own status
// codes, against a local fake of such a gateway. Also the registry's choice of adapter.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { BadNotificationError, GatewayInDoubtError } from '../../src/server/payments/gateway.ts';
import { HttpGatewayAdapter, md5Signature } from '../../src/server/payments/http-adapter.ts';
import { gatewayFor } from '../../src/server/payments/registry.ts';
import { SandboxGatewayAdapter } from '../../src/server/payments/sandbox-adapter.ts';
import { yuan } from '../../src/shared/money.ts';
import { startReceiver, type NotificationReceiver } from '../support/payment-receiver.ts';
import { startSandboxGateway, type SandboxGatewayProcess } from '../support/payments.ts';

const config = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'postgres://x/y', ...env });

describe('registry', () => {
  it('gives the sandbox adapter by default and the HTTP adapter for PAYMENT_GATEWAY=http, one per config', () => {
    const sandbox = config({});
    expect(gatewayFor(sandbox.payments)).toBeInstanceOf(SandboxGatewayAdapter);
    expect(gatewayFor(sandbox.payments)).toBe(gatewayFor(sandbox.payments));
    const real = config({ PAYMENT_GATEWAY: 'http', PAYMENT_HTTP_CODE: 'acme', PAYMENT_HTTP_LABEL: '某某支付' });
    const adapter = gatewayFor(real.payments);
    expect(adapter).toBeInstanceOf(HttpGatewayAdapter);
    expect(adapter).toMatchObject({ code: 'acme', label: '某某支付', sandbox: false });
    expect(adapter.controls).toBeUndefined();
  });

  it('refuses a malformed JSON mapping at start-up', () => {
    expect(() => config({ PAYMENT_HTTP_FIELDS: '[1]' })).toThrow(/PAYMENT_HTTP_FIELDS/);
  });
});

describe('defaults = the sandbox protocol', () => {
  let gateway: SandboxGatewayProcess;
  let adapter: HttpGatewayAdapter;
  let receiver: NotificationReceiver;
  beforeAll(async () => {
    gateway = await startSandboxGateway();
    const payments = config({ ...gateway.platformEnv, PAYMENT_GATEWAY: 'http' }).payments;
    adapter = new HttpGatewayAdapter(payments, payments.http!);
    receiver = await startReceiver(() => adapter);
  });
  afterAll(async () => {
    await receiver?.close();
    await gateway?.kill();
  });

  it('takes a 409 to a create (the reference exists) as in doubt, never as "not created"', async () => {
    const payment = {
      merchantOrderId: 'H-409', amount: yuan(5), currency: 'CNY' as const, method: 'BANK_QUICK', notifyUrl: receiver.url,
      returnUrl: 'http://127.0.0.1:9/return', expiresAt: new Date(Date.now() + 60_000),
    };
    await adapter.createPayment(payment);
    await expect(adapter.createPayment(payment)).rejects.toThrow(GatewayInDoubtError);
    expect(await adapter.queryPayment('H-409')).toMatchObject({ status: 'PENDING' });
  });

  it('creates, queries and is notified of a payment and a payout', async () => {
    const created = await adapter.createPayment({
      merchantOrderId: 'H-1', amount: yuan(500), currency: 'CNY', method: 'BANK_QUICK', notifyUrl: receiver.url,
      returnUrl: 'http://127.0.0.1:9/return', expiresAt: new Date(Date.now() + 60_000),
    });
    expect(created.cashierUrl).toContain('/cashier/');
    await gateway.pay(created.gatewayPaymentId);
    expect(await adapter.queryPayment('H-1')).toMatchObject({ status: 'PAID', paidAmount: yuan(500) });
    const payout = await adapter.createPayout({
      merchantPayoutId: 'H-P1', amount: yuan(20), currency: 'CNY', notifyUrl: receiver.url,
      destination: { kind: 'ALIPAY', channel: null, account: 'a@b.cn', holderName: '李四', branch: null },
    });
    expect(payout.status).toBe('PROCESSING');
    await gateway.notificationsSettled();
    expect(receiver.deliveries.map((d) => d.notification && [d.notification.kind, d.notification.state.status])).toEqual([
      ['payment', 'PAID'],
      ['payout', 'PAID'],
    ]);
    expect(await adapter.queryPayout('H-P1')).toMatchObject({ status: 'PAID', amount: yuan(20) });
    expect(await adapter.queryPayout('H-none')).toBeNull();
  });
});

describe('an MD5-signing gateway with its own field names', () => {
  const secret = 'md5-secret-0123456789';
  let server: http.Server;
  let adapter: HttpGatewayAdapter;
  const received: Array<Record<string, string>> = [];
  let tamperAnswers = false;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (c: Buffer) => (raw += c.toString()));
      request.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(raw));
        received.push(params);
        const valid = md5Signature(params, secret, 'sign') === params.sign;
        const answer: Record<string, string> = valid
          ? request.url === '/pay/create'
            ? { trade_no: 'G-77', out_trade_no: params.out_trade_no!, pay_url: 'https://pay.example/c/G-77', code: '0' }
            : { trade_no: 'G-77', out_trade_no: params.out_trade_no!, trade_state: 'SUCCESS', total_fee: '50000', pay_fee: '50000', code: '0' }
          : { code: 'SIGN_ERROR' };
        answer.sign = md5Signature(answer, secret, 'sign');
        if (tamperAnswers) answer.total_fee = '1';
        response.writeHead(valid ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const payments = config({
      PAYMENT_GATEWAY: 'http', PAYMENT_GATEWAY_URL: `http://127.0.0.1:${port}`, PAYMENT_MERCHANT_ID: 'm100', PAYMENT_SECRET: secret,
      PAYMENT_HTTP_SIGN_TYPE: 'MD5', PAYMENT_HTTP_BODY_FORMAT: 'FORM', PAYMENT_HTTP_AMOUNT_UNIT: 'FEN', PAYMENT_HTTP_QUERY_METHOD: 'POST',
      PAYMENT_HTTP_CREATE_PAYMENT_PATH: '/pay/create', PAYMENT_HTTP_QUERY_PAYMENT_PATH: '/pay/query',
      PAYMENT_HTTP_FIELDS: JSON.stringify({
        merchantId: 'mch_id', merchantOrderId: 'out_trade_no', gatewayPaymentId: 'trade_no', amount: 'total_fee', paidAmount: 'pay_fee',
        status: 'trade_state', cashierUrl: 'pay_url', notifyUrl: 'notify_url', returnUrl: 'return_url', channel: 'pay_type', nonce: 'nonce_str',
      }),
      PAYMENT_HTTP_PAYMENT_STATUSES: JSON.stringify({ SUCCESS: 'PAID', NOTPAY: 'PENDING', CLOSED: 'EXPIRED', PAYERROR: 'DECLINED' }),
      PAYMENT_HTTP_CHANNELS: JSON.stringify({ ALIPAY_SCAN: 'alipay.qr' }),
      PAYMENT_HTTP_NOTIFY_FORMAT: 'FORM', PAYMENT_HTTP_NOTIFY_DATA_FIELD: '', PAYMENT_HTTP_ACK_BODY: 'success',
    }).payments;
    adapter = new HttpGatewayAdapter(payments, payments.http!);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends mapped, MD5-signed form parameters with amounts in 分 and reads the mapped answer', async () => {
    const created = await adapter.createPayment({
      merchantOrderId: 'O-1', amount: yuan(500), currency: 'CNY', method: 'ALIPAY_SCAN', notifyUrl: 'http://127.0.0.1:9/n',
      returnUrl: 'http://127.0.0.1:9/r', expiresAt: new Date(Date.now() + 60_000),
    });
    expect(created).toEqual({ gatewayPaymentId: 'G-77', cashierUrl: 'https://pay.example/c/G-77' });
    expect(received.at(-1)).toMatchObject({ mch_id: 'm100', out_trade_no: 'O-1', total_fee: '50000', pay_type: 'alipay.qr' });
    expect(await adapter.queryPayment('O-1')).toEqual({ gatewayPaymentId: 'G-77', merchantOrderId: 'O-1', status: 'PAID', paidAmount: yuan(500), currency: 'CNY' });
  });

  it('refuses an answer whose signature does not match', async () => {
    tamperAnswers = true;
    try {
      await expect(adapter.createPayment({
        merchantOrderId: 'O-2', amount: yuan(1), currency: 'CNY', method: 'X', notifyUrl: 'http://127.0.0.1:9/n',
        returnUrl: 'http://127.0.0.1:9/r', expiresAt: new Date(Date.now() + 60_000),
      })).rejects.toThrow(GatewayInDoubtError);
    } finally {
      tamperAnswers = false;
    }
  });

  it('verifies form notifications by their MD5 sign field and acknowledges with the configured body', () => {
    const params: Record<string, string> = { mch_id: 'm100', out_trade_no: 'O-1', trade_no: 'G-77', trade_state: 'SUCCESS', total_fee: '50000', pay_fee: '49900' };
    params.sign = md5Signature(params, secret, 'sign');
    const raw = new URLSearchParams(params).toString();
    const notification = adapter.verifyNotification(raw, {});
    expect(notification).toMatchObject({ kind: 'payment', state: { status: 'PAID', paidAmount: yuan(499), merchantOrderId: 'O-1' } });
    expect(notification.notificationId).toMatch(/^[0-9a-f]{64}$/);
    expect(() => adapter.verifyNotification(raw.replace('49900', '99900'), {})).toThrow(BadNotificationError);
    expect(adapter.acknowledge().body).toBe('success');
  });
});
