// The provably fair split of a red packet (docs/campaigns/red-packets.md). The server draws a secret
// 32-byte seed at creation and publishes commitment = SHA-256(seed ‖ "red-packet:" ‖ id); the amounts
// are a pure function of (seed, id, budget, count, rule), so once the seed is revealed anyone can
// recompute them: the server, the verification page in the browser and scripts/verify-draw.ts alike.
//
// Amounts are whole 分 (100 × 0.0001 元). RANDOM, for packets k = 1 … count−1 in turn, with R 分 and
// m packets left: lo = max(min, R − (m−1)·max), hi = min(max, R − (m−1)·min) keep the rest feasible;
// the draw is uniform on [lo, min(hi, max(lo, ⌊2R/m⌋ − lo))] (mean ≈ R/m, "二倍均值"); the last packet
// takes what remains. The amounts are then shuffled (Fisher–Yates), so the order of claiming gives no
// one an advantage. Uniform integers come from the HMAC-SHA256 byte stream of the draws by rejection
// sampling on as many bytes as the range needs.
import { hmacByteStream, type ByteSource } from '../draws/fairness/byte-stream.ts';
import { bytesToHex, seedBytes } from '../draws/fairness/hex.ts';
import { sha256, utf8 } from '../draws/fairness/web-crypto.ts';

export const UNITS_PER_FEN = 100;
export const RED_PACKET_RULES = ['FIXED', 'RANDOM'] as const;
export type RedPacketRule = (typeof RED_PACKET_RULES)[number];
export const RED_PACKET_RULE_LABELS: Record<RedPacketRule, string> = { FIXED: '固定金额', RANDOM: '随机金额' };
export const MAX_RED_PACKET_COUNT = 10_000;

export interface SplitRule {
  rule: RedPacketRule;
  /** RANDOM only: bounds of one packet, 0.0001 元, whole 分. */
  min?: number | null;
  max?: number | null;
}

export interface SplitInput extends SplitRule {
  id: number;
  /** 0.0001 元, whole 分. */
  budget: number;
  count: number;
}

export class RedPacketSplitError extends Error {
  override name = 'RedPacketSplitError';
}

/** Why these parameters cannot be split, in Chinese, or null when they can. */
export function splitProblem(input: Omit<SplitInput, 'id'>): string | null {
  const { budget, count } = input;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_RED_PACKET_COUNT) return `红包个数须为 1–${MAX_RED_PACKET_COUNT} 的整数`;
  if (!Number.isSafeInteger(budget) || budget <= 0 || budget % UNITS_PER_FEN !== 0) return '红包总额须为大于 0 的金额，精确到分';
  if (input.rule === 'FIXED') {
    if (budget % (count * UNITS_PER_FEN) !== 0) return '固定金额红包的总额须能按分平均分给每个红包';
    return null;
  }
  const { min, max } = input;
  if (min == null || max == null) return '随机金额红包须设置单个红包的最小和最大金额';
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min <= 0 || min % UNITS_PER_FEN !== 0 || max % UNITS_PER_FEN !== 0) {
    return '单个红包金额须大于 0，精确到分';
  }
  if (max < min) return '单个红包最大金额不能小于最小金额';
  if (min * count > budget) return '红包总额不足以让每个红包都达到最小金额';
  if (max * count < budget) return '红包总额超过了每个红包最大金额之和';
  return null;
}

/** The hashed message: the 32 seed bytes followed by "red-packet:<id>" in UTF-8. */
export async function redPacketCommitment(seed: string, id: number): Promise<string> {
  const key = seedBytes(seed, '种子');
  const label = utf8(`red-packet:${id}`);
  const message = new Uint8Array(key.length + label.length);
  message.set(key, 0);
  message.set(label, key.length);
  return bytesToHex(await sha256(message));
}

/** The largest range one sample may have: 6 bytes keep every value a safe integer. */
const MAX_RANGE = 2 ** 48;

/** A uniform integer in [0, range) from as many bytes as the range needs, rejecting the biased top. */
async function uniform(bytes: ByteSource, range: number): Promise<number> {
  if (!Number.isSafeInteger(range) || range < 1 || range > MAX_RANGE) throw new RedPacketSplitError(`range ${range} out of bounds`);
  if (range === 1) return 0;
  let width = 1;
  while (256 ** width < range) width++;
  const space = 256 ** width;
  const limit = space - (space % range);
  for (;;) {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + (await bytes.nextByte()).byte;
    if (value < limit) return value % range;
  }
}

export interface SplitResult {
  /** 0.0001 元, in claiming order: the k-th claim gets amounts[k − 1]. */
  amounts: number[];
  /** Chinese description of each step, for the verification page and the terminal. */
  steps: string[];
}

const fen = (units: number) => `${(units / 100).toFixed(2)} 元`;

export async function splitRedPacket(seed: string, input: SplitInput): Promise<SplitResult> {
  const problem = splitProblem(input);
  if (problem) throw new RedPacketSplitError(problem);
  const { budget, count } = input;
  if (input.rule === 'FIXED') {
    const each = budget / count;
    return { amounts: Array.from({ length: count }, () => each), steps: [`固定金额：${fen(budget / UNITS_PER_FEN)} ÷ ${count} = 每个 ${fen(each / UNITS_PER_FEN)}，不使用随机数`] };
  }
  const steps: string[] = [];
  const bytes = await hmacByteStream(seedBytes(seed, '种子'), `red-packet:${input.id}:`, () => {});
  const min = input.min! / UNITS_PER_FEN;
  const max = input.max! / UNITS_PER_FEN;
  let remaining = budget / UNITS_PER_FEN;
  const drawn: number[] = [];
  steps.push(`字节流：HMAC-SHA256(种子, "red-packet:${input.id}:" + 块序号 0,1,2…)，按需取字节，拒绝采样避免取模偏差`);
  for (let left = count; left > 1; left--) {
    const lo = Math.max(min, remaining - (left - 1) * max);
    const hi = Math.min(max, remaining - (left - 1) * min);
    const top = Math.min(hi, Math.max(lo, Math.floor((2 * remaining) / left) - lo));
    const amount = lo + (await uniform(bytes, top - lo + 1));
    steps.push(`第 ${count - left + 1} 份：剩余 ${fen(remaining)}、${left} 份，在 [${fen(lo)}, ${fen(top)}] 中均匀抽取 → ${fen(amount)}`);
    drawn.push(amount);
    remaining -= amount;
  }
  drawn.push(remaining);
  steps.push(`第 ${count} 份：取剩余的 ${fen(remaining)}`);
  for (let i = count - 1; i > 0; i--) {
    const j = await uniform(bytes, i + 1);
    [drawn[i], drawn[j]] = [drawn[j]!, drawn[i]!];
    steps.push(`洗牌：位置 ${i + 1} 与 [1, ${i + 1}] 中抽到的位置 ${j + 1} 交换`);
  }
  return { amounts: drawn.map((a) => a * UNITS_PER_FEN), steps };
}
