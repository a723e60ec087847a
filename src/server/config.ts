// Configuration is parsed once, from the environment, with zod. A bad variable stops the process
// with a message that names it.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** TRUST_PROXY parsed: trust nothing, the nearest `hops` proxies, or proxies at these addresses. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string): TrustProxy | null {
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') return { hops: 1 };
  if (/^\d{1,2}$/.test(lower)) {
    const hops = Number(lower);
    return hops >= 1 && hops <= 10 ? { hops } : null;
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  return addresses.length > 0 && addresses.every(isProxyAddress) ? { addresses } : null;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 'auto': Secure cookies when the request came over https (TRUST_PROXY honours X-Forwarded-Proto). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * Which proxy's X-Forwarded-For / -Proto / -Host to believe (docs/security.md): false (none); true or
   * a hop count (that many proxies in front, the nearest first: true is 1); or the proxies' addresses
   * and CIDR ranges, comma-separated. Never "every hop": a client could then name its own address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, context): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({ code: 'custom', message: '须为 false、true、代理层数（1~10）或代理地址列表（如 10.0.0.5,10.0.1.0/24）' });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false),
  /** Where the built PWA lives. */
  STATIC_DIR: z.string().default('dist'),
  SESSION_IDLE_HOURS: z.coerce.number().int().min(1).default(24),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).default(30),
  /** Failures of one typed name after which its login needs a captcha (docs/accounts.md)… */
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).default(3),
  /** …and after which the name is locked for LOGIN_LOCK_MINUTES. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Outbox retention (docs/architecture.md, live events): events older than this many days are deleted… */
  LIVE_EVENTS_RETENTION_DAYS: z.coerce.number().min(0).default(7),
  /** …and so are all but the newest this many events, whichever keeps fewer. */
  LIVE_EVENTS_RETENTION_MAX: z.coerce.number().int().min(1).default(1_000_000),
  LIVE_EVENTS_PRUNE_MINUTES: z.coerce.number().min(0.01).default(60),
  /** A reconnect that missed more events than this gets `resync` instead of the replay. */
  LIVE_EVENTS_REPLAY_MAX: z.coerce.number().int().min(1).default(10_000),
  /** API processes `npm start` runs (Node cluster); default one per core. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** nats://host:port: live events fan out through NATS; unset: PostgreSQL NOTIFY (one machine). */
  EVENTS_BUS: z.string().regex(/^nats:\/\//, 'must be a nats:// URL').optional(),
  /**
   * Admission for placements (docs/scaling/burst.md; defaults in ADMISSION_DEFAULTS): in flight per
   * process before new ones wait; how long and how many may wait before 429 系统繁忙; the event-loop lag
   * past which new ones are refused at once while others queue.
   */
  PLACEMENT_MAX_IN_FLIGHT: z.coerce.number().int().min(1).optional(),
  PLACEMENT_MAX_WAIT_MS: z.coerce.number().int().min(0).optional(),
  PLACEMENT_MAX_QUEUE: z.coerce.number().int().min(0).optional(),
  PLACEMENT_MAX_LAG_MS: z.coerce.number().int().min(1).optional(),
  DRAW_SCHEDULER: booleanFlag.default(true),
  /** "system", or "scaled:<virtualStartMs>:<realStartMs>:<speed>" for simulations (server/draws/clock.ts). */
  DRAW_CLOCK: z.string().default('system'),
  DRAW_TICK_MS: z.coerce.number().int().min(10).default(1_000),
  /**
   * simulated: feed draw types are drawn here, committed and verifiable like platform draws, labelled
   * 模拟开奖 (its seeds are random and kept in the database: there is no secret to configure);
   * http: official results from FEED_HTTP_URL; none: feed draw types are not offered.
   */
  FEED_ADAPTER: z.enum(['simulated', 'http', 'none']).default('simulated'),
  FEED_HTTP_URL: z.string().url().optional(),
  FEED_HTTP_RESULT_PATH: z.string().default('result'),
  FEED_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  BEACON_URL: z.string().url().optional(),
  BEACON_GENESIS: z.coerce.number().int().min(0).default(0),
  BEACON_PERIOD_SECONDS: z.coerce.number().int().min(1).default(3),
  /** Seed the demo data on start (idempotent). */
  SEED_DEMO: booleanFlag.default(true),
  // Accounts (docs/accounts.md): captcha, SMS / e-mail adapters, codes, tokens, trial accounts.
  CAPTCHA_ADAPTER: z.enum(['builtin', 'recaptcha-enterprise']).default('builtin'),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(30).default(300),
  RECAPTCHA_PROJECT_ID: z.string().optional(),
  RECAPTCHA_API_KEY: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_ENDPOINT: z.string().url().default('https://recaptchaenterprise.googleapis.com'),
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  SMS_ADAPTER: z.enum(['outbox']).default('outbox'),
  EMAIL_ADAPTER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** tls: implicit TLS (465); starttls: upgrade required; none: plain (local relays only). */
  SMTP_SECURE: z.enum(['tls', 'starttls', 'none']).default('starttls'),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(10).default(10),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(1).default(60),
  CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  CODE_DAILY_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(300),
  TRIAL_FUNDS_YUAN: z.coerce.number().int().min(1).default(2_000),
  TRIAL_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  REGISTER_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Back-office operators (docs/backoffice/core.md): session idle and absolute lifetimes, lockout.
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  OPERATOR_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** Failed sign-in steps (password or code) that lock an operator for OPERATOR_LOCK_MINUTES. */
  OPERATOR_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  OPERATOR_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  // Payments (docs/wallet/gateway.md): the gateway adapter and how the gateway reaches us back.
  /** sandbox: the built-in 沙箱支付 service (its own process, scripts/sandbox-gateway.ts); http: a real gateway. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'http']).default('sandbox'),
  PAYMENT_GATEWAY_URL: z.string().url().default('http://127.0.0.1:3100'),
  PAYMENT_MERCHANT_ID: z.string().min(1).default('jinli-sandbox'),
  /** The shared signing secret. The default is the sandbox's public demo secret: never use it with a real gateway. */
  PAYMENT_SECRET: z.string().min(16).default('sandbox-demo-secret-not-for-production'),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The address the gateway's callbacks and the cashier's return link use; default http://127.0.0.1:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  // The configurable HTTP adapter for a real gateway (PAYMENT_GATEWAY=http; docs/wallet/gateway.md).
  // Every default is the sandbox protocol, so only what a gateway does differently needs setting.
  /** Stored with every deposit and withdrawal made through it. */
  PAYMENT_HTTP_CODE: z.string().regex(/^[a-z0-9_-]{1,32}$/).default('http'),
  /** The gateway's name shown to operators. */
  PAYMENT_HTTP_LABEL: z.string().min(1).default('在线支付'),
  /** HMAC_SHA256: signature headers as the sandbox; MD5: MD5 of the sorted parameters + key, in a body field. */
  PAYMENT_HTTP_SIGN_TYPE: z.enum(['HMAC_SHA256', 'MD5']).default('HMAC_SHA256'),
  /** The body field that carries the MD5 signature. */
  PAYMENT_HTTP_SIGN_FIELD: z.string().min(1).default('sign'),
  /** Request bodies as JSON or as application/x-www-form-urlencoded. */
  PAYMENT_HTTP_BODY_FORMAT: z.enum(['JSON', 'FORM']).default('JSON'),
  /** Paths; {merchantOrderId} / {merchantPayoutId} are replaced (URL-encoded). */
  PAYMENT_HTTP_CREATE_PAYMENT_PATH: z.string().startsWith('/').default('/api/payments'),
  PAYMENT_HTTP_QUERY_PAYMENT_PATH: z.string().startsWith('/').default('/api/payments/{merchantOrderId}'),
  PAYMENT_HTTP_CREATE_PAYOUT_PATH: z.string().startsWith('/').default('/api/payouts'),
  PAYMENT_HTTP_QUERY_PAYOUT_PATH: z.string().startsWith('/').default('/api/payouts/{merchantPayoutId}'),
  /** GET (the id in the path) or POST (the id also in the signed body). */
  PAYMENT_HTTP_QUERY_METHOD: z.enum(['GET', 'POST']).default('GET'),
  /** Amounts on the wire in 元 ("500.00") or in 分 (50000). */
  PAYMENT_HTTP_AMOUNT_UNIT: z.enum(['YUAN', 'FEN']).default('YUAN'),
  /** JSON: our field name → the gateway's, e.g. {"merchantOrderId":"out_trade_no"}; unnamed fields keep ours. */
  PAYMENT_HTTP_FIELDS: z.string().default('{}'),
  /** JSON: the gateway's payment status → PENDING / PAID / DECLINED / EXPIRED. */
  PAYMENT_HTTP_PAYMENT_STATUSES: z.string().default('{}'),
  /** JSON: the gateway's payout status → PROCESSING / PAID / FAILED. */
  PAYMENT_HTTP_PAYOUT_STATUSES: z.string().default('{}'),
  /** JSON: our deposit method code → the gateway's channel code. */
  PAYMENT_HTTP_CHANNELS: z.string().default('{}'),
  /** The field an answer wraps its result in ('' for flat answers). */
  PAYMENT_HTTP_RESPONSE_DATA_FIELD: z.string().default(''),
  /** The field a notification wraps its payment / payout in ('' for flat notifications). */
  PAYMENT_HTTP_NOTIFY_DATA_FIELD: z.string().default('data'),
  /** Notifications are JSON or form-encoded. */
  PAYMENT_HTTP_NOTIFY_FORMAT: z.enum(['JSON', 'FORM']).default('JSON'),
  /** The body that acknowledges a notification. */
  PAYMENT_HTTP_ACK_BODY: z.string().min(1).default('SUCCESS'),
  /** Withdrawals (docs/wallet/withdrawals.md): how often the payout loop runs (0: not at all — tests drive it)… */
  /** How long a deposit waits: an online order for its payment, an offline one for finance (spec §9: 72 hours). */
  DEPOSIT_ONLINE_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  DEPOSIT_OFFLINE_EXPIRY_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  DEPOSIT_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WITHDRAWAL_PAYOUT_INTERVAL_MS: z.coerce.number().int().min(0).default(2_000),
  /** …and how long it waits before asking about a payout in doubt, or sending again after the gateway was unreachable. */
  WITHDRAWAL_PAYOUT_RETRY_MS: z.coerce.number().int().min(0).default(15_000),
  // Third-party game providers (docs/providers/server.md): the built-in sandbox provider service…
  PROVIDER_SANDBOX_URL: z.string().url().default('http://127.0.0.1:3200'),
  PROVIDER_MERCHANT_ID: z.string().min(1).default('jinli-sandbox'),
  /** The shared signing secret. The default is the sandbox's public demo secret: never use it with a real provider. */
  PROVIDER_SECRET: z.string().min(16).default('sandbox-provider-demo-secret-not-for-production'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(8_000),
  /** …how often the job asks providers about transfers in doubt (0: never; default 5 s, 0 under NODE_ENV=test — tests drive it)… */
  PROVIDER_RESOLVE_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** …after how long a reference the provider has never seen counts as failed (longer than any provider's processing)… */
  PROVIDER_IN_DOUBT_WINDOW_MS: z.coerce.number().int().min(0).default(120_000),
  /** …how often bet records are pulled (0: never; default 30 s, 0 under NODE_ENV=test — tests drive it)… */
  PROVIDER_RECORDS_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** …and how long a provider's game list is kept. */
  PROVIDER_GAMES_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  // Promotion jobs (0: off; off under NODE_ENV=test unless set — tests call the job functions):
  /** …the jackpot pool's sweep, schedule and draw (default 15 s)… */
  JACKPOT_JOB_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** …the VIP evaluation and monthly bonus (default 10 min)… */
  VIP_JOB_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** …the weekly ranking's counting and prizes (default 1 min)… */
  WEEKLY_RANKING_JOB_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** …and red packets starting and ending on time (default 15 s). */
  RED_PACKET_JOB_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string;
  databasePoolMax: number;
  /** DATABASE_POOL_MAX was given; a default pool may be shrunk to fit max_connections (startup/connection-budget.ts). */
  databasePoolMaxSet: boolean;
  logLevel: string;
  cookieSecure: 'auto' | boolean;
  trustProxy: TrustProxy;
  staticDir: string;
  sessionIdleMs: number;
  sessionRememberMs: number;
  loginCaptchaAfterFailures: number;
  loginMaxFailures: number;
  loginLockMs: number;
  loginRatePerMinute: number;
  sseHeartbeatMs: number;
  liveEvents: LiveEventsConfig;
  seedDemo: boolean;
  /** API processes of `npm start`. */
  workers: number;
  /** null: NOTIFY fan-out (one machine). */
  eventsBus: string | null;
  admission: { maxInFlight: number; maxWaitMs: number; maxQueue: number; maxLagMs: number };
  drawScheduler: boolean;
  drawClock: string;
  drawTickMs: number;
  beacon: { url: string; genesisSeconds: number; periodSeconds: number } | null;
  feed: { adapter: 'simulated' | 'http' | 'none'; httpUrl: string | undefined; httpResultPath: string; timeoutMs: number };
  accounts: AccountsConfig;
  operators: OperatorsConfig;
  payments: PaymentsConfig;
  withdrawals: { payoutIntervalMs: number; payoutRetryMs: number };
  deposits: { onlineExpiryMs: number; offlineExpiryMs: number; expiryIntervalMs: number };
  providers: ProvidersConfig;
  /** Intervals of the promotion jobs in ms; 0 = not run by this process. */
  promotions: { jackpotJobIntervalMs: number; vipJobIntervalMs: number; rankingJobIntervalMs: number; redPacketJobIntervalMs: number };
}>;

/** Third-party game providers (src/server/providers/registry.ts, docs/providers/server.md). */
export interface ProvidersConfig {
  sandboxUrl: string;
  merchantId: string;
  secret: string;
  timeoutMs: number;
  resolveIntervalMs: number;
  inDoubtWindowMs: number;
  recordsIntervalMs: number;
  gamesCacheMs: number;
}

export interface PaymentsConfig {
  gateway: 'sandbox' | 'http';
  gatewayUrl: string;
  merchantId: string;
  secret: string;
  timeoutMs: number;
  /** Our own public origin, without a trailing slash: callbacks go to `${publicUrl}/ajax/payment/notify/...`. */
  publicUrl: string;
  /** The HTTP adapter's settings (used when gateway is 'http'). */
  http?: HttpGatewayConfig;
}

/** How the configurable HTTP adapter speaks to a real gateway (src/server/payments/http-adapter.ts). */
export interface HttpGatewayConfig {
  code: string;
  label: string;
  signType: 'HMAC_SHA256' | 'MD5';
  signField: string;
  bodyFormat: 'JSON' | 'FORM';
  paths: { createPayment: string; queryPayment: string; createPayout: string; queryPayout: string };
  queryMethod: 'GET' | 'POST';
  amountUnit: 'YUAN' | 'FEN';
  fields: Record<string, string>;
  paymentStatuses: Record<string, string>;
  payoutStatuses: Record<string, string>;
  channels: Record<string, string>;
  responseDataField: string;
  notifyDataField: string;
  notifyFormat: 'JSON' | 'FORM';
  ackBody: string;
}

export interface OperatorsConfig {
  idleMs: number;
  absoluteMs: number;
  maxFailures: number;
  lockMs: number;
}

export interface LiveEventsConfig {
  retentionMs: number;
  retentionMax: number;
  pruneIntervalMs: number;
  replayMax: number;
}

export interface RecaptchaConfig {
  projectId: string;
  apiKey: string;
  siteKey: string;
  minScore: number;
  endpoint: string;
  timeoutMs: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: 'tls' | 'starttls' | 'none';
  user: string | undefined;
  pass: string | undefined;
  from: string;
  timeoutMs: number;
}

export type AccountsConfig = Readonly<{
  captcha: { adapter: 'builtin'; ttlMs: number } | { adapter: 'recaptcha-enterprise'; ttlMs: number; recaptcha: RecaptchaConfig };
  sms: { adapter: 'outbox' };
  email: { adapter: 'outbox' } | { adapter: 'smtp'; smtp: SmtpConfig };
  codeTtlMs: number;
  codeResendMs: number;
  codeMaxAttempts: number;
  codeDailyLimit: number;
  loginTokenTtlMs: number;
  trialFundsYuan: number;
  trialPerAddressPerHour: number;
  registerPerAddressPerHour: number;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Measured defaults (docs/scaling/burst.md): 16 in flight reach the steady maximum and leave the pool of
 * 20 room; a 25 ms wait keeps an accepted order near 3× the quiet machine's steady p99 (~15 ms); 64
 * waiting is what 16 slots serve in that time; 100 ms of lag is a safety net, not a latency target.
 * Under NODE_ENV=test the gate is off unless set: tests fire bursts on purpose, on busy hosts, and
 * tests/server/admission.test.ts sets its own limits.
 */
const ADMISSION_DEFAULTS = { maxInFlight: 16, maxWaitMs: 25, maxQueue: 64, maxLagMs: 100 };
const ADMISSION_OFF = { maxInFlight: Number.MAX_SAFE_INTEGER, maxWaitMs: 0, maxQueue: 0, maxLagMs: Number.MAX_SAFE_INTEGER };

function admissionLimits(e: z.infer<typeof EnvSchema>): Config['admission'] {
  const defaults = e.NODE_ENV === 'test' ? ADMISSION_OFF : ADMISSION_DEFAULTS;
  return {
    maxInFlight: e.PLACEMENT_MAX_IN_FLIGHT ?? defaults.maxInFlight,
    maxWaitMs: e.PLACEMENT_MAX_WAIT_MS ?? defaults.maxWaitMs,
    maxQueue: e.PLACEMENT_MAX_QUEUE ?? defaults.maxQueue,
    maxLagMs: e.PLACEMENT_MAX_LAG_MS ?? defaults.maxLagMs,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FEED_ADAPTER === 'http' && !e.FEED_HTTP_URL) {
    throw new ConfigError('Invalid environment configuration:\n  FEED_HTTP_URL: required when FEED_ADAPTER=http');
  }
  const accounts = accountsConfig(e);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databasePoolMaxSet: present.DATABASE_POOL_MAX !== undefined,
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    staticDir: e.STATIC_DIR,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    sessionRememberMs: e.SESSION_REMEMBER_DAYS * 86_400_000,
    loginCaptchaAfterFailures: e.LOGIN_CAPTCHA_AFTER_FAILURES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMs: e.LOGIN_LOCK_MINUTES * 60_000,
    loginRatePerMinute: e.LOGIN_RATE_PER_MINUTE,
    sseHeartbeatMs: e.SSE_HEARTBEAT_MS,
    liveEvents: {
      retentionMs: Math.round(e.LIVE_EVENTS_RETENTION_DAYS * 86_400_000),
      retentionMax: e.LIVE_EVENTS_RETENTION_MAX,
      pruneIntervalMs: Math.round(e.LIVE_EVENTS_PRUNE_MINUTES * 60_000),
      replayMax: e.LIVE_EVENTS_REPLAY_MAX,
    },
    seedDemo: e.SEED_DEMO,
    workers: e.WORKERS ?? availableParallelism(),
    eventsBus: e.EVENTS_BUS ?? null,
    admission: admissionLimits(e),
    drawScheduler: e.DRAW_SCHEDULER,
    drawClock: e.DRAW_CLOCK,
    drawTickMs: e.DRAW_TICK_MS,
    beacon: e.BEACON_URL ? { url: e.BEACON_URL, genesisSeconds: e.BEACON_GENESIS, periodSeconds: e.BEACON_PERIOD_SECONDS } : null,
    feed: {
      adapter: e.FEED_ADAPTER,
      httpUrl: e.FEED_HTTP_URL,
      httpResultPath: e.FEED_HTTP_RESULT_PATH,
      timeoutMs: e.FEED_TIMEOUT_MINUTES * 60_000,
    },
    accounts,
    operators: {
      idleMs: e.OPERATOR_IDLE_MINUTES * 60_000,
      absoluteMs: e.OPERATOR_ABSOLUTE_HOURS * 3_600_000,
      maxFailures: e.OPERATOR_MAX_FAILURES,
      lockMs: e.OPERATOR_LOCK_MINUTES * 60_000,
    },
    payments: {
      gateway: e.PAYMENT_GATEWAY,
      gatewayUrl: e.PAYMENT_GATEWAY_URL.replace(/\/+$/, ''),
      merchantId: e.PAYMENT_MERCHANT_ID,
      secret: e.PAYMENT_SECRET,
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      publicUrl: (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
      http: httpGatewayConfig(e),
    },
    withdrawals: { payoutIntervalMs: e.WITHDRAWAL_PAYOUT_INTERVAL_MS, payoutRetryMs: e.WITHDRAWAL_PAYOUT_RETRY_MS },
    deposits: {
      onlineExpiryMs: e.DEPOSIT_ONLINE_EXPIRY_MINUTES * 60_000,
      offlineExpiryMs: e.DEPOSIT_OFFLINE_EXPIRY_HOURS * 3_600_000,
      expiryIntervalMs: e.DEPOSIT_EXPIRY_INTERVAL_SECONDS * 1000,
    },
    providers: {
      sandboxUrl: e.PROVIDER_SANDBOX_URL.replace(/\/+$/, ''),
      merchantId: e.PROVIDER_MERCHANT_ID,
      secret: e.PROVIDER_SECRET,
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      resolveIntervalMs: e.PROVIDER_RESOLVE_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 5_000),
      inDoubtWindowMs: e.PROVIDER_IN_DOUBT_WINDOW_MS,
      recordsIntervalMs: e.PROVIDER_RECORDS_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 30_000),
      gamesCacheMs: e.PROVIDER_GAMES_CACHE_MS,
    },
    promotions: {
      jackpotJobIntervalMs: e.JACKPOT_JOB_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 15_000),
      vipJobIntervalMs: e.VIP_JOB_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 600_000),
      rankingJobIntervalMs: e.WEEKLY_RANKING_JOB_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 60_000),
      redPacketJobIntervalMs: e.RED_PACKET_JOB_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 15_000),
    },
  };
}

function jsonMap(name: string, text: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`Invalid environment configuration:\n  ${name}: must be a JSON object`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    throw new ConfigError(`Invalid environment configuration:\n  ${name}: must be a JSON object of strings`);
  }
  return value as Record<string, string>;
}

function httpGatewayConfig(e: z.infer<typeof EnvSchema>): HttpGatewayConfig {
  return {
    code: e.PAYMENT_HTTP_CODE,
    label: e.PAYMENT_HTTP_LABEL,
    signType: e.PAYMENT_HTTP_SIGN_TYPE,
    signField: e.PAYMENT_HTTP_SIGN_FIELD,
    bodyFormat: e.PAYMENT_HTTP_BODY_FORMAT,
    paths: {
      createPayment: e.PAYMENT_HTTP_CREATE_PAYMENT_PATH,
      queryPayment: e.PAYMENT_HTTP_QUERY_PAYMENT_PATH,
      createPayout: e.PAYMENT_HTTP_CREATE_PAYOUT_PATH,
      queryPayout: e.PAYMENT_HTTP_QUERY_PAYOUT_PATH,
    },
    queryMethod: e.PAYMENT_HTTP_QUERY_METHOD,
    amountUnit: e.PAYMENT_HTTP_AMOUNT_UNIT,
    fields: jsonMap('PAYMENT_HTTP_FIELDS', e.PAYMENT_HTTP_FIELDS),
    paymentStatuses: jsonMap('PAYMENT_HTTP_PAYMENT_STATUSES', e.PAYMENT_HTTP_PAYMENT_STATUSES),
    payoutStatuses: jsonMap('PAYMENT_HTTP_PAYOUT_STATUSES', e.PAYMENT_HTTP_PAYOUT_STATUSES),
    channels: jsonMap('PAYMENT_HTTP_CHANNELS', e.PAYMENT_HTTP_CHANNELS),
    responseDataField: e.PAYMENT_HTTP_RESPONSE_DATA_FIELD,
    notifyDataField: e.PAYMENT_HTTP_NOTIFY_DATA_FIELD,
    notifyFormat: e.PAYMENT_HTTP_NOTIFY_FORMAT,
    ackBody: e.PAYMENT_HTTP_ACK_BODY,
  };
}

function requireVariables(e: Record<string, unknown>, names: string[], when: string): void {
  const missing = names.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid environment configuration:\n${missing.map((m) => `  ${m}: required when ${when}`).join('\n')}`);
  }
}

function accountsConfig(e: z.infer<typeof EnvSchema>): AccountsConfig {
  const ttlMs = e.CAPTCHA_TTL_SECONDS * 1000;
  let captcha: AccountsConfig['captcha'] = { adapter: 'builtin', ttlMs };
  if (e.CAPTCHA_ADAPTER === 'recaptcha-enterprise') {
    requireVariables(e, ['RECAPTCHA_PROJECT_ID', 'RECAPTCHA_API_KEY', 'RECAPTCHA_SITE_KEY'], 'CAPTCHA_ADAPTER=recaptcha-enterprise');
    captcha = {
      adapter: 'recaptcha-enterprise',
      ttlMs,
      recaptcha: {
        projectId: e.RECAPTCHA_PROJECT_ID!,
        apiKey: e.RECAPTCHA_API_KEY!,
        siteKey: e.RECAPTCHA_SITE_KEY!,
        minScore: e.RECAPTCHA_MIN_SCORE,
        endpoint: e.RECAPTCHA_ENDPOINT,
        timeoutMs: e.RECAPTCHA_TIMEOUT_MS,
      },
    };
  }
  let email: AccountsConfig['email'] = { adapter: 'outbox' };
  if (e.EMAIL_ADAPTER === 'smtp') {
    requireVariables(e, ['SMTP_HOST', 'SMTP_FROM'], 'EMAIL_ADAPTER=smtp');
    email = {
      adapter: 'smtp',
      smtp: {
        host: e.SMTP_HOST!,
        port: e.SMTP_PORT,
        secure: e.SMTP_SECURE,
        user: e.SMTP_USER,
        pass: e.SMTP_PASS,
        from: e.SMTP_FROM!,
        timeoutMs: e.SMTP_TIMEOUT_MS,
      },
    };
  }
  return {
    captcha,
    sms: { adapter: e.SMS_ADAPTER },
    email,
    codeTtlMs: e.CODE_TTL_MINUTES * 60_000,
    codeResendMs: e.CODE_RESEND_SECONDS * 1000,
    codeMaxAttempts: e.CODE_MAX_ATTEMPTS,
    codeDailyLimit: e.CODE_DAILY_LIMIT,
    loginTokenTtlMs: e.LOGIN_TOKEN_TTL_SECONDS * 1000,
    trialFundsYuan: e.TRIAL_FUNDS_YUAN,
    trialPerAddressPerHour: e.TRIAL_PER_ADDRESS_PER_HOUR,
    registerPerAddressPerHour: e.REGISTER_PER_ADDRESS_PER_HOUR,
  };
}
