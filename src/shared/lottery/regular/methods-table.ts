// Renders docs/lottery/regular-methods.md from the registry: every method with its 注数 formula and
// the prize of each level at prize groups 1800, 1950 and 2000 (fixed official tables for 快乐8, 双色球,
// 大乐透). A test regenerates it and compares with the committed file.
import type { Money } from '../../money.ts';
import { CATEGORY_NAMES } from '../../catalogue/draw-types.ts';
import { getMethod, methodIds } from './engine.ts';
import { prizeTable, prizeVersion } from './pricing.ts';
import { resolveDrawType } from './registry.ts';

/** One draw type per method set, whose methods and prices the table shows. */
export const TABLE_DRAW_TYPES = ['CQSSC', 'FC3D', 'P5', 'GD11X5', 'BJPK10', 'JSK3', 'FCKL8', 'SSQ', 'DLT'] as const;
export const TABLE_PRIZE_GROUPS = [1800, 1950, 2000] as const;

/** 0.0001 元 as a decimal 元 string without trailing zeros (1666.6666, 180000, 4.5). */
export function formatPrize(amount: Money): string {
  const whole = Math.floor(amount / 10_000);
  const fraction = String(amount % 10_000).padStart(4, '0').replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function section(code: string): string[] {
  const info = resolveDrawType(code);
  const lines: string[] = [];
  const fixed = info.category === 'KENO' || info.category === 'SSQ' || info.category === 'DLT';
  lines.push(`## ${CATEGORY_NAMES[info.category]} — ${info.name}（${code}）`, '');
  if (fixed) {
    const version = prizeVersion(code);
    lines.push(`固定奖级（${version.name}，无奖金组）；浮动奖级按运营方配置的固定金额派奖。`, '');
    lines.push('| 玩法组 | 子组 | 玩法 | 代码 | 注数公式 | 奖级 | 中奖条件 | 奖金（元） |', '|---|---|---|---|---|---|---|---|');
  } else {
    lines.push(`| 玩法组 | 子组 | 玩法 | 代码 | 注数公式 | 奖级 | 中奖概率 | ${TABLE_PRIZE_GROUPS.map((g) => `@${g}`).join(' | ')} |`);
    lines.push(`|---|---|---|---|---|---|---|${TABLE_PRIZE_GROUPS.map(() => '---').join('|')}|`);
  }
  for (const id of methodIds(code)) {
    const method = getMethod(code, id);
    const head = [method.group, method.subGroup, method.name, `\`${id}\``, method.betCountFormula];
    const blank = head.map(() => '');
    if (fixed) {
      const prizes = prizeTable(code, id);
      method.levels.forEach((level, i) => {
        const prize = prizes[i]!;
        if (prize.prize === 0 && !prize.floating) return;
        const shown = prize.floating ? `浮动（按 ${formatPrize(prize.prize)}）` : formatPrize(prize.prize);
        const row = [...(i === 0 ? head : blank), prize.name, level.name, shown];
        lines.push(`| ${row.map(cell).join(' | ')} |`);
      });
      continue;
    }
    const tables = TABLE_PRIZE_GROUPS.map((g) => prizeTable(code, id, g));
    method.levels.forEach((level, i) => {
      const row = [...(i === 0 ? head : blank), level.name, `${level.count}/${level.total}`, ...tables.map((t) => formatPrize(t[i]!.prize))];
      lines.push(`| ${row.map(cell).join(' | ')} |`);
    });
  }
  lines.push('');
  return lines;
}

export function renderRegularMethodsTable(): string {
  return [
    '# 官方玩法一览（自动生成）',
    '',
    '由 `scripts/generate-regular-table.ts` 根据引擎的玩法注册表生成，请勿手工修改；测试会重新生成并与本文件比对。',
    '奖金为元模式下一注（2元）的奖金，单位元，按 0.0001 元向下取整：`2 × total / count × G / 2000`。',
    '',
    ...TABLE_DRAW_TYPES.flatMap(section),
  ].join('\n');
}
