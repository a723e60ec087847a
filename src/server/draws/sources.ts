// Where each draw type's results come from, given the configured result feed (FEED_ADAPTER):
//
//   platform  — platform draw types: drawn here from a seed chain committed before sales open.
//   simulated — feed draw types under the built-in simulated feed (the default): drawn here exactly
//               like platform draws (committed, revealed, verifiable, beacon mixed in), but labelled
//               模拟开奖 everywhere and stored with result_source 'simulated'.
//   official  — feed draw types under a real feed (FEED_ADAPTER=http): the official result as the
//               feed publishes it; nothing to commit to.
//   none      — feed draw types with FEED_ADAPTER=none: not offered at all.
import { GAME_CLOSED_MESSAGES } from '../../shared/api/games.ts';
import { DRAW_TYPES, findDrawType, getDrawType } from '../../shared/catalogue/draw-types.ts';
import type { Config } from '../config.ts';
import { errors } from '../http/errors.ts';
import type { FeedAdapter } from './feeds/feed.ts';

export type FeedMode = 'simulated' | 'official' | 'none';
export type DrawSource = 'platform' | 'simulated' | 'official' | 'none';

export function feedModeOfConfig(config: Pick<Config, 'feed'>): FeedMode {
  return config.feed.adapter === 'http' ? 'official' : config.feed.adapter;
}

export function feedModeOf(feed: FeedAdapter): FeedMode {
  return typeof feed === 'string' ? feed : 'official';
}

export function drawSourceOf(drawType: string, mode: FeedMode): DrawSource {
  const info = getDrawType(drawType);
  if (info.source !== 'feed') return 'platform';
  return mode;
}

/**
 * Drawn here from a seed chain committed before sales open: periodic platform draw types, and under
 * the simulated feed every feed draw type that has a result of its own (JSTB reads JSK3's result, so
 * its commitment is JSK3's).
 */
export function isCommittedDraw(drawType: string, mode: FeedMode): boolean {
  const info = getDrawType(drawType);
  if (info.instant || info.resultOf) return false;
  const source = drawSourceOf(drawType, mode);
  return source === 'platform' || source === 'simulated';
}

export function simulatedDrawTypes(mode: FeedMode): string[] {
  return DRAW_TYPES.filter((d) => drawSourceOf(d.code, mode) === 'simulated').map((d) => d.code);
}

/** Draw types this server offers nowhere: no result source (FEED_ADAPTER=none). */
export function hiddenDrawTypes(mode: FeedMode): string[] {
  return DRAW_TYPES.filter((d) => drawSourceOf(d.code, mode) === 'none').map((d) => d.code);
}

/** Refuses a bet or an autobet on a draw type that is not offered, with the spec's closed-game message. */
export function assertDrawTypeOffered(config: Pick<Config, 'feed'>, drawType: string): void {
  const info = findDrawType(drawType);
  if (info && drawSourceOf(info.code, feedModeOfConfig(config)) === 'none') throw errors.conflict(GAME_CLOSED_MESSAGES[info.product]);
}

/** The one line `npm start` prints about the simulated feed. */
export function simulatedFeedNotice(config: Pick<Config, 'feed'>): string {
  const mode = feedModeOfConfig(config);
  if (mode === 'official') return '模拟开奖：无（官方彩种的号码取自 FEED_ADAPTER=http 的官方开奖源）';
  if (mode === 'none') return '模拟开奖：无（FEED_ADAPTER=none：官方彩种均不开售）';
  const names = simulatedDrawTypes(mode).map((code) => getDrawType(code).name);
  return `模拟开奖 ${names.length} 个彩种（号码由平台模拟产生，非官方结果，可验证；FEED_ADAPTER=http 接入官方开奖源，=none 不开售）：${names.join('、')}`;
}
