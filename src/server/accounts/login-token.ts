// The one-time token a registration returns (spec §3.3 loginToken): 256 random bits, only its
// SHA-256 stored, valid for a few minutes, burnt by its first use.
import type { Queryable } from '../db/pool.ts';
import { hashToken, newSessionToken } from '../session/tokens.ts';

export async function issueLoginToken(db: Queryable, customerId: number, ttlMs: number): Promise<string> {
  const token = newSessionToken();
  await db.query(
    `INSERT INTO login_tokens (token_hash, customer_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3 / 1000.0))`,
    [hashToken(token), customerId, ttlMs],
  );
  return token;
}

/** The customer the token logs in, or null (unknown, expired or used); a valid token is used up. */
export async function redeemLoginToken(db: Queryable, token: string): Promise<number | null> {
  const result = await db.query<{ customer_id: number }>(
    `UPDATE login_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id`,
    [hashToken(token)],
  );
  return result.rows[0]?.customer_id ?? null;
}
