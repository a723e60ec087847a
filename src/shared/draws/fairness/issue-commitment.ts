// The per-issue commitment of a periodic platform draw, logged and shown before the issue's sales
// open: SHA-256(seed bytes ‖ UTF-8 bytes of the 期号). The seed is a fixed 32 bytes, so the encoding
// is unambiguous. It binds the issue to its seed without being a link of the seed chain: a chain link
// SHA-256(seed_k) is seed_{k−1}, the previous issue's seed, so publishing links ahead of the draws
// would hand out seeds of issues still on sale (docs/fairness.md).
import { DrawInputError } from '../draw-input-error.ts';
import { bytesToHex, seedBytes, type Bytes } from './hex.ts';
import { sha256, utf8 } from './web-crypto.ts';

/** 期号 as the derivation accepts them (digits, letters, - and /). */
export const ISSUE_NUMBER_PATTERN = /^[0-9A-Za-z/-]{1,32}$/;

export function checkIssueNumber(issueNumber: string): void {
  if (!ISSUE_NUMBER_PATTERN.test(issueNumber)) throw new DrawInputError('INVALID_INPUT', '期号格式不正确');
}

/** The hashed message: the 32 seed bytes followed by the 期号 in UTF-8. */
export function issueCommitmentMessage(seed: string, issueNumber: string): Bytes {
  checkIssueNumber(issueNumber);
  const key = seedBytes(seed, '种子');
  const issue = utf8(issueNumber);
  const message = new Uint8Array(key.length + issue.length);
  message.set(key, 0);
  message.set(issue, key.length);
  return message;
}

/** SHA-256(seed ‖ 期号), lowercase hex. */
export async function issueCommitment(seed: string, issueNumber: string): Promise<string> {
  return bytesToHex(await sha256(issueCommitmentMessage(seed, issueNumber)));
}
