import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '../../src/app/features/live/apply-live-event.ts';
import { disconnectLiveStream, liveStream } from '../../src/app/features/live/live-stream.ts';
import { JACKPOT_TOTAL_QUERY_KEY, UNREAD_CHAT_QUERY_KEY, UNREAD_MAIL_QUERY_KEY } from '../../src/app/features/mail/mail-queries.ts';
import { textPopups } from '../../src/app/features/notifications/text-popups.ts';
import { dismissAllSettlementPopups, settlementPopups } from '../../src/app/features/notifications/settlement-popups.ts';
import { jackpotAward } from '../../src/app/features/jackpot/jackpot-stores.ts';
import { logOut } from '../../src/app/features/session/session-actions.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { PreferenceStore } from '../../src/app/lib/preferences/store.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { createStore } from 'idb-keyval';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
  textPopups.set([]);
});

describe('live events into the cache and popups', () => {
  it('balance, unread counts and jackpot total update their queries', () => {
    applyLiveEvent(queryClient, 'balance', { balance: 123_4500 }, '1');
    applyLiveEvent(queryClient, 'unreadMailCount', { count: 3 }, '2');
    applyLiveEvent(queryClient, 'unreadMessageCount', { count: 7, channel: 'SUPPORT' }, '3');
    applyLiveEvent(queryClient, 'totalJackpotPoolPrize', { totalPrize: 99 }, '4');
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toEqual({ balance: 123_4500 });
    expect(queryClient.getQueryData(UNREAD_MAIL_QUERY_KEY)).toBe(3);
    expect(queryClient.getQueryData([...UNREAD_CHAT_QUERY_KEY, 'SUPPORT'])).toBe(7);
    expect(queryClient.getQueryData(JACKPOT_TOTAL_QUERY_KEY)).toBe(99);
  });

  it('queues text popups once per event id', () => {
    applyLiveEvent(queryClient, 'textPopup', { title: '系统消息', content: '维护通知' }, '9');
    applyLiveEvent(queryClient, 'textPopup', { title: '系统消息', content: '维护通知' }, '9');
    expect(textPopups.get()).toEqual([{ id: '9', title: '系统消息', content: '维护通知' }]);
  });

  it('ignores unknown types and payloads that break the contract', () => {
    applyLiveEvent(queryClient, 'balance', { balance: 'lots' }, '1');
    applyLiveEvent(queryClient, 'somethingElse', { balance: 1 }, '2');
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toBeUndefined();
  });
});

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: string, id: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data, lastEventId: id }));
  }
}

describe('resync from the live stream (the tab\'s stream wired to the query cache)', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    disconnectLiveStream();
    vi.unstubAllGlobals();
  });

  it('invalidates every query, user data and the rest', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: 5 });
    queryClient.setQueryData(['content', 'announcements'], []);
    liveStream(queryClient).start();
    const source = FakeEventSource.instances.at(-1)!;
    source.emit('balance', JSON.stringify({ balance: 7 }), '10');
    expect(queryClient.getQueryState(BALANCE_QUERY_KEY)?.isInvalidated).toBe(false);

    source.emit('resync', '{}', '3');
    expect(queryClient.getQueryState(BALANCE_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['content', 'announcements'])?.isInvalidated).toBe(true);
    expect(liveStream(queryClient).lastEventId).toBe('3');
  });
});

describe('one player’s notices after logout', () => {
  // Guards the frontend audit: logOut emptied the user queries but not the in-memory queues, so a
  // queued 系统消息 (a refund of A's order), A's settlement popups and A's jackpot award were shown to
  // whoever used the phone next. followCustomer empties every registered store when the session ends.
  afterEach(() => {
    dismissAllSettlementPopups();
    jackpotAward.set(null);
    vi.unstubAllGlobals();
  });

  it('a queued 系统消息, settlement popups and the award notice are gone once A logs out', async () => {
    const client = createQueryClient();
    const playerA: CurrentCustomer = {
      name: 'player_a',
      alias: 'player_a',
      avatarImage: null,
      birthday: null,
      type: 'PLAYER',
      vipLevel: 'VIP_1',
      testMode: null,
      firstLogin: false,
      firstLoginContactRequired: false,
      registrationLinkId: null,
      prizeGroup: 1950,
    };
    setSession(client, playerA);
    // A's live stream delivered a refund notice, a settled order and a jackpot prize; A logs out before reading them.
    applyLiveEvent(client, 'textPopup', { title: '系统消息', content: '订单 9001 因该期无法开奖已撤单，投注金额已退回' }, '77');
    const settled = {
      orderId: '9002',
      isAutoBet: false,
      drawType: 'UUFFC',
      playMode: 'REGULAR',
      drawNumber: '202611220123',
      drawResult: '1,2,3,4,5',
      winningPrize: 0,
      betProfit: -2_0000,
    };
    applyLiveEvent(client, 'orderSettledPopup', settled, '78');
    jackpotAward.set({ type: 'lucky', prize: 100_0000, eventId: '79' });
    expect(textPopups.get()).toHaveLength(1);
    expect(settlementPopups.get()).toHaveLength(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await logOut(client, new PreferenceStore({ idbStore: () => createStore('live-events-logout', 'p'), storage: null }));
    expect(textPopups.get()).toEqual([]);
    expect(settlementPopups.get()).toEqual([]);
    expect(jackpotAward.get()).toBeNull();
  });
});
