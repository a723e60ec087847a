// The floating items of spec §2.4 and when each may show. An item appears only once its feature
// registers a component here (the features are later issues); the rule is the spec's.
import type { ComponentType } from 'react';
import { lazyWhenOnline as lazy } from '../../lib/lazy/lazy-when-online.ts';
import type { VisitorKind } from '../../features/session/use-current-customer.ts';

export type FloatingItemId =
  | 'weeklyRanking'
  | 'sportsStream'
  | 'aiChat'
  | 'customerChat'
  | 'qqContact'
  | 'redPacket'
  | 'jackpotPool'
  | 'superJackpotWinner';

export interface FloatingContext {
  visitor: VisitorKind;
  production: boolean;
  unclaimedRedPackets: number;
  qqReferral: boolean;
}

export const FLOATING_RULES: Record<FloatingItemId, (context: FloatingContext) => boolean> = {
  weeklyRanking: () => true,
  sportsStream: () => true,
  aiChat: (c) => c.visitor !== 'anonymous',
  customerChat: (c) => c.visitor !== 'anonymous',
  qqContact: (c) => c.qqReferral,
  redPacket: (c) => c.unclaimedRedPackets > 0,
  jackpotPool: () => true,
  superJackpotWinner: (c) => !c.production,
};

export const FLOATING_ORDER: readonly FloatingItemId[] = [
  'weeklyRanking',
  'sportsStream',
  'aiChat',
  'customerChat',
  'qqContact',
  'redPacket',
  'jackpotPool',
  'superJackpotWinner',
];

/** Filled by the features that provide a floating item. */
export const floatingComponents: Partial<Record<FloatingItemId, ComponentType>> = {
  sportsStream: lazy(() => import('../../features/third-party/sports/SportsStreamButton.tsx')),
  weeklyRanking: lazy(() => import('../../features/weekly-ranking/WeeklyRankingFloat.tsx')),
  aiChat: lazy(() => import('../../features/assistant/AssistantFloat.tsx')),
  customerChat: lazy(() => import('../../features/customer-service/CustomerChatFloat.tsx')),
  redPacket: lazy(() => import('../../features/red-packets/RedPacketFloat.tsx')),
  jackpotPool: lazy(() => import('../../features/jackpot/JackpotPoolFloat.tsx')),
  superJackpotWinner: lazy(() => import('../../features/jackpot/SuperWinnerPopup.tsx')),
};

export function visibleFloatingItems(
  context: FloatingContext,
  registered: Partial<Record<FloatingItemId, unknown>> = floatingComponents,
): FloatingItemId[] {
  return FLOATING_ORDER.filter((id) => registered[id] !== undefined && FLOATING_RULES[id](context));
}
