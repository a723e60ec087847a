// `node --import tsx scripts/verify-draw.ts red-packet …`: recomputes a red packet's split from its
// revealed seed with the same code as the server and the verification page (docs/campaigns/red-packets.md),
// prints every step in Chinese, and exits 0 when the commitment and every given amount match, 1 otherwise.
import { parseArgs } from 'node:util';
import { DrawInputError } from '../../src/shared/draws/draw-input-error.ts';
import { RED_PACKET_RULES, type RedPacketRule } from '../../src/shared/red-packets/split.ts';
import { verifyRedPacket } from '../../src/shared/red-packets/verify.ts';

const USAGE = `用法：
  node --import tsx scripts/verify-draw.ts red-packet --id <红包编号> --seed <种子hex> --budget <总额，元>
       --count <个数> --rule FIXED|RANDOM [--min <单个最小，元> --max <单个最大，元>]
       [--commitment <创建时公布的承诺hex>] [--amounts <按领取顺序的金额，元，逗号分隔>]
  金额以元为单位，精确到分（如 50 或 12.34）。
退出码：0 = 全部一致；1 = 不一致、缺少可比对的数据或参数有误。
`;

const OPTIONS = {
  id: { type: 'string' },
  seed: { type: 'string' },
  commitment: { type: 'string' },
  budget: { type: 'string' },
  count: { type: 'string' },
  rule: { type: 'string' },
  min: { type: 'string' },
  max: { type: 'string' },
  amounts: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

/** 元 with at most two decimals → 0.0001 元. */
function parseYuanText(text: string, option: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new UsageError(`${option} 应为以元为单位、最多两位小数的金额`);
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(2, '0')) * 100;
}

function parsePositiveInteger(text: string | undefined, option: string): number {
  if (text === undefined) throw new UsageError(`缺少 ${option}`);
  if (!/^[1-9]\d{0,14}$/.test(text)) throw new UsageError(`${option} 应为正整数`);
  return Number(text);
}

export async function main(args: string[], print: (line?: string) => void = (line = '') => process.stdout.write(`${line}\n`)): Promise<number> {
  let values;
  try {
    values = parseArgs({ args, options: OPTIONS, strict: true }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    print(USAGE);
    return 0;
  }
  try {
    const id = parsePositiveInteger(values.id, '--id');
    const count = parsePositiveInteger(values.count, '--count');
    if (!values.seed) throw new UsageError('缺少 --seed');
    if (values.budget === undefined) throw new UsageError('缺少 --budget');
    const rule = values.rule?.toUpperCase() as RedPacketRule | undefined;
    if (!rule || !RED_PACKET_RULES.includes(rule)) throw new UsageError('--rule 应为 FIXED 或 RANDOM');
    const budget = parseYuanText(values.budget, '--budget');
    const min = values.min === undefined ? null : parseYuanText(values.min, '--min');
    const max = values.max === undefined ? null : parseYuanText(values.max, '--max');
    const claimedAmounts = values.amounts?.split(/[,\s]+/).filter(Boolean).map((text) => parseYuanText(text, '--amounts'));
    print(`红包编号：${id}    拆分方式：${rule === 'FIXED' ? '固定金额' : '随机金额'}    个数：${count}    总额：${values.budget} 元`);
    if (rule === 'RANDOM') print(`单个红包范围：${values.min ?? '?'} – ${values.max ?? '?'} 元`);
    print(`种子：${values.seed}`);
    const verification = await verifyRedPacket({ id, seed: values.seed, commitment: values.commitment, budget, count, rule, min, max, claimedAmounts });
    print();
    print('计算步骤：');
    for (const step of verification.steps) print(`  ${step}`);
    print();
    print(`拆分结果（按领取顺序，元）：${verification.amounts.map((a) => (a / 10_000).toFixed(2)).join(',')}`);
    if (verification.checks.length > 0) print('核对步骤：');
    for (const [index, check] of verification.checks.entries()) print(`${check.passed ? '✓' : '✗'} ${index + 1}. ${check.title}：${check.description}`);
    print(verification.summary);
    return verification.verdict === 'PASS' ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DrawInputError) {
      process.stderr.write(`错误：${error.message}\n${error instanceof UsageError ? USAGE : ''}`);
      return 1;
    }
    throw error;
  }
}
