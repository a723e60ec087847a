// Sending a verification code: resend cooldown (60 s), a daily cap per customer and per destination
// (destination-cap.ts, shared with the reset codes), an hourly cap per client address; then the code
// goes out through the channel's adapter. Sending never says whether the address belongs to some
// account (no enumeration).
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { CodeSent } from '../../../shared/api/accounts.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import type { Messenger, MessageChannel } from '../../adapters/messaging/messenger.ts';
import type { AccountsConfig } from '../../config.ts';
import { withTransaction } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { consumeOrRefuse, releaseSlot } from '../rate-limit.ts';
import { deleteCode, newCode, storeCode } from './code-store.ts';
import { takeDestinationSlot } from './destination-cap.ts';

const DAY_MS = 86_400_000;
const CODES_PER_ADDRESS_PER_HOUR = 30;
// Serializes code requests of one customer, so two at once cannot both pass the cooldown.
const SEND_LOCK = 7_412_102;

const rateLimited = (message: string) => new AppError(429, ERROR_CODES.RATE_LIMITED, message);
export const DAILY_LIMIT_MESSAGE = '今日获取验证码次数已达上限，请明天再试';
export const SEND_FAILED_MESSAGE = '验证码发送失败，请稍后再试';

function messageFor(channel: MessageChannel, code: string, ttlMinutes: number): { subject: string; text: string } {
  const text = `【锦鲤】您的验证码是 ${code}，${ttlMinutes} 分钟内有效。请勿将验证码告诉他人。`;
  return { subject: '锦鲤验证码', text: channel === 'SMS' ? text : `您好：\n\n${text}\n\n如非本人操作，请忽略此邮件。` };
}

export interface SendCodeRequest {
  customerId: number;
  channel: MessageChannel;
  destination: string;
  ip: string;
}

export interface SendCodeDeps {
  pool: pg.Pool;
  settings: AccountsConfig;
  messenger: Messenger;
  log: FastifyBaseLogger;
}

export async function sendCode({ pool, settings, messenger, log }: SendCodeDeps, request: SendCodeRequest): Promise<CodeSent> {
  await consumeOrRefuse(
    pool,
    { bucket: 'code-address', key: request.ip, limit: CODES_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 },
    '获取验证码过于频繁，请稍后再试',
  );
  const code = newCode();
  const { codeId, slotId } = await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SEND_LOCK, String(request.customerId)]);
    const recent = await client.query<{ last_ms: number | null; by_customer: number }>(
      `SELECT (extract(epoch FROM now() - max(created_at)) * 1000)::float8 AS last_ms,
              count(*) FILTER (WHERE created_at > now() - make_interval(secs => $3 / 1000.0))::int AS by_customer
         FROM verification_codes WHERE customer_id = $1 AND channel = $2`,
      [request.customerId, request.channel, DAY_MS],
    );
    const { last_ms: lastMs, by_customer: byCustomer } = recent.rows[0]!;
    if (lastMs !== null && lastMs < settings.codeResendMs) {
      const seconds = Math.max(1, Math.ceil((settings.codeResendMs - lastMs) / 1000));
      throw rateLimited(`发送过于频繁，请 ${seconds} 秒后再试`);
    }
    if (byCustomer >= settings.codeDailyLimit) throw rateLimited(DAILY_LIMIT_MESSAGE);
    // The destination's cap: its own counter, under its own lock (reset requests spend it too).
    const slot = await takeDestinationSlot(client, request.destination, settings.codeDailyLimit);
    if (slot === null) throw rateLimited(DAILY_LIMIT_MESSAGE);
    return { codeId: await storeCode(client, request, code, settings.codeTtlMs), slotId: slot };
  });
  const { subject, text } = messageFor(request.channel, code, Math.round(settings.codeTtlMs / 60_000));
  try {
    await messenger.send({ channel: request.channel, destination: request.destination, subject, text, customerId: request.customerId });
  } catch (error) {
    log.warn({ err: error, channel: request.channel, adapter: messenger.name }, 'verification code not sent');
    // The player may ask again at once: a code that never left does not count.
    await deleteCode(pool, codeId);
    await releaseSlot(pool, slotId);
    throw new AppError(503, ERROR_CODES.INTERNAL, SEND_FAILED_MESSAGE);
  }
  return {
    ok: true,
    resendAfterSeconds: Math.ceil(settings.codeResendMs / 1000),
    expiresInSeconds: Math.floor(settings.codeTtlMs / 1000),
  };
}
