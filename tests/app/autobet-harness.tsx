// The app as the autobet tests need it: the real route tree and shell (where the autobet root
// overlays live) for a given visitor, a fake autobet API, and a button standing in for the bet slip.
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { useOpenAutobetScreen, type AutobetRequest } from '../../src/app/features/autobet/index.ts';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { routeTree } from '../../src/routeTree.gen.ts';
import { renderShell } from './shell-harness.tsx';
import type { AutobetDetail } from '../../src/shared/api/autobet.ts';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';

const player: CurrentCustomer = {
  name: 'demo_player',
  alias: '锦鲤玩家',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'NOT_VIP',
  testMode: null,
  firstLogin: false,
  firstLoginContactRequired: false,
  registrationLinkId: null,
  prizeGroup: 1950,
};

export const VISITORS = {
  anonymous: null,
  trial: { ...player, name: 'demo_trial', testMode: 'USER_TEST' },
  player,
} satisfies Record<string, CurrentCustomer | null>;

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: FakeCall) => { status?: number; body: unknown } | undefined;

/** Routes fetches to the handler; anything it does not answer is a 404 with the API's error shape. */
export function stubApi(handler: Handler): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { code: 'NOT_FOUND', message: '不存在' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  vi.stubGlobal(
    'EventSource',
    class {
      readyState = 0;
      onopen = null;
      onerror = null;
      addEventListener() {}
      close() {}
    },
  );
  onlineManager.setOnline(true);
  return calls;
}

export function detailOf(overrides: Partial<AutobetDetail> = {}): AutobetDetail {
  return {
    autobetId: '7',
    drawType: 'UUFFC',
    playMode: 'REGULAR',
    status: 'ONGOING',
    stopOnWin: true,
    issueCount: 5,
    placedCount: 2,
    totalPlanned: 62_0000,
    totalStaked: 6_0000,
    totalPayout: 0,
    createdAt: Date.UTC(2026, 10, 22, 4, 0),
    plan: { kind: 'DOUBLE', issues: 5, multiplier: 1, every: 1, factor: 2 },
    bets: [],
    entries: [1, 2, 3, 4, 5].map((seq) => ({
      seq,
      issueNumber: `20261122070${seq}`,
      multiplier: 2 ** (seq - 1),
      stake: 2 ** seq * 1_0000,
      status: seq <= 2 ? 'BET' : 'PENDING',
      orderId: seq <= 2 ? String(100 + seq) : null,
      orderStatus: seq <= 2 ? 'PENDING' : null,
      payout: 0,
      note: null,
    })),
    ...overrides,
  } as AutobetDetail;
}

export const DWD_REQUEST: AutobetRequest = {
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  bets: [{ methodId: 'DWD', selection: { rows: [[5], [], [], [], []] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 }],
};

function SlipButton({ request }: { request: AutobetRequest }) {
  const open = useOpenAutobetScreen();
  return (
    <button type="button" data-testid="slip-autobet" onClick={() => open(request)}>
      追号
    </button>
  );
}

export async function renderApp(customer: CurrentCustomer | null, options: { path?: string; slip?: AutobetRequest } = {}) {
  const queryClient = createQueryClient();
  setSession(queryClient, customer);
  queryClient.setQueryData(enabledGamesQueryOptions().queryKey, { lotterys: [], dices: [], thirdPartyGameProviders: [] });
  if (customer) queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: 10_000_0000 });
  const slip = options.slip;
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
    context: { queryClient, background: false },
    ...(slip ? { InnerWrap: ({ children }: { children: ReactNode }) => (
      <>
        {children}
        <SlipButton request={slip} />
      </>
    ) } : {}),
  });
  const view = await renderShell(queryClient, router);
  return { ...view, router, queryClient };
}
