// Pages the app has beyond the spec's route table (tests/app/spec-routes.ts), checked by the same
// access tests. No imports other than the type: the browser tests read it too.
import type { SpecRoute } from './spec-routes.ts';

export const NON_SPEC_ROUTES: SpecRoute[] = [
  // Issue 18: every enabled game's latest result, and one game's history (docs/pwa.md, 开奖).
  { path: '/draw-results', tier: 'public', overlay: false, sample: '/draw-results' },
  { path: '/draw-results/$type', tier: 'public', overlay: false, sample: '/draw-results/UUFFC' },
];
