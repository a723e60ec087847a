// One-time recovery codes: ten per enrolment, shown once, stored as SHA-256 (each carries 50 random
// bits, so a fast hash is enough), used up by one conditional UPDATE (two parallel uses: one wins).
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../../db/pool.ts';

export const RECOVERY_CODE_COUNT = 10;
// Lowercase letters and digits without 0/o, 1/l/i.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 'xxxxx-xxxxx'. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What a typed code is compared as: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(text: string): string {
  return text.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(text: string): boolean {
  return /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(text));
}

function codeHash(operatorId: number, code: string): Buffer {
  return createHash('sha256').update(`${operatorId}:${normaliseRecoveryCode(code)}`).digest();
}

/** Replaces the operator's codes with a fresh set and returns them (the only time they are readable). */
export async function replaceRecoveryCodes(db: Queryable, operatorId: number): Promise<string[]> {
  await db.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.query(
    'INSERT INTO operator_recovery_codes (operator_id, code_hash) SELECT $1, unnest($2::bytea[])',
    [operatorId, codes.map((code) => codeHash(operatorId, code))],
  );
  return codes;
}

export async function deleteRecoveryCodes(db: Queryable, operatorId: number): Promise<void> {
  await db.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
}

/** Uses up a code: true once, false for a wrong or used one. */
export async function useRecoveryCode(db: Queryable, operatorId: number, code: string): Promise<boolean> {
  const used = await db.query(
    'UPDATE operator_recovery_codes SET used_at = now() WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [operatorId, codeHash(operatorId, code)],
  );
  return (used.rowCount ?? 0) > 0;
}

export async function unusedRecoveryCodes(db: Queryable, operatorId: number): Promise<number> {
  const counted = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_recovery_codes WHERE operator_id = $1 AND used_at IS NULL', [operatorId]);
  return counted.rows[0]!.n;
}
