// Verifies a red packet's split from its revealed seed: the commitment, then the amounts, then each
// published claim against the amount of its position. Shared by the verification page and the command.
import { DrawInputError } from '../draws/draw-input-error.ts';
import { RedPacketSplitError, redPacketCommitment, splitRedPacket, type SplitInput } from './split.ts';

export interface RedPacketVerificationInput extends SplitInput {
  seed: string;
  commitment?: string | null;
  /** Published amounts in claiming order (the k-th claim's award first …), 0.0001 元; may be fewer than count. */
  claimedAmounts?: readonly number[] | null;
}

export interface RedPacketCheck {
  title: string;
  passed: boolean;
  description: string;
}

export interface RedPacketVerification {
  amounts: number[];
  steps: string[];
  checks: RedPacketCheck[];
  verdict: 'PASS' | 'FAIL';
  summary: string;
}

const yuanText = (units: number) => `${(units / 10_000).toFixed(2)} 元`;

/** Throws DrawInputError (Chinese) for a malformed seed or impossible parameters. */
export async function verifyRedPacket(input: RedPacketVerificationInput): Promise<RedPacketVerification> {
  let split;
  try {
    split = await splitRedPacket(input.seed.toLowerCase(), input);
  } catch (error) {
    if (error instanceof RedPacketSplitError) throw new DrawInputError('INVALID_INPUT', error.message);
    throw error;
  }
  const checks: RedPacketCheck[] = [];
  if (input.commitment) {
    const computed = await redPacketCommitment(input.seed.toLowerCase(), input.id);
    const passed = computed === input.commitment.toLowerCase();
    checks.push({
      title: '承诺',
      passed,
      description: passed
        ? `SHA-256(种子 ‖ "red-packet:${input.id}") = ${computed}，与创建时公布的承诺一致`
        : `SHA-256(种子 ‖ "red-packet:${input.id}") = ${computed}，与公布的承诺 ${input.commitment} 不一致`,
    });
  }
  const total = split.amounts.reduce((sum, a) => sum + a, 0);
  checks.push({
    title: '总额',
    passed: total === input.budget,
    description: `${input.count} 份合计 ${yuanText(total)}，红包总额 ${yuanText(input.budget)}`,
  });
  for (const [index, published] of (input.claimedAmounts ?? []).entries()) {
    const expected = split.amounts[index];
    const passed = expected === published;
    checks.push({
      title: `第 ${index + 1} 个领取`,
      passed,
      description: passed
        ? `领到 ${yuanText(published)}，与第 ${index + 1} 份一致`
        : `领到 ${yuanText(published)}，但第 ${index + 1} 份应为 ${expected === undefined ? '（不存在）' : yuanText(expected)}`,
    });
  }
  const passed = checks.every((check) => check.passed);
  const comparable = input.commitment || (input.claimedAmounts?.length ?? 0) > 0;
  return {
    amounts: split.amounts,
    steps: split.steps,
    checks,
    verdict: passed && comparable ? 'PASS' : 'FAIL',
    summary: !comparable ? '没有可比对的承诺或领取记录：只算出了拆分结果。' : passed ? '全部一致：该红包的拆分可验证为公平。' : '存在不一致，请联系客服。',
  };
}
