// Argon2id with OWASP's minimum (19 MiB, t=2, p=1), decisions §5.
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (unusable under verbatimModuleSyntax): its value is 2.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('jinli-dummy-password-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
