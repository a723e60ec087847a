// Pages the app has beyond the spec's route table (tests/app/spec-routes.ts), checked by the same
// access tests. No imports other than the type: the browser tests read it too.
import type { SpecRoute } from './spec-routes.ts';

export const NON_SPEC_ROUTES: SpecRoute[] = [
  // Issue 18: every enabled game's latest result, and one game's history (docs/pwa.md, 开奖).
  { path: '/draw-results', tier: 'public', overlay: false, sample: '/draw-results' },
  { path: '/draw-results/$type', tier: 'public', overlay: false, sample: '/draw-results/UUFFC' },
  // Issue 20: a third-party game opens here in a new tab (spec §7 page navigation; docs/providers/pwa.md).
  { path: '/third-party-game/game', tier: 'loggedIn', overlay: false, sample: '/third-party-game/game?gameProvider=PG&gameCatalog=SLOT_MACHINE' },
  // Issue 21: the customer-service window (spec §7 page navigation; a visitor is asked to log in there),
  // and agent ↔ member chat (docs/messages/agent-chat.md).
  { path: '/customer-service', tier: 'public', overlay: false, sample: '/customer-service?token=&source=1&route=%2F' },
  { path: '/agent/chat', tier: 'agentOnly', overlay: true, sample: '/agent/chat' },
  { path: '/account/chat', tier: 'nonTrial', overlay: true, sample: '/account/chat' },
  // Issue 22: the provably fair red-packet split and jackpot round, verified like draws (docs/fairness.md).
  { path: '/verify/red-packet/$id', tier: 'public', overlay: false, sample: '/verify/red-packet/1' },
  { path: '/verify/jackpot/$id', tier: 'public', overlay: false, sample: '/verify/jackpot/1' },
];
