// Session tokens are 256 random bits; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'jinli_session';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
