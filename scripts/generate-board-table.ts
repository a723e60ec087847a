// Writes docs/lottery/board-odds.md: every board bet type with its default odds, rebate and exact
// return to player. `node --import tsx scripts/generate-board-table.ts`; a unit test regenerates the
// text in memory and fails when the committed file differs.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DRAW_TYPES } from '../src/shared/catalogue/draw-types.ts';
import { allPlayModes } from '../src/shared/catalogue/play-modes.ts';
import { openBoard, type Board } from '../src/shared/lottery/board/engine.ts';
import { ODDS_SCALE, formatOdds } from '../src/shared/lottery/board/odds.ts';
import { formatPercent, rational } from '../src/shared/lottery/board/rational.ts';
import { betTypeRtp, type BoardRtpEntry } from '../src/shared/lottery/board/rtp.ts';
import { RULE_DEFINITIONS, ruleKeysOf } from '../src/shared/lottery/board/settings.ts';

export const BOARD_ODDS_TABLE_PATH = fileURLToPath(new URL('../docs/lottery/board-odds.md', import.meta.url));
/** 六合彩 needs a draw date for its zodiac table; odds and RTP do not depend on which animal is 本命. */
const MARK6_DATE = '2026-06-01';

const CATEGORY_TITLES: Record<string, string> = {
  SSC: '时时彩',
  TAKE_5_OF_11: '11选5',
  PK10: 'PK10',
  PC_EGG: 'PC蛋蛋 / 加拿大28',
  MARK6: '六合彩',
  KENO: '快乐8',
  DICE: '骰宝',
};

const percentOfRebate = (rebate: number): string => formatPercent(rational(BigInt(rebate), BigInt(ODDS_SCALE)));

/** "9.7", or "中二 23 / 中三 125" for an entry paid at several levels. */
function oddsText(board: Board, betTypeId: string, entry: BoardRtpEntry): string {
  const paid = board
    .betType(betTypeId)
    .levels(board.env)
    .filter((level) => entry.levels.some((l) => l.key === level.key));
  if (paid.length === 1) return formatOdds(board.oddsOf(betTypeId, paid[0]?.key ?? ''));
  return paid.map((level) => `${level.name} ${formatOdds(board.oddsOf(betTypeId, level.key))}`).join(' / ');
}

/** "01–49" for a run of consecutive numbers, else the labels joined. */
function labelsText(labels: readonly string[]): string {
  const numbers = labels.map(Number);
  const consecutive = labels.every((l) => /^\d+$/.test(l)) && numbers.every((n, i) => i === 0 || n === (numbers[i - 1] as number) + 1);
  return consecutive && labels.length >= 3 ? `${labels[0]}–${labels[labels.length - 1]}` : labels.join('、');
}

function sectionBody(board: Board): string[] {
  const lines = ['| 分组 | 玩法 | 投注项 | 赔率 | 返还率 | 退水 | 含退水 |', '|---|---|---|---|---|---|---|'];
  for (const betType of board.model.betTypes) {
    const rtp = betTypeRtp(board, betType);
    // Items with the same odds and return share a row.
    const rows = new Map<string, { labels: string[]; cells: string[] }>();
    for (const entry of rtp.entries) {
      const cells = [oddsText(board, betType.id, entry), formatPercent(entry.rtp), percentOfRebate(rtp.rebate), formatPercent(entry.rtpWithRebate)];
      const key = cells.join('|');
      const row = rows.get(key) ?? { labels: [], cells };
      row.labels.push(entry.label);
      rows.set(key, row);
    }
    for (const { labels, cells } of rows.values()) {
      lines.push(`| ${betType.group} | ${betType.name} | ${labelsText(labels)} | ${cells.join(' | ')} |`);
    }
  }
  return lines;
}

function rulesText(board: Board): string[] {
  return ruleKeysOf(board.model.category).map((key) => {
    const definition = RULE_DEFINITIONS[key] as { title: string; values: Record<string, string> };
    const value = board.env.rules[key];
    return `- ${definition.title}：${definition.values[value]}（\`${key}: ${value}\`）`;
  });
}

export function renderBoardOddsTable(): string {
  const boards = DRAW_TYPES.filter((info) => allPlayModes(info).includes('BOARD')).map((info) =>
    openBoard(info.code, undefined, MARK6_DATE),
  );
  // Draw types with the same rules and odds share one section.
  const sections = new Map<string, Board[]>();
  for (const board of boards) {
    const key = JSON.stringify([board.model.category, board.env.rules, board.odds, board.rebates, board.limits]);
    sections.set(key, [...(sections.get(key) ?? []), board]);
  }
  const out = [
    '# 信用玩法默认赔率与返还率',
    '',
    '<!-- 由 scripts/generate-board-table.ts 生成，请勿手工修改：node --import tsx scripts/generate-board-table.ts -->',
    '',
    '赔率为含本金的小数赔率（派彩 = 投注额 × 赔率，向下取整到 0.0001 元）。返还率（RTP）按每个玩法读取的开奖结果空间精确枚举，',
    '以分数计算，表中四舍五入到 0.01%；“含退水”另加退水（和局退款不计退水）。连码、连肖、连尾、不中等复式玩法按每一组合计算。',
    '规则设置与赔率的关系、各项取舍见 [board.md](board.md)。改变规则设置时默认赔率随之调整，后台可逐项覆盖赔率、退水与限额。',
    '',
  ];
  for (const group of sections.values()) {
    const board = group[0] as Board;
    out.push(`## ${CATEGORY_TITLES[board.model.category] ?? board.model.category}`, '');
    out.push(`适用彩种：${group.map((b) => `${b.drawType.code} ${b.drawType.name}`).join('、')}`, '');
    out.push('默认规则：', '', ...rulesText(board), '');
    if (board.model.category === 'MARK6') out.push(`生肖按 ${MARK6_DATE} 所在农历年计算；本命肖每年不同，但各玩法赔率与返还率与哪一生肖为本命无关。`, '');
    out.push(...sectionBody(board), '');
  }
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(BOARD_ODDS_TABLE_PATH, renderBoardOddsTable());
}
