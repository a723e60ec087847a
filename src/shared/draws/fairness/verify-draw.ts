// Verification of a drawn result from the revealed seed, in the order a player would check it:
// (1) the seed matches the commitment published for the issue before its sales opened,
// (2) the seed belongs to the published hash chain (it hashes to the previous issue's revealed seed,
//     or `position` hashes reach the chain's anchor), (3) the result recomputes from it.
import { DrawInputError } from '../draw-input-error.ts';
import {
  deriveInstantDraw,
  derivePeriodicDraw,
  type DrawDerivation,
  type InstantDrawInput,
  type PeriodicDrawInput,
} from './derive-draw.ts';
import { hashRepeatedly, seedHash } from './hash-chain.ts';
import { normalizeHex } from './hex.ts';
import { issueCommitment } from './issue-commitment.ts';

export type VerificationCheckKind = 'COMMITMENT' | 'CHAIN_LINK' | 'CHAIN_ANCHOR' | 'RESULT';

export interface VerificationCheck {
  kind: VerificationCheckKind;
  passed: boolean;
  /** Chinese, names the step ("核对本期承诺" …). */
  title: string;
  /** What was published. */
  expected: string;
  /** What the revealed inputs give. */
  actual: string;
  /** Chinese, for the verification page and the terminal command. */
  description: string;
}

/** PASS: every check given passed. FAIL: one did not. UNCHECKED: nothing published was given to compare with. */
export type VerificationVerdict = 'PASS' | 'FAIL' | 'UNCHECKED';

export interface DrawVerification extends DrawDerivation {
  /** In the order they are made: commitment, chain, result. */
  checks: VerificationCheck[];
  verdict: VerificationVerdict;
  /** Chinese one-line conclusion; names what could not be checked for want of a published value. */
  summary: string;
}

export interface PeriodicVerificationInput extends PeriodicDrawInput {
  /** The commitment logged for the issue before its sales opened: SHA-256(seed ‖ 期号). */
  commitment?: string | undefined;
  /** The seed revealed by the chain's previous issue: SHA-256 of this seed must equal it. */
  previousSeed?: string | undefined;
  /** The chain's published anchor and the issue's position in the chain (seed_i → i hashes). */
  chainAnchor?: { hash: string; distance: number } | undefined;
  /** The announced result, in draw order. */
  publishedResult?: readonly number[] | undefined;
}

export interface InstantVerificationInput extends InstantDrawInput {
  /** SHA-256 of the server seed, shown to the player before the bet. */
  serverSeedHash?: string | undefined;
  publishedResult?: readonly number[] | undefined;
}

export async function verifyPeriodicDraw(input: PeriodicVerificationInput): Promise<DrawVerification> {
  const derivation = await derivePeriodicDraw(input);
  const checks: VerificationCheck[] = [];
  if (input.commitment !== undefined) checks.push(await issueCommitmentCheck(input.seed, input.issueNumber, input.commitment));
  if (input.previousSeed !== undefined) checks.push(await chainLinkCheck(input.seed, input.previousSeed));
  if (input.chainAnchor !== undefined) checks.push(await anchorCheck(input.seed, input.chainAnchor));
  if (input.publishedResult !== undefined) checks.push(resultCheck(derivation.result, input.publishedResult));
  return conclude(derivation, checks, PERIODIC_STEPS);
}

export async function verifyInstantDraw(input: InstantVerificationInput): Promise<DrawVerification> {
  const derivation = await deriveInstantDraw(input);
  const checks: VerificationCheck[] = [];
  if (input.serverSeedHash !== undefined) checks.push(await serverSeedHashCheck(input.serverSeed, input.serverSeedHash));
  if (input.publishedResult !== undefined) checks.push(resultCheck(derivation.result, input.publishedResult));
  return conclude(derivation, checks, INSTANT_STEPS);
}

async function issueCommitmentCheck(seed: string, issueNumber: string, published: string): Promise<VerificationCheck> {
  const expected = normalizeHex(published, '本期承诺');
  const actual = await issueCommitment(seed, issueNumber);
  const passed = actual === expected;
  return {
    kind: 'COMMITMENT',
    passed,
    title: '核对本期承诺',
    expected,
    actual,
    description: `SHA-256(种子 ‖ 期号 "${issueNumber}") = ${actual}，与开售前公布的本期承诺${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

async function serverSeedHashCheck(serverSeed: string, published: string): Promise<VerificationCheck> {
  const expected = normalizeHex(published, '服务器种子哈希');
  const actual = await seedHash(serverSeed);
  const passed = actual === expected;
  return {
    kind: 'COMMITMENT',
    passed,
    title: '核对服务器种子哈希',
    expected,
    actual,
    description: `SHA-256(服务器种子) = ${actual}，与下注前公布的服务器种子哈希${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

async function chainLinkCheck(seed: string, previousSeed: string): Promise<VerificationCheck> {
  const expected = normalizeHex(previousSeed, '上一期种子');
  const actual = await seedHash(seed);
  const passed = actual === expected;
  return {
    kind: 'CHAIN_LINK',
    passed,
    title: '核对哈希链（上一期种子）',
    expected,
    actual,
    description: `SHA-256(种子) = ${actual}，与哈希链上一期开奖后公开的种子${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

async function anchorCheck(seed: string, anchor: { hash: string; distance: number }): Promise<VerificationCheck> {
  if (!Number.isInteger(anchor.distance) || anchor.distance < 1) {
    throw new DrawInputError('INVALID_INPUT', '本期在哈希链中的位置必须是正整数');
  }
  const expected = normalizeHex(anchor.hash, '哈希链锚点');
  const actual = await hashRepeatedly(seed, anchor.distance);
  const passed = actual === expected;
  return {
    kind: 'CHAIN_ANCHOR',
    passed,
    title: '核对哈希链（锚点）',
    expected,
    actual,
    description: `对种子连续做 ${anchor.distance} 次 SHA-256 得到 ${actual}，与事先公布的哈希链锚点${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

function resultCheck(derived: readonly number[], published: readonly number[]): VerificationCheck {
  const expected = published.join(',');
  const actual = derived.join(',');
  const passed = expected === actual;
  return {
    kind: 'RESULT',
    passed,
    title: '重新计算开奖号码',
    expected,
    actual,
    description: `重新计算的开奖号码 ${actual}（按开出顺序）与公布的开奖号码${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

/** What a complete verification checks, by Chinese name, and the kinds that count for it. */
interface Step {
  name: string;
  kinds: readonly VerificationCheckKind[];
}

const PERIODIC_STEPS: readonly Step[] = [
  { name: '种子承诺', kinds: ['COMMITMENT'] },
  { name: '哈希链', kinds: ['CHAIN_LINK', 'CHAIN_ANCHOR'] },
  { name: '开奖号码', kinds: ['RESULT'] },
];
const INSTANT_STEPS: readonly Step[] = [
  { name: '种子承诺', kinds: ['COMMITMENT'] },
  { name: '开奖号码', kinds: ['RESULT'] },
];

function conclude(derivation: DrawDerivation, checks: VerificationCheck[], steps: readonly Step[]): DrawVerification {
  const made = steps.filter((step) => checks.some((c) => step.kinds.includes(c.kind)));
  const missing = steps.filter((step) => !made.includes(step)).map((step) => step.name);
  const failed = made.filter((step) => checks.some((c) => step.kinds.includes(c.kind) && !c.passed)).map((s) => s.name);
  if (checks.length === 0) {
    return { ...derivation, checks, verdict: 'UNCHECKED', summary: '已重新计算开奖号码；未提供承诺或开奖号码，无从比对' };
  }
  const notChecked = missing.length > 0 ? `（未提供数据，未核对：${missing.join('、')}）` : '';
  if (failed.length > 0) return { ...derivation, checks, verdict: 'FAIL', summary: `验证失败：${failed.join('、')}不符${notChecked}` };
  const names = made.map((s) => s.name).join('、');
  return { ...derivation, checks, verdict: 'PASS', summary: `验证通过：${names}均一致${notChecked}` };
}
