// The two autobet root overlays (spec §2.2) are addressed by search parameters on whatever route is
// showing, like the login modal (`?auth=`) and the order detail (`?order=`):
// - `?autobet=<id>`: the autobet detail;
// - `?autobetFor=<drawType>.<playMode>`: the autobet screen for a play mode. Its bets come from the
//   bet slip through the request store (autobet-request.ts), which survives a reload of the tab.
import type { PlayMode } from '../../../shared/enums.ts';

export interface AutobetSearch {
  /** A number, so the URL reads `?autobet=42` (a string would be written quoted). */
  autobet?: number;
  autobetFor?: string;
}

export interface AutobetTarget {
  drawType: string;
  playMode: PlayMode;
}

const AUTOBET_ID = /^\d{1,15}$/;
const TARGET = /^([A-Z0-9]{2,16})\.(REGULAR|BOARD)$/;

export function validateAutobetSearch(search: Record<string, unknown>): AutobetSearch {
  const result: AutobetSearch = {};
  const id = typeof search.autobet === 'number' ? String(search.autobet) : search.autobet;
  if (typeof id === 'string' && AUTOBET_ID.test(id)) result.autobet = Number(id);
  if (typeof search.autobetFor === 'string' && TARGET.test(search.autobetFor)) result.autobetFor = search.autobetFor;
  return result;
}

export function formatAutobetTarget(target: AutobetTarget): string {
  return `${target.drawType}.${target.playMode}`;
}

export function parseAutobetTarget(value: string): AutobetTarget | null {
  const match = TARGET.exec(value);
  return match ? { drawType: match[1]!, playMode: match[2] as PlayMode } : null;
}
