// Terminal verifier of provably fair draws (docs/fairness.md). Recomputes a result from the revealed
// seed with the same code as the server and the verification page, prints every step, and exits 0 when
// everything given matches (per-issue commitment SHA-256(seed ‖ 期号), chain link to the previous seed
// or to the anchor, result), 1 otherwise.
//
//   node --import tsx scripts/verify-draw.ts --draw-type UUFFC --issue 202611220001 --seed <hex> \
//     [--commitment <hex>] [--previous-seed <hex>] [--anchor <hex> --chain-position <n>] [--beacon <hex>] \
//     [--result 1,2,3,4,5]
//   node --import tsx scripts/verify-draw.ts --draw-type MKSSC --server-seed <hex> --client-seed <text> \
//     --nonce <n> [--server-seed-hash <hex>] [--result 1,2,3,4,5]
import { parseArgs } from 'node:util';
import {
  DrawInputError,
  describeStep,
  verifyInstantDraw,
  verifyPeriodicDraw,
  type DrawVerification,
} from '../src/shared/draws/index.ts';

const USAGE = `用法：
  周期开奖：node --import tsx scripts/verify-draw.ts --draw-type <彩种> --issue <期号> --seed <种子hex>
            [--commitment <本期承诺hex，即 SHA-256(种子‖期号)>] [--previous-seed <上一期种子hex>]
            [--anchor <哈希链锚点hex> --chain-position <本期在链中的位置n>] [--beacon <信标hex>]
            [--result 1,2,3,4,5]
  秒开：    node --import tsx scripts/verify-draw.ts --draw-type <彩种> --server-seed <服务器种子hex>
            --client-seed <客户端种子> --nonce <n> [--server-seed-hash <hex>] [--result 1,2,3,4,5]
  红包拆分：node --import tsx scripts/verify-draw.ts red-packet --help
  奖池开奖：node --import tsx scripts/verify-draw.ts jackpot --help
退出码：0 = 全部一致；1 = 不一致、缺少可比对的数据或参数有误。
`;

const OPTIONS = {
  'draw-type': { type: 'string' },
  issue: { type: 'string' },
  seed: { type: 'string' },
  commitment: { type: 'string' },
  'previous-seed': { type: 'string' },
  beacon: { type: 'string' },
  anchor: { type: 'string' },
  'chain-position': { type: 'string' },
  'server-seed': { type: 'string' },
  'client-seed': { type: 'string' },
  nonce: { type: 'string' },
  'server-seed-hash': { type: 'string' },
  result: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

class UsageError extends Error {}

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function parseResult(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const numbers = text.split(/[,\s]+/).filter(Boolean).map(Number);
  if (numbers.length === 0 || !numbers.every(Number.isInteger)) throw new UsageError('--result 应为逗号分隔的整数，如 1,2,3,4,5');
  return numbers;
}

function parseNonNegativeInteger(text: string, option: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${option} 应为非负整数`);
  return Number(text);
}

async function verify(values: Values): Promise<DrawVerification> {
  const drawType = values['draw-type'];
  if (!drawType) throw new UsageError('缺少 --draw-type');
  const publishedResult = parseResult(values.result);
  if (values['server-seed'] !== undefined) {
    if (values['client-seed'] === undefined || values.nonce === undefined) {
      throw new UsageError('秒开验证需要 --server-seed、--client-seed 和 --nonce');
    }
    print(`彩种：${drawType}（秒开）`);
    print(`服务器种子：${values['server-seed']}`);
    print(`客户端种子：${values['client-seed']}    随机数（nonce）：${values.nonce}`);
    return verifyInstantDraw({
      drawType,
      serverSeed: values['server-seed'],
      clientSeed: values['client-seed'],
      nonce: parseNonNegativeInteger(values.nonce, '--nonce'),
      serverSeedHash: values['server-seed-hash'],
      publishedResult,
    });
  }
  if (!values.issue || !values.seed) throw new UsageError('周期开奖验证需要 --issue 和 --seed');
  if ((values.anchor === undefined) !== (values['chain-position'] === undefined)) {
    throw new UsageError('--anchor 与 --chain-position 须同时提供');
  }
  print(`彩种：${drawType}    期号：${values.issue}`);
  print(`种子：${values.seed}`);
  print(`信标：${values.beacon ?? '（无）'}`);
  return verifyPeriodicDraw({
    drawType,
    issueNumber: values.issue,
    seed: values.seed,
    beacon: values.beacon,
    commitment: values.commitment,
    previousSeed: values['previous-seed'],
    chainAnchor:
      values.anchor === undefined || values['chain-position'] === undefined
        ? undefined
        : { hash: values.anchor, distance: parseNonNegativeInteger(values['chain-position'], '--chain-position') },
    publishedResult,
  });
}

function report(verification: DrawVerification): void {
  print();
  print('计算步骤：');
  for (const step of verification.steps) print(`  ${describeStep(step)}`);
  print();
  print(`开奖号码（按开出顺序）：${verification.result.join(',')}`);
  if (verification.checks.length > 0) print('核对步骤：');
  for (const [index, check] of verification.checks.entries()) {
    print(`${check.passed ? '✓' : '✗'} ${index + 1}. ${check.title}：${check.description}`);
  }
  print(verification.summary);
}

async function main(): Promise<number> {
  let values: Values;
  try {
    values = parseArgs({ options: OPTIONS, strict: true }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    print(USAGE);
    return 0;
  }
  try {
    const verification = await verify(values);
    report(verification);
    return verification.verdict === 'PASS' ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DrawInputError) {
      process.stderr.write(`错误：${error.message}\n${error instanceof UsageError ? USAGE : ''}`);
      return 1;
    }
    throw error;
  }
}

// Subcommands for the other provably fair draws: red-packet splits and jackpot draws (issue 22).
const SUBCOMMANDS: Record<string, () => Promise<{ main: (args: string[]) => Promise<number> }>> = {
  'red-packet': () => import('./verify/red-packet.ts'),
  jackpot: () => import('./verify/jackpot.ts'),
};
const subcommand = SUBCOMMANDS[process.argv[2] ?? ''];
process.exitCode = subcommand ? await (await subcommand()).main(process.argv.slice(3)) : await main();
