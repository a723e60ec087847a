// Verification of a drawn result from the revealed seed: recompute it step by step, then compare the
// seed with what was published before sales opened and the result with what was announced.
import { DrawInputError } from '../draw-input-error.ts';
import {
  deriveInstantDraw,
  derivePeriodicDraw,
  type DrawDerivation,
  type InstantDrawInput,
  type PeriodicDrawInput,
} from './derive-draw.ts';
import { commitmentOf, hashRepeatedly } from './hash-chain.ts';
import { normalizeHex } from './hex.ts';

export type VerificationCheckKind = 'COMMITMENT' | 'CHAIN_ANCHOR' | 'RESULT';

export interface VerificationCheck {
  kind: VerificationCheckKind;
  passed: boolean;
  /** What was published. */
  expected: string;
  /** What the revealed inputs give. */
  actual: string;
  /** Chinese, for the verification page. */
  description: string;
}

/** PASS: every check given passed. FAIL: one did not. UNCHECKED: nothing published was given to compare with. */
export type VerificationVerdict = 'PASS' | 'FAIL' | 'UNCHECKED';

export interface DrawVerification extends DrawDerivation {
  checks: VerificationCheck[];
  verdict: VerificationVerdict;
  /** Chinese one-line conclusion. */
  summary: string;
}

export interface PeriodicVerificationInput extends PeriodicDrawInput {
  /** The commitment published for the issue: SHA-256 of its seed (= the previous issue's seed). */
  commitment?: string | undefined;
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
  if (input.commitment !== undefined) checks.push(await commitmentCheck(input.seed, input.commitment, '公布的承诺'));
  if (input.chainAnchor !== undefined) checks.push(await anchorCheck(input.seed, input.chainAnchor));
  if (input.publishedResult !== undefined) checks.push(resultCheck(derivation.result, input.publishedResult));
  return conclude(derivation, checks);
}

export async function verifyInstantDraw(input: InstantVerificationInput): Promise<DrawVerification> {
  const derivation = await deriveInstantDraw(input);
  const checks: VerificationCheck[] = [];
  if (input.serverSeedHash !== undefined) {
    checks.push(await commitmentCheck(input.serverSeed, input.serverSeedHash, '下注前公布的服务器种子哈希'));
  }
  if (input.publishedResult !== undefined) checks.push(resultCheck(derivation.result, input.publishedResult));
  return conclude(derivation, checks);
}

async function commitmentCheck(seed: string, published: string, publishedName: string): Promise<VerificationCheck> {
  const expected = normalizeHex(published, publishedName);
  const actual = await commitmentOf(seed);
  const passed = actual === expected;
  return {
    kind: 'COMMITMENT',
    passed,
    expected,
    actual,
    description: `SHA-256(种子) = ${actual}，与${publishedName}${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

async function anchorCheck(seed: string, anchor: { hash: string; distance: number }): Promise<VerificationCheck> {
  if (!Number.isInteger(anchor.distance) || anchor.distance < 1) {
    throw new DrawInputError('INVALID_INPUT', '种子在哈希链中的位置必须是正整数');
  }
  const expected = normalizeHex(anchor.hash, '哈希链起点');
  const actual = await hashRepeatedly(seed, anchor.distance);
  const passed = actual === expected;
  return {
    kind: 'CHAIN_ANCHOR',
    passed,
    expected,
    actual,
    description: `对种子连续做 ${anchor.distance} 次 SHA-256 得到 ${actual}，与哈希链起点${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

function resultCheck(derived: readonly number[], published: readonly number[]): VerificationCheck {
  const expected = published.join(',');
  const actual = derived.join(',');
  const passed = expected === actual;
  return {
    kind: 'RESULT',
    passed,
    expected,
    actual,
    description: `重新计算的开奖号码 ${actual}（按开出顺序）与公布的开奖号码${passed ? '一致' : ` ${expected} 不一致`}`,
  };
}

function conclude(derivation: DrawDerivation, checks: VerificationCheck[]): DrawVerification {
  const failed = checks.filter((c) => !c.passed);
  if (checks.length === 0) {
    return { ...derivation, checks, verdict: 'UNCHECKED', summary: '已重新计算开奖号码；未提供承诺或开奖号码，无从比对' };
  }
  if (failed.length > 0) {
    const what = failed.map((c) => CHECK_NAMES[c.kind]).join('、');
    return { ...derivation, checks, verdict: 'FAIL', summary: `验证失败：${what}不符` };
  }
  const what = checks.map((c) => CHECK_NAMES[c.kind]).join('、');
  return { ...derivation, checks, verdict: 'PASS', summary: `验证通过：${what}均一致` };
}

const CHECK_NAMES: Record<VerificationCheckKind, string> = {
  COMMITMENT: '种子承诺',
  CHAIN_ANCHOR: '哈希链',
  RESULT: '开奖号码',
};
