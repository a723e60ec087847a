// What the 开奖 page lists: every game the operator has enabled in some mode — on any device, since
// looking at results needs no play mode of this one (PC蛋蛋 is played on computers only) — by category
// in the lobby's order, each with its latest result when it has one.
import type { LatestResult, LatestResults } from '../../../shared/api/draws.ts';
import { isHiddenDraw, isOwnGameEnabled, type EnabledGames } from '../../../shared/api/games.ts';
import { CATEGORY_NAMES, DRAW_TYPES, type DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../../shared/catalogue/play-modes.ts';
import { LOTTERY_CATEGORIES } from '../../../shared/enums.ts';

export interface ResultsEntry {
  info: DrawTypeInfo;
  latest: LatestResult | null;
}

export interface ResultsSection {
  /** A lottery category, or DICE. */
  key: string;
  name: string;
  entries: ResultsEntry[];
}

export function isListedGame(config: EnabledGames, info: DrawTypeInfo): boolean {
  if (isHiddenDraw(config, info.code)) return false;
  return allPlayModes(info).some((mode) => isOwnGameEnabled(config, info.product, info.code, mode));
}

export function buildResultsSections(config: EnabledGames, latest: LatestResults | undefined): ResultsSection[] {
  const byType = new Map((latest?.results ?? []).map((r) => [r.drawType, r]));
  const entries = (games: readonly DrawTypeInfo[]) =>
    games.filter((info) => isListedGame(config, info)).map((info) => ({ info, latest: byType.get(info.code) ?? null }));
  const sections: ResultsSection[] = LOTTERY_CATEGORIES.map((category) => ({
    key: category,
    name: CATEGORY_NAMES[category],
    entries: entries(DRAW_TYPES.filter((d) => d.product === 'LOTTERY' && d.category === category)),
  }));
  sections.push({ key: 'DICE', name: '骰宝', entries: entries(DRAW_TYPES.filter((d) => d.product === 'DICE')) });
  return sections.filter((section) => section.entries.length > 0);
}

const TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** Draw times in Beijing time, as the draws are scheduled: "11-22 10:05". */
export function formatDrawTime(epochMs: number): string {
  const parts = Object.fromEntries(TIME.formatToParts(epochMs).map((p) => [p.type, p.value]));
  return `${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
