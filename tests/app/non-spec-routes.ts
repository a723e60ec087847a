// Pages the app has beyond the spec's route table (tests/app/spec-routes.ts), checked by the same
// access tests. No imports other than the type: the browser tests read it too.
import type { SpecRoute } from './spec-routes.ts';

export const NON_SPEC_ROUTES: SpecRoute[] = [
  // Issue 18: every enabled game's latest result, and one game's history (docs/pwa.md, 开奖).
  { path: '/draw-results', tier: 'public', overlay: false, sample: '/draw-results' },
  { path: '/draw-results/$type', tier: 'public', overlay: false, sample: '/draw-results/UUFFC' },
  // Issue 20: a third-party game opens here in a new tab (spec §7 page navigation; docs/providers/pwa.md).
  { path: '/third-party-game/game', tier: 'loggedIn', overlay: false, sample: '/third-party-game/game?gameProvider=PG&gameCatalog=SLOT_MACHINE' },
];
