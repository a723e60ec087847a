import { useEffect } from 'react';
import type { PlayMode } from '../../../../shared/enums.ts';
import { RECENT_LIMITS } from '../../../lib/preferences/definitions.ts';
import { preferences } from '../../../lib/preferences/store.ts';

/** Spec §3.4/§9: recent draw types (7) and recent draws with their play mode (4), newest first. */
export function recordVisit(drawType: string, playMode: PlayMode): void {
  const types = preferences.get('recentDrawTypes').filter((code) => code !== drawType);
  preferences.set('recentDrawTypes', [drawType, ...types].slice(0, RECENT_LIMITS.drawTypes));
  const draws = preferences.get('recentDraws').filter((d) => d.drawType !== drawType || d.playMode !== playMode);
  preferences.set('recentDraws', [{ drawType, playMode }, ...draws].slice(0, RECENT_LIMITS.draws));
}

/** Remembers a game page visit of a logged-in player (the lists are cleared at logout). */
export function useRecordVisit(drawType: string, playMode: PlayMode, loggedIn: boolean): void {
  useEffect(() => {
    if (loggedIn) recordVisit(drawType, playMode);
  }, [drawType, playMode, loggedIn]);
}
