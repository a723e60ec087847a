// The configurable adapter for a real gateway (PAYMENT_GATEWAY=http), driven by the PAYMENT_HTTP_*
// variables (src/server/config.ts, docs/wallet/gateway.md): paths, field names, amount unit, status
// codes, channel codes and one of two signature schemes —
//   HMAC_SHA256: the sandbox protocol's signature headers (signing.ts), answers bound to the request;
//   MD5: the scheme many CN gateways use: MD5 of the non-empty parameters sorted by name as
//        `k=v&…&key=<secret>`, upper-case hex, in a body field (PAYMENT_HTTP_SIGN_FIELD).
// Every default is the sandbox protocol, so with no PAYMENT_HTTP_* set it talks to the sandbox.
import { createHash } from 'node:crypto';
import { parseYuan, type Money } from '../../shared/money.ts';
import type { HttpGatewayConfig, PaymentsConfig } from '../config.ts';
import {
  BadNotificationError,
  FEN_STEP,
  GatewayInDoubtError,
  GatewayRefusedError,
  GatewayUnavailableError,
  type CreatedPayment,
  type CreatePaymentInput,
  type CreatePayoutInput,
  type GatewayNotification,
  type GatewayPaymentStatus,
  type GatewayPayoutStatus,
  type NotificationAck,
  type PaymentGateway,
  type PaymentState,
  type PayoutState,
} from './gateway.ts';
import { toWireAmount } from './sandbox-protocol.ts';
import {
  NOTIFY_PURPOSE,
  requestPurpose,
  responsePurpose,
  sameSignature,
  signHeaders,
  SIGNATURE_HEADERS,
  verifySigned,
} from './signing.ts';
import { exchange, statusError } from './transport.ts';

type Params = Record<string, string | number | null>;
type Json = Record<string, unknown>;

const PAYMENT_STATUSES: readonly GatewayPaymentStatus[] = ['PENDING', 'PAID', 'DECLINED', 'EXPIRED'];
const PAYOUT_STATUSES: readonly GatewayPayoutStatus[] = ['PROCESSING', 'PAID', 'FAILED'];

/** MD5 of the sorted non-empty parameters (the sign field excluded) + `&key=<secret>`, upper-case hex. */
export function md5Signature(params: Readonly<Record<string, unknown>>, secret: string, signField: string): string {
  const text = Object.keys(params)
    .filter((key) => key !== signField && params[key] !== null && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => {
      const value = params[key];
      return `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join('&');
  return createHash('md5').update(`${text}&key=${secret}`, 'utf8').digest('hex').toUpperCase();
}

class Untrustworthy extends Error {}

export class HttpGatewayAdapter implements PaymentGateway {
  readonly code: string;
  readonly label: string;
  readonly sandbox = false;
  readonly amountStep: Money;

  constructor(
    private readonly payments: Pick<PaymentsConfig, 'gatewayUrl' | 'merchantId' | 'secret' | 'timeoutMs'>,
    private readonly http: HttpGatewayConfig,
  ) {
    this.code = http.code;
    this.label = http.label;
    this.amountStep = http.amountUnit === 'FEN' ? FEN_STEP : 1;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const answer = await this.call(
      'POST',
      this.http.paths.createPayment,
      {
        merchantOrderId: input.merchantOrderId,
        amount: this.amountOut(input.amount),
        currency: input.currency,
        channel: this.http.channels[input.method] ?? input.method,
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        expiresAt: input.expiresAt.toISOString(),
      },
      'create',
    );
    return this.trusted('create', 'createPayment', () => ({
      gatewayPaymentId: this.text(answer!, 'gatewayPaymentId'),
      cashierUrl: this.text(answer!, 'cashierUrl'),
    }));
  }

  async queryPayment(merchantOrderId: string): Promise<PaymentState | null> {
    const answer = await this.query(this.http.paths.queryPayment, 'merchantOrderId', merchantOrderId);
    return answer && this.trusted('query', 'queryPayment', () => this.paymentState(answer));
  }

  async createPayout(input: CreatePayoutInput): Promise<PayoutState> {
    const answer = await this.call(
      'POST',
      this.http.paths.createPayout,
      {
        merchantPayoutId: input.merchantPayoutId,
        amount: this.amountOut(input.amount),
        currency: input.currency,
        destinationKind: input.destination.kind,
        channel: input.destination.channel,
        account: input.destination.account,
        holderName: input.destination.holderName,
        branch: input.destination.branch,
        notifyUrl: input.notifyUrl,
      },
      'create',
    );
    return this.trusted('create', 'createPayout', () => this.payoutState(answer!));
  }

  async queryPayout(merchantPayoutId: string): Promise<PayoutState | null> {
    const answer = await this.query(this.http.paths.queryPayout, 'merchantPayoutId', merchantPayoutId);
    return answer && this.trusted('query', 'queryPayout', () => this.payoutState(answer));
  }

  verifyNotification(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): GatewayNotification {
    let body: Json;
    try {
      body = this.http.notifyFormat === 'FORM' ? Object.fromEntries(new URLSearchParams(rawBody)) : (JSON.parse(rawBody) as Json);
    } catch {
      throw new BadNotificationError('通知内容无法解析');
    }
    if (typeof body !== 'object' || body === null) throw new BadNotificationError('通知内容无法解析');
    if (this.http.signType === 'HMAC_SHA256') {
      const check = verifySigned(this.payments.secret, this.payments.merchantId, NOTIFY_PURPOSE, rawBody, headers);
      if (check.problem !== null) throw new BadNotificationError(`通知签名校验失败（${check.problem}）`);
    } else if (!this.md5Matches(body)) {
      throw new BadNotificationError('通知签名校验失败（signature）');
    }
    const wrapped = this.http.notifyDataField ? body[this.http.notifyDataField] : undefined;
    const payload = (typeof wrapped === 'object' && wrapped !== null ? wrapped : body) as Json;
    const notificationId = this.optionalText(body, 'notificationId') ?? createHash('sha256').update(rawBody).digest('hex');
    try {
      return this.optionalText(payload, 'merchantPayoutId') !== null
        ? { kind: 'payout', notificationId, state: this.payoutState(payload) }
        : { kind: 'payment', notificationId, state: this.paymentState(payload) };
    } catch (error) {
      throw new BadNotificationError(`通知内容格式有误: ${(error as Error).message}`);
    }
  }

  acknowledge(): NotificationAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: this.http.ackBody };
  }

  private field(name: string): string {
    return this.http.fields[name] ?? name;
  }

  private amountOut(amount: Money): string | number {
    if (this.http.amountUnit === 'YUAN') return toWireAmount(amount);
    // Deterministic and local: nothing is sent, and sending it again would be refused again.
    if (amount % FEN_STEP !== 0) throw new GatewayRefusedError(`金额 ${toWireAmount(amount)} 超出支付通道支持的精度（分）`);
    return amount / FEN_STEP;
  }

  private amountIn(value: unknown): Money {
    if (this.http.amountUnit === 'YUAN') return parseYuan(String(value));
    const fen = Number(value);
    if (!Number.isSafeInteger(fen)) throw new Untrustworthy(`金额 ${String(value)} 不是整数分`);
    return fen * 100;
  }

  private optionalText(source: Json, name: string): string | null {
    const value = source[this.field(name)];
    return value === undefined || value === null || value === '' ? null : String(value);
  }

  private text(source: Json, name: string): string {
    const value = this.optionalText(source, name);
    if (value === null) throw new Untrustworthy(`缺少字段 ${this.field(name)}`);
    return value;
  }

  private paymentState(source: Json): PaymentState {
    const theirs = this.text(source, 'status');
    const status = (this.http.paymentStatuses[theirs] ?? theirs) as GatewayPaymentStatus;
    if (!PAYMENT_STATUSES.includes(status)) throw new Untrustworthy(`未知的支付状态 ${theirs}`);
    const paid = this.optionalText(source, 'paidAmount');
    return {
      gatewayPaymentId: this.text(source, 'gatewayPaymentId'),
      merchantOrderId: this.text(source, 'merchantOrderId'),
      status,
      paidAmount: paid === null ? (status === 'PAID' ? this.amountIn(this.text(source, 'amount')) : null) : this.amountIn(paid),
      currency: this.optionalText(source, 'currency') ?? 'CNY',
    };
  }

  private payoutState(source: Json): PayoutState {
    const theirs = this.text(source, 'status');
    const status = (this.http.payoutStatuses[theirs] ?? theirs) as GatewayPayoutStatus;
    if (!PAYOUT_STATUSES.includes(status)) throw new Untrustworthy(`未知的代付状态 ${theirs}`);
    return {
      gatewayPayoutId: this.text(source, 'gatewayPayoutId'),
      merchantPayoutId: this.text(source, 'merchantPayoutId'),
      status,
      amount: this.amountIn(this.text(source, 'amount')),
      currency: this.optionalText(source, 'currency') ?? 'CNY',
      failureReason: this.optionalText(source, 'failureReason'),
    };
  }

  /** Runs a parse of a signed answer; a malformed one is an error of the kind its request allows. */
  private trusted<T>(kind: 'create' | 'query', what: string, parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof Untrustworthy) && !(error instanceof Error && error.name === 'MoneyError')) throw error;
      const message = `${what}: 支付网关应答格式有误（${error.message}）`;
      throw kind === 'create' ? new GatewayInDoubtError(message) : new GatewayUnavailableError(message);
    }
  }

  private query(template: string, idName: string, id: string): Promise<Json | null> {
    const path = template.replace(`{${idName}}`, encodeURIComponent(id));
    return this.call(this.http.queryMethod, path, { [idName]: id }, 'query', true);
  }

  private md5Matches(source: Json): boolean {
    const given = source[this.http.signField];
    if (typeof given !== 'string') return false;
    return sameSignature(md5Signature(source, this.payments.secret, this.http.signField), given.toUpperCase());
  }

  /** One signed exchange; the parsed answer (its data field if configured), or null for a 404 when allowed. */
  private async call(method: string, pathTemplate: string, logical: Params, kind: 'create' | 'query', notFoundIsNull = false): Promise<Json | null> {
    const params: Params = {};
    for (const [name, value] of Object.entries(logical)) if (value !== null) params[this.field(name)] = value;
    let path = pathTemplate;
    let body = '';
    const headers: Record<string, string> = {};
    if (this.http.signType === 'MD5') {
      params[this.field('merchantId')] = this.payments.merchantId;
      params[this.field('timestamp')] = String(Date.now());
      params[this.field('nonce')] = createHash('sha256').update(`${Math.random()}${Date.now()}`).digest('hex').slice(0, 32);
      params[this.http.signField] = md5Signature(params, this.payments.secret, this.http.signField);
    }
    if (method === 'GET') {
      // GET: the id is in the path; MD5 gateways also want the signed parameters in the query string.
      if (this.http.signType === 'MD5') path += `${path.includes('?') ? '&' : '?'}${new URLSearchParams(stringParams(params))}`;
    } else if (this.http.bodyFormat === 'FORM') {
      body = new URLSearchParams(stringParams(params)).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      body = JSON.stringify(params);
      headers['content-type'] = 'application/json';
    }
    if (this.http.signType === 'HMAC_SHA256') {
      Object.assign(headers, signHeaders(this.payments.secret, this.payments.merchantId, requestPurpose(method, path), body));
    }
    const what = `${method} ${pathTemplate}`;
    const response = await exchange(`${this.payments.gatewayUrl}${path}`, { method, headers, ...(body ? { body } : {}) }, this.payments.timeoutMs, what);
    const acceptable = (response.status >= 200 && response.status < 300) || (response.status === 404 && notFoundIsNull);
    if (!acceptable) throw statusError(response.status, what, '', kind === 'create');

    const untrustworthy = (reason: string) =>
      kind === 'create' ? new GatewayInDoubtError(`${what}: ${reason}`) : new GatewayUnavailableError(`${what}: ${reason}`);
    if (this.http.signType === 'HMAC_SHA256') {
      const nonce = headers[SIGNATURE_HEADERS.nonce]!;
      const check = verifySigned(this.payments.secret, this.payments.merchantId, responsePurpose(response.status, nonce), response.body, response.headers);
      if (check.problem !== null) throw untrustworthy(`支付网关应答的签名无效（${check.problem}）`);
      if (response.status === 404) return null;
    } else if (response.status === 404) {
      // MD5 gateways rarely sign error answers: a 404 is taken as "unknown" as it is.
      return null;
    }
    let json: Json;
    try {
      json = JSON.parse(response.body) as Json;
    } catch {
      throw untrustworthy('支付网关应答不是 JSON');
    }
    if (typeof json !== 'object' || json === null) throw untrustworthy('支付网关应答不是对象');
    if (this.http.signType === 'MD5' && !this.md5Matches(json)) throw untrustworthy('支付网关应答的签名无效（signature）');
    const data = this.http.responseDataField ? json[this.http.responseDataField] : json;
    if (typeof data !== 'object' || data === null) throw untrustworthy('支付网关应答缺少数据');
    return data as Json;
  }
}

function stringParams(params: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null).map(([k, v]) => [k, String(v)]));
}
