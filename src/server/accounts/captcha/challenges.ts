// Captcha challenges: the answer is kept only as a hash, expires after a short time, and a challenge
// is used up by its first check, right or wrong.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/pool.ts';
import { CAPTCHA_ALPHABET } from './glyphs.ts';

export const CAPTCHA_LENGTH = 4;

export function randomAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join('');
}

function answerHash(id: string, answer: string): Buffer {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest();
}

/** Stores a challenge for `answer`; returns its id. */
export async function storeChallenge(db: Queryable, answer: string, ttlMs: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await db.query('DELETE FROM captcha_challenges WHERE expires_at < now()');
  await db.query(
    `INSERT INTO captcha_challenges (id, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3 / 1000.0))`,
    [id, answerHash(id, answer), ttlMs],
  );
  return id;
}

export type ChallengeOutcome = 'passed' | 'wrong' | 'stale';

/** Checks and uses up a challenge (letters in either case). */
export async function consumeChallenge(db: Queryable, id: string, answer: string): Promise<ChallengeOutcome> {
  const result = await db.query<{ answer_hash: Buffer; fresh: boolean }>(
    'DELETE FROM captcha_challenges WHERE id = $1 RETURNING answer_hash, expires_at > now() AS fresh',
    [id],
  );
  const row = result.rows[0];
  if (!row || !row.fresh) return 'stale';
  return timingSafeEqual(row.answer_hash, answerHash(id, answer)) ? 'passed' : 'wrong';
}
