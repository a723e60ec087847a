// The floating items of spec §2.4 and when each may show. An item appears only once its feature
// registers a component here (the features are later issues); the rule is the spec's.
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { loadWhenOnline } from '../../lib/lazy/lazy-when-online.ts';
import type { VisitorKind } from '../../features/session/use-current-customer.ts';

export type FloatingItemId = 'weeklyRanking' | 'sportsStream' | 'aiChat' | 'customerChat' | 'qqContact' | 'redPacket' | 'jackpotPool' | 'superJackpotWinner';

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

type FloatingModule = { default: ComponentType };

/** Filled by the features that provide a floating item: each item's code, loaded when it first shows. */
export const floatingComponents: Partial<Record<FloatingItemId, () => Promise<FloatingModule>>> = {
  sportsStream: () => import('../../features/third-party/sports/SportsStreamButton.tsx'),
  weeklyRanking: () => import('../../features/weekly-ranking/WeeklyRankingFloat.tsx'),
  aiChat: () => import('../../features/assistant/AssistantFloat.tsx'),
  customerChat: () => import('../../features/customer-service/CustomerChatFloat.tsx'),
  redPacket: () => import('../../features/red-packets/RedPacketFloat.tsx'),
  jackpotPool: () => import('../../features/jackpot/JackpotPoolFloat.tsx'),
  superJackpotWinner: () => import('../../features/jackpot/SuperWinnerPopup.tsx'),
};

export type FloatingItems = Partial<Record<FloatingItemId, ComponentType>>;

/** The items whose code has loaded: a set made of these renders at once, without suspending. */
const ready = new Map<FloatingItemId, ComponentType>();

/** The components of `ids` if all have loaded, else null. */
export function loadedFloatingItems(ids: readonly FloatingItemId[]): FloatingItems | null {
  return ids.every((id) => ready.has(id)) ? Object.fromEntries(ids.map((id) => [id, ready.get(id)!])) : null;
}

const loaded = new Map<string, LazyExoticComponent<ComponentType<{ children: (items: FloatingItems) => ReactNode }>>>();

/**
 * The components of `ids`, all at once: one lazy component per set, so that the column suspends once
 * and renders once, instead of rendering again as each item's code arrives. Its child is a function
 * of the loaded components. Offline, a set waits for the network (lazy-when-online.ts).
 */
export function floatingItemsLoader(ids: readonly FloatingItemId[]): LazyExoticComponent<ComponentType<{ children: (items: FloatingItems) => ReactNode }>> {
  const key = ids.join(',');
  let loader = loaded.get(key);
  if (!loader) {
    loader = lazy(() =>
      Promise.all(ids.map((id) => loadWhenOnline(floatingComponents[id]!))).then((modules) => {
        ids.forEach((id, index) => ready.set(id, modules[index]!.default));
        const items: FloatingItems = Object.fromEntries(ids.map((id, index) => [id, modules[index]!.default]));
        return { default: ({ children }: { children: (items: FloatingItems) => ReactNode }) => children(items) };
      }),
    );
    loaded.set(key, loader);
  }
  return loader;
}

export function visibleFloatingItems(context: FloatingContext, registered: Partial<Record<FloatingItemId, unknown>> = floatingComponents): FloatingItemId[] {
  return FLOATING_ORDER.filter((id) => registered[id] !== undefined && FLOATING_RULES[id](context));
}
