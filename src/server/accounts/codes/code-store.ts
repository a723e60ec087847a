// Verification codes (spec §5 authCode): 6 random digits, bound to the customer, the channel and the
// address they were sent to; valid for 10 minutes, used once, burnt after 5 wrong tries. A new code
// replaces the previous one of the same channel.
//
// Only a salted SHA-256 is kept for checking. A 6-digit code has too few values for any hash to
// hide it from someone holding the table; what protects it is the expiry, the try limit and single
// use (the built-in outbox keeps the plain message for operators anyway).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { MessageChannel } from '../../adapters/messaging/messenger.ts';
import type { Queryable } from '../../db/pool.ts';

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function codeHash(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code).digest();
}

export interface CodeTarget {
  customerId: number;
  channel: MessageChannel;
  destination: string;
}

/** Stores a new code for the target, closing the previous open one of that channel. */
export async function storeCode(db: Queryable, target: CodeTarget, code: string, ttlMs: number): Promise<number> {
  await db.query(
    `UPDATE verification_codes SET closed_at = now() WHERE customer_id = $1 AND channel = $2 AND closed_at IS NULL`,
    [target.customerId, target.channel],
  );
  const salt = randomBytes(16);
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO verification_codes (customer_id, channel, destination, code_hash, salt, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6 / 1000.0)) RETURNING id`,
    [target.customerId, target.channel, target.destination, codeHash(salt, code), salt, ttlMs],
  );
  return inserted.rows[0]!.id;
}

export async function deleteCode(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM verification_codes WHERE id = $1', [id]);
}

export type CodeOutcome = { result: 'passed'; codeId: number } | { result: 'wrong' | 'burnt' | 'stale' };

/**
 * Checks a code inside the caller's transaction (the row stays locked until it commits). A wrong
 * code counts a try; the last allowed try burns it. A passed code stays open until `closeCode`, so
 * that a change that then fails leaves it usable.
 */
export async function checkCode(client: pg.PoolClient, target: CodeTarget, code: string, maxAttempts: number): Promise<CodeOutcome> {
  const found = await client.query<{ id: number; destination: string; code_hash: Buffer; salt: Buffer; failed_attempts: number }>(
    `SELECT id, destination, code_hash, salt, failed_attempts FROM verification_codes
      WHERE customer_id = $1 AND channel = $2 AND closed_at IS NULL AND expires_at > now()
      ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [target.customerId, target.channel],
  );
  const row = found.rows[0];
  if (!row || row.destination !== target.destination) return { result: 'stale' };
  if (timingSafeEqual(row.code_hash, codeHash(row.salt, code))) return { result: 'passed', codeId: row.id };
  const attempts = row.failed_attempts + 1;
  const burnt = attempts >= maxAttempts;
  await client.query(`UPDATE verification_codes SET failed_attempts = $2, closed_at = CASE WHEN $3 THEN now() END WHERE id = $1`, [
    row.id,
    attempts,
    burnt,
  ]);
  return { result: burnt ? 'burnt' : 'wrong' };
}

export async function closeCode(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE verification_codes SET closed_at = now() WHERE id = $1', [id]);
}
