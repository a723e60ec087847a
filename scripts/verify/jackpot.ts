// `node --import tsx scripts/verify-draw.ts jackpot …`: recomputes a jackpot draw (docs/campaigns/
// jackpot.md) from the revealed seed and the published list, with the same code as the server and the
// verification page; prints every step in Chinese; exit 0 when everything given matches, else 1.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DrawInputError } from '../../src/shared/draws/draw-input-error.ts';
import { JackpotRoundDetailSchema } from '../../src/shared/api/jackpot.ts';
import { verifyJackpotDraw, type JackpotEntry, type JackpotVerificationInput } from '../../src/shared/jackpot/draw.ts';

const USAGE = `用法：
  node --import tsx scripts/verify-draw.ts jackpot --file <期次JSON文件>
      （GET /ajax/jackpot/rounds/{期次} 的返回内容，验证页可下载）
  node --import tsx scripts/verify-draw.ts jackpot --round <期次> --seed <种子hex> --entries <订单号:投注额,…>
      [--commitment <开奖前公布的承诺hex>] [--list-hash <名单哈希hex>] [--winner-order <中奖订单号|none>]
  投注额以 0.0001 元为单位（与接口一致），名单按订单号从小到大。
退出码：0 = 全部一致；1 = 不一致、缺少可比对的数据或参数有误。
`;

const OPTIONS = {
  file: { type: 'string' },
  round: { type: 'string' },
  seed: { type: 'string' },
  entries: { type: 'string' },
  commitment: { type: 'string' },
  'list-hash': { type: 'string' },
  'winner-order': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

function positiveInteger(text: string, what: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) throw new UsageError(`${what}必须是正整数`);
  return Number(text);
}

function parseEntries(text: string): JackpotEntry[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const match = /^\s*(\d+):(\d+)\s*$/.exec(part);
    if (!match) throw new UsageError(`--entries 的格式应为 订单号:投注额，用逗号分隔（无法识别“${part}”）`);
    return { orderId: positiveInteger(match[1]!, '订单号'), stake: Number(match[2]), player: '' };
  });
}

async function inputFromFile(path: string): Promise<JackpotVerificationInput> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new UsageError(`无法读取 ${path}，或其内容不是 JSON`);
  }
  const parsed = JackpotRoundDetailSchema.safeParse(json);
  if (!parsed.success) throw new UsageError('文件内容不是奖池期次的记录');
  const round = parsed.data;
  if (round.seed === null || round.entries === null) throw new UsageError('该期尚未开奖，种子尚未公布，无法验证');
  return { roundId: round.id, seed: round.seed, entries: round.entries, commitment: round.commitment, listHash: round.listHash ?? undefined, winnerOrderId: round.winnerOrderId };
}

function inputFromArgs(values: Record<string, string | boolean | undefined>): JackpotVerificationInput {
  const round = values.round as string | undefined;
  const seed = values.seed as string | undefined;
  const entries = values.entries as string | undefined;
  if (round === undefined || seed === undefined || entries === undefined) throw new UsageError('需要 --file，或 --round、--seed 与 --entries');
  const winner = values['winner-order'] as string | undefined;
  return {
    roundId: positiveInteger(round, '--round'),
    seed,
    entries: parseEntries(entries),
    ...(values.commitment !== undefined ? { commitment: values.commitment as string } : {}),
    ...(values['list-hash'] !== undefined ? { listHash: values['list-hash'] as string } : {}),
    ...(winner !== undefined ? { winnerOrderId: winner === 'none' ? null : positiveInteger(winner, '--winner-order') } : {}),
  };
}

export async function main(args: string[], print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  try {
    const { values } = parseArgs({ args, options: OPTIONS, strict: true });
    if (values.help) {
      print(USAGE);
      return 0;
    }
    const input = values.file !== undefined ? await inputFromFile(values.file) : inputFromArgs(values);
    const result = await verifyJackpotDraw(input);
    print(`奖池期次 ${input.roundId}，参与投注 ${input.entries.length} 笔`);
    print(`1. 承诺 = SHA-256(种子 ‖ "jackpot:${input.roundId}") = ${result.commitment}`);
    print(`2. 名单哈希 = SHA-256(每行“订单号:投注额”，按订单号排序) = ${result.draw.listHash}`);
    if (result.draw.index === null) print('3. 无符合条件的投注：本期无人中奖');
    else {
      print(`3. 抽样上限 = 2^32 − (2^32 mod ${input.entries.length}) = ${result.draw.limit}`);
      for (const step of result.draw.steps) {
        print(`   HMAC-SHA256(种子, "${step.message}") = ${step.hmacHex}`);
        for (const w of step.words) print(`     取 4 字节 ${w.word}${w.accepted ? `，小于上限，采用：${w.word} mod ${input.entries.length} = ${result.draw.index}` : '，不小于上限，舍弃'}`);
      }
      print(`4. 中奖者：名单第 ${result.draw.index + 1} 位，订单 ${result.winner!.orderId}`);
    }
    if (result.checks.length === 0) {
      print('未提供可比对的公布数据（--commitment、--list-hash、--winner-order）：仅给出计算结果');
      return 1;
    }
    for (const check of result.checks) print(`${check.ok ? '✓' : '✗'} ${check.label}：${check.detail}`);
    print(result.ok ? '结论：全部一致，本期开奖可验证' : '结论：不一致');
    return result.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DrawInputError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`错误：${(error as Error).message}\n${USAGE}`);
      return 1;
    }
    throw error;
  }
}
