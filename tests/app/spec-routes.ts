// The route table of spec §2.1 as the access tests check it: each path pattern (as the router spells
// it), the tier of spec §6 and whether it is an overlay. Routes a later issue has not built yet are
// checked as soon as their file exists.
// No imports: the browser tests (tests/e2e/access.spec.ts, their own TypeScript project) read it too.

/** `AccessTier` of src/shared/api/session.ts, or public. */
export type Tier = 'loggedIn' | 'nonTrial' | 'agentOnly' | 'public';

export interface SpecRoute {
  path: string;
  tier: Tier;
  overlay: boolean;
  /** A concrete URL to visit. */
  sample: string;
}

export const SPEC_ROUTES: SpecRoute[] = [
  { path: '/', tier: 'public', overlay: false, sample: '/' },
  { path: '/announcement/{-$id}', tier: 'public', overlay: true, sample: '/announcement' },
  { path: '/mail/{-$tab}', tier: 'nonTrial', overlay: true, sample: '/mail/received' },
  { path: '/campaign/{-$tab}', tier: 'public', overlay: false, sample: '/campaign' },
  { path: '/campaign-detail/$id', tier: 'public', overlay: true, sample: '/campaign-detail/1' },
  { path: '/help', tier: 'public', overlay: false, sample: '/help' },
  { path: '/help/$', tier: 'public', overlay: false, sample: '/help/terms' },
  { path: '/download', tier: 'public', overlay: true, sample: '/download' },
  { path: '/game/regular/$type', tier: 'public', overlay: false, sample: '/game/regular/CQSSC' },
  { path: '/game/board/$type', tier: 'public', overlay: false, sample: '/game/board/CQSSC' },
  { path: '/game/dice/$type', tier: 'public', overlay: false, sample: '/game/dice/F1TB' },
  { path: '/game/slot-machine/{-$tab}', tier: 'public', overlay: false, sample: '/game/slot-machine/PG' },
  { path: '/game/chart/$type', tier: 'public', overlay: false, sample: '/game/chart/CQSSC' },
  { path: '/account/center', tier: 'loggedIn', overlay: false, sample: '/account/center' },
  { path: '/account/vip', tier: 'nonTrial', overlay: true, sample: '/account/vip' },
  { path: '/account/transaction/{-$tab}', tier: 'loggedIn', overlay: true, sample: '/account/transaction/main-wallet' },
  { path: '/account/order', tier: 'loggedIn', overlay: true, sample: '/account/order' },
  { path: '/account/autobet/{-$tab}', tier: 'nonTrial', overlay: true, sample: '/account/autobet/lottery' },
  { path: '/account/income-config', tier: 'nonTrial', overlay: true, sample: '/account/income-config' },
  ...[
    'manual-creation',
    'link-creation',
    'link-management',
    'team-overview',
    'team-management',
    'team-profit',
    'team-wallet',
    'team-order',
  ].map((page) => ({ path: `/agent/${page}`, tier: 'agentOnly' as const, overlay: true, sample: `/agent/${page}` })),
  { path: '/agent/team-rebate/{-$tab}', tier: 'agentOnly', overlay: true, sample: '/agent/team-rebate/rebate' },
  { path: '/wallet/deposit', tier: 'loggedIn', overlay: true, sample: '/wallet/deposit' },
  { path: '/wallet/deposit-history', tier: 'nonTrial', overlay: false, sample: '/wallet/deposit-history' },
  { path: '/wallet/withdrawal/{-$tab}', tier: 'loggedIn', overlay: false, sample: '/wallet/withdrawal/bank' },
  { path: '/wallet/withdrawal-history', tier: 'nonTrial', overlay: false, sample: '/wallet/withdrawal-history' },
  { path: '/wallet/third-party/{-$tab}', tier: 'loggedIn', overlay: false, sample: '/wallet/third-party' },
  { path: '/wallet/tutorial/alipay-hebao', tier: 'public', overlay: false, sample: '/wallet/tutorial/alipay-hebao' },
  { path: '/usdt/$tab', tier: 'public', overlay: false, sample: '/usdt/register' },
  { path: '/digital-rmb/$tab', tier: 'public', overlay: false, sample: '/digital-rmb/deposit' },
  { path: '/jd-e-card', tier: 'public', overlay: false, sample: '/jd-e-card' },
  { path: '/tiktok-payment', tier: 'public', overlay: false, sample: '/tiktok-payment' },
  { path: '/wechat-life-payment', tier: 'public', overlay: false, sample: '/wechat-life-payment' },
  { path: '/to-pay/$tab', tier: 'public', overlay: false, sample: '/to-pay/install' },
  // Spec §7 page navigations that log the visitor in (docs/pwa.md, accounts).
  { path: '/trial/$id', tier: 'public', overlay: false, sample: '/trial/demo-reg' },
  { path: '/login-token/$token', tier: 'public', overlay: false, sample: '/login-token/x' },
  // Not in the spec's table: the public draw verification pages (docs/pwa.md, docs/fairness.md).
  { path: '/verify/$drawType/$issueNumber', tier: 'public', overlay: false, sample: '/verify/UUFFC/202611220001' },
  { path: '/verify/instant/$orderId', tier: 'public', overlay: false, sample: '/verify/instant/1' },
];
