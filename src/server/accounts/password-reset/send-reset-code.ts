// The code of a password reset. Every limit is keyed by what the caller typed (the client address, the
// login name), never by what the database holds, and each answer is the same whether the name and the
// contact belong to an account or not: the code is stored and sent only when they do, and it is sent
// after the answer, so neither the words nor the time of the answer tell an account apart. The typed
// destination's daily count (codes/destination-cap.ts, the one binding codes meet too) is spent either
// way, so nothing a later request sees tells it either.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { CodeSent } from '../../../shared/api/password-reset.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import type { Messenger } from '../../adapters/messaging/messenger.ts';
import type { AccountsConfig } from '../../config.ts';
import { withTransaction } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { lockedError } from '../../session/routes.ts';
import { deleteCode, newCode, storeCode } from '../codes/code-store.ts';
import { takeDestinationSlot } from '../codes/destination-cap.ts';
import { DAILY_LIMIT_MESSAGE } from '../codes/send-code.ts';
import { consumeOrRefuse } from '../rate-limit.ts';
import { findResetTarget, resetLockedUntil, type ResetContact } from './reset-target.ts';

const DAY_MS = 86_400_000;
const REQUESTS_PER_ADDRESS_PER_HOUR = 10;
const NAME_BUCKET = 'password-reset-name';
// Serializes the code requests of one typed name, so two at once cannot both pass the cooldown.
const NAME_LOCK = 7_412_118;

export interface SendResetCodeDeps {
  pool: pg.Pool;
  settings: AccountsConfig;
  messenger: Messenger;
  log: FastifyBaseLogger;
}

export interface ResetCodeRequest extends ResetContact {
  usernameKey: string;
  ip: string;
}

const rateLimited = (message: string) => new AppError(429, ERROR_CODES.RATE_LIMITED, message);

function messageFor(code: string, ttlMinutes: number): { subject: string; text: string } {
  const text = `【锦鲤】您正在找回登录密码，验证码是 ${code}，${ttlMinutes} 分钟内有效。请勿将验证码告诉他人。`;
  return { subject: '锦鲤找回密码验证码', text };
}

/** The resend cooldown and the daily cap of one typed name, counted whether or not it is an account. */
async function spendNameAllowance(pool: pg.Pool, settings: AccountsConfig, usernameKey: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [NAME_LOCK, usernameKey]);
    const recent = await client.query<{ last_ms: number | null; today: number }>(
      `SELECT (extract(epoch FROM now() - max(created_at)) * 1000)::float8 AS last_ms, count(*)::int AS today
         FROM rate_limit_events
        WHERE bucket = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3 / 1000.0)`,
      [NAME_BUCKET, usernameKey, DAY_MS],
    );
    const { last_ms: lastMs, today } = recent.rows[0]!;
    if (lastMs !== null && lastMs < settings.codeResendMs) {
      throw rateLimited(`发送过于频繁，请 ${Math.max(1, Math.ceil((settings.codeResendMs - lastMs) / 1000))} 秒后再试`);
    }
    if (today >= settings.codeDailyLimit) throw rateLimited(DAILY_LIMIT_MESSAGE);
    await client.query('INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2)', [NAME_BUCKET, usernameKey]);
  });
}

/**
 * Spends one of the typed destination's codes for today, whether or not the name owns it (the count a
 * binding request then meets must not tell), and stores a code only when it does and the day's codes
 * are not spent (then silently none). One transaction under the destination's lock.
 */
async function storeResetCode(pool: pg.Pool, settings: AccountsConfig, customerId: number | null, contact: ResetContact, code: string): Promise<number | null> {
  return withTransaction(pool, async (client) => {
    const slot = await takeDestinationSlot(client, contact.destination, settings.codeDailyLimit);
    if (slot === null || customerId === null) return null;
    return storeCode(client, { customerId, ...contact }, code, settings.codeTtlMs);
  });
}

export async function sendResetCode(deps: SendResetCodeDeps, request: ResetCodeRequest): Promise<CodeSent> {
  const { pool, settings, messenger, log } = deps;
  await consumeOrRefuse(
    pool,
    { bucket: 'password-reset-address', key: request.ip, limit: REQUESTS_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 },
    '获取验证码过于频繁，请稍后再试',
  );
  // A name whose login or resets are locked cannot be sent a code either; the lock is on the typed name.
  const locked = await resetLockedUntil(pool, request.usernameKey);
  if (locked) throw lockedError(locked);
  await spendNameAllowance(pool, settings, request.usernameKey);

  const customerId = await findResetTarget(pool, request.usernameKey, request);
  const code = newCode();
  const codeId = await storeResetCode(pool, settings, customerId, request, code);
  if (customerId !== null && codeId !== null) {
    const { subject, text } = messageFor(code, Math.round(settings.codeTtlMs / 60_000));
    const outgoing = { channel: request.channel, destination: request.destination, subject, text, customerId };
    void messenger.send(outgoing).catch(async (error: unknown) => {
      log.warn({ err: error, channel: request.channel, adapter: messenger.name }, 'password reset code not sent');
      // The destination's count stays spent: giving it back only when a code existed would tell.
      await deleteCode(pool, codeId).catch(() => undefined);
    });
  }
  return {
    ok: true,
    resendAfterSeconds: Math.ceil(settings.codeResendMs / 1000),
    expiresInSeconds: Math.floor(settings.codeTtlMs / 1000),
  };
}
