// The provably fair jackpot draw (docs/campaigns/jackpot.md): pure, the same code on the server, in
// the player's browser (/verify/jackpot/{id}) and in the terminal (scripts/verify-draw.ts jackpot).
//
//   commitment = SHA-256(seed bytes ‖ UTF-8 "jackpot:" ‖ roundId)          published before the window
//   listHash   = SHA-256(UTF-8 of the lines "orderId:stake", by order id, joined by "\n")
//   block c    = HMAC-SHA256(seed bytes, "jackpot:{roundId}:{listHash}:{c}")  c = 0, 1, …
//   winner     = the first 4-byte big-endian word w of the blocks with w < limit, w mod n,
//                limit = 2³² − (2³² mod n)                                   (rejection: no modulo bias)
import { DrawInputError } from '../draws/draw-input-error.ts';
import { bytesToHex, normalizeHex, seedBytes, type Bytes } from '../draws/fairness/hex.ts';
import { hmacSha256Signer, sha256, utf8 } from '../draws/fairness/web-crypto.ts';

export interface JackpotEntry {
  orderId: number;
  /** The order's stake, 0.0001 元. */
  stake: number;
  /** Masked player name, shown only: not part of the list hash. */
  player: string;
}

const WORD_RANGE = 2 ** 32;

function checkRoundId(roundId: number): void {
  if (!Number.isSafeInteger(roundId) || roundId < 1) throw new DrawInputError('INVALID_INPUT', '奖池期次编号必须是正整数');
}

/** The hashed message of the commitment: the 32 seed bytes, then "jackpot:{roundId}". */
export function jackpotCommitmentMessage(seed: string, roundId: number): Bytes {
  checkRoundId(roundId);
  const key = seedBytes(seed, '种子');
  const tail = utf8(`jackpot:${roundId}`);
  const message = new Uint8Array(key.length + tail.length);
  message.set(key, 0);
  message.set(tail, key.length);
  return message;
}

export async function jackpotCommitment(seed: string, roundId: number): Promise<string> {
  return bytesToHex(await sha256(jackpotCommitmentMessage(seed, roundId)));
}

/** The canonical list text: one "orderId:stake" line per entry, ordered by order id. */
export function entryListText(entries: readonly Pick<JackpotEntry, 'orderId' | 'stake'>[]): string {
  for (const e of entries) {
    if (!Number.isSafeInteger(e.orderId) || e.orderId < 1 || !Number.isSafeInteger(e.stake) || e.stake < 0) {
      throw new DrawInputError('INVALID_INPUT', '参与名单格式不正确（订单号与投注额须为非负整数）');
    }
  }
  for (let i = 1; i < entries.length; i++) {
    if (entries[i]!.orderId <= entries[i - 1]!.orderId) throw new DrawInputError('INVALID_INPUT', '参与名单须按订单号从小到大排列且不重复');
  }
  return entries.map((e) => `${e.orderId}:${e.stake}`).join('\n');
}

export async function entryListHash(entries: readonly Pick<JackpotEntry, 'orderId' | 'stake'>[]): Promise<string> {
  return bytesToHex(await sha256(utf8(entryListText(entries))));
}

export interface JackpotSampleStep {
  counter: number;
  message: string;
  hmacHex: string;
  words: { word: number; accepted: boolean }[];
}

export interface JackpotDrawResult {
  listHash: string;
  /** null when nobody qualified. */
  index: number | null;
  limit: number;
  steps: JackpotSampleStep[];
}

/** The winner's position in the list (0-based), uniform over the entries. */
export async function drawJackpotWinner(seed: string, roundId: number, entries: readonly JackpotEntry[]): Promise<JackpotDrawResult> {
  checkRoundId(roundId);
  const listHash = await entryListHash(entries);
  const n = entries.length;
  const steps: JackpotSampleStep[] = [];
  if (n === 0) return { listHash, index: null, limit: 0, steps };
  const limit = WORD_RANGE - (WORD_RANGE % n);
  const sign = await hmacSha256Signer(seedBytes(seed, '种子'));
  for (let counter = 0; ; counter++) {
    const message = `jackpot:${roundId}:${listHash}:${counter}`;
    const block = await sign(utf8(message));
    const step: JackpotSampleStep = { counter, message, hmacHex: bytesToHex(block), words: [] };
    steps.push(step);
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    for (let offset = 0; offset + 4 <= block.length; offset += 4) {
      const word = view.getUint32(offset);
      const accepted = word < limit;
      step.words.push({ word, accepted });
      if (accepted) return { listHash, index: word % n, limit, steps };
    }
  }
}

export interface JackpotVerificationInput {
  roundId: number;
  seed: string;
  entries: readonly JackpotEntry[];
  /** What was published; each one given is compared. */
  commitment?: string;
  listHash?: string;
  winnerOrderId?: number | null;
}

export interface JackpotCheck {
  label: string;
  ok: boolean;
  detail: string;
}

export interface JackpotVerification {
  ok: boolean;
  commitment: string;
  draw: JackpotDrawResult;
  winner: JackpotEntry | null;
  checks: JackpotCheck[];
}

/** Recomputes everything from the revealed seed and list and compares it with what was published. */
export async function verifyJackpotDraw(input: JackpotVerificationInput): Promise<JackpotVerification> {
  const commitment = await jackpotCommitment(input.seed, input.roundId);
  const draw = await drawJackpotWinner(input.seed, input.roundId, input.entries);
  const winner = draw.index === null ? null : input.entries[draw.index]!;
  const checks: JackpotCheck[] = [];
  if (input.commitment !== undefined) {
    const published = normalizeHex(input.commitment, '承诺');
    checks.push({
      label: '开奖前公布的承诺 = SHA-256(种子 ‖ "jackpot:" ‖ 期次)',
      ok: published === commitment,
      detail: `计算得 ${commitment}，公布的是 ${published}`,
    });
  }
  if (input.listHash !== undefined) {
    const published = normalizeHex(input.listHash, '名单哈希');
    checks.push({ label: '参与名单哈希', ok: published === draw.listHash, detail: `计算得 ${draw.listHash}，公布的是 ${published}` });
  }
  if (input.winnerOrderId !== undefined) {
    const computed = winner?.orderId ?? null;
    checks.push({
      label: '中奖订单',
      ok: computed === input.winnerOrderId,
      detail: `计算得 ${computed ?? '无人中奖'}，公布的是 ${input.winnerOrderId ?? '无人中奖'}`,
    });
  }
  return { ok: checks.every((c) => c.ok), commitment, draw, winner, checks };
}
