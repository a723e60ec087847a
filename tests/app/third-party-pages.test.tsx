// The third-party screens in the real app with a scripted server: the transfer form sends whole 元 with
// an idempotency key and defaults to the §3.4 preference; a trial account gets the trial modal and
// nothing is sent; the third-party statement lists signed records with the page total and turns
// filters into the query; a provider that is not enabled shows spec §8's message.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeTrialRestriction, trialRestriction } from '../../src/app/features/notifications/trial-restriction.ts';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import type { EnabledGames } from '../../src/shared/api/games.ts';
import { fakeServer, PLAYER, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

beforeAll(async () => {
  await Promise.all([
    import('../../src/app/features/third-party/transfer/TransferPage.tsx'),
    import('../../src/app/features/third-party/records/ThirdPartyStatement.tsx'),
    import('../../src/app/features/wallet/statement/TransactionsOverlay.tsx'),
    import('../../src/app/features/third-party/slot/SlotMachinePage.tsx'),
  ]);
}, 60_000);

const wallet = (provider: string, balance: number) => ({ provider, balance, updatedAt: new Date().toISOString(), state: 'OK' });
const ENABLED: EnabledGames = { lotterys: [], dices: [], thirdPartyGameProviders: ['AG', 'PG'] };

let server: FakeServer;
let posted: unknown[];
beforeEach(() => {
  quietBrowser();
  server = fakeServer();
  posted = [];
  server.routes['/ajax/enabled-games'] = () => ({ body: ENABLED });
  server.routes['/ajax/wallet/third-party'] = () => ({ body: { wallets: [wallet('AG', 0), wallet('PG', 50_0000)] } });
  server.routes['/ajax/wallet/third-party/transfers'] = (_url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { provider: string; direction: string; amount: number };
      posted.push(body);
      return { body: { transfer: { id: '1', ...body, status: 'SUCCESS', createdAt: new Date().toISOString(), resolvedAt: null }, mainWallet: 800_0000 } };
    }
    return { body: { items: [], page: 1, totalPages: 1 } };
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  closeTrialRestriction();
  preferences.set('thirdPartyTransferProvider', null);
});

async function openTransfer(customer = PLAYER, path = '/wallet/third-party') {
  const view = await renderApp(customer, path);
  view.queryClient.setQueryData(enabledGamesQueryOptions().queryKey, ENABLED);
  await screen.findAllByTestId('provider-wallet');
  return view;
}

describe('/wallet/third-party', () => {
  it('sends a whole-元 transfer to the preferred provider with an idempotency key', async () => {
    preferences.set('thirdPartyTransferProvider', 'PG');
    await openTransfer();
    const form = screen.getByTestId('transfer-form');
    expect((within(form).getByTestId('transfer-provider') as HTMLSelectElement).value).toBe('PG');
    fireEvent.change(within(form).getByLabelText('转账金额（元）'), { target: { value: '12.5' } });
    fireEvent.click(within(form).getByTestId('transfer-submit'));
    expect(await within(form).findByText('转账金额须为整数元')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(within(form).getByLabelText('转账金额（元）'), { target: { value: '200' } });
    fireEvent.click(within(form).getByTestId('transfer-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ provider: 'PG', direction: 'IN', amount: 200_0000, requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
  });

  it('takes the provider from the tab and refuses more than the provider holds', async () => {
    await openTransfer(PLAYER, '/wallet/third-party/AG');
    const form = screen.getByTestId('transfer-form');
    expect((within(form).getByTestId('transfer-provider') as HTMLSelectElement).value).toBe('AG');
    fireEvent.click(within(form).getByRole('radio', { name: '转回主钱包' }));
    fireEvent.change(within(form).getByLabelText('转账金额（元）'), { target: { value: '1' } });
    fireEvent.click(within(form).getByTestId('transfer-submit'));
    expect(await within(form).findByText('可转余额不足')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('opens the trial modal for a trial account and sends nothing', async () => {
    await openTransfer({ ...PLAYER, testMode: 'USER_TEST' });
    fireEvent.change(screen.getByLabelText('转账金额（元）'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(trialRestriction.get()).toEqual({ operation: '转账' });
    closeTrialRestriction();
    fireEvent.click(screen.getByTestId('recall-all'));
    expect(trialRestriction.get()).toEqual({ operation: '转账' });
    expect(posted).toEqual([]);
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  // Guards the frontend audit: the request key was replaced after any ApiError, and a proxy's 502/504
  // page becomes one, although the transfer may well have gone through behind it: 确认转入 again then
  // moved the money twice. Only a definitive refusal (a 4xx with the server's own body) replaces it.
  it('a 502 from the gateway is no answer: 确认转入 again sends the same request key', async () => {
    server.routes['/ajax/wallet/third-party/transfers'] = (_url, init) => {
      if (init?.method !== 'POST') return { body: { items: [], page: 1, totalPages: 1 } };
      posted.push(JSON.parse(String(init.body)));
      if (posted.length === 1) return { status: 502, body: '<html><body>502 Bad Gateway</body></html>' };
      return {
        body: {
          transfer: { id: '1', provider: 'PG', direction: 'IN', amount: 200_0000, status: 'SUCCESS', createdAt: new Date().toISOString(), resolvedAt: null },
          mainWallet: 800_0000,
        },
      };
    };
    preferences.set('thirdPartyTransferProvider', 'PG');
    await openTransfer();
    const form = screen.getByTestId('transfer-form');
    const submit = within(form).getByTestId('transfer-submit') as HTMLButtonElement;
    fireEvent.change(within(form).getByLabelText('转账金额（元）'), { target: { value: '200' } });
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.change(within(form).getByLabelText('转账金额（元）'), { target: { value: '200' } });
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(2));
    const [first, second] = posted as { requestKey: string }[];
    expect(second!.requestKey).toBe(first!.requestKey);
  });
});

describe('/account/transaction/third-party', () => {
  it('lists signed records with the page total; a filter becomes the query', async () => {
    const at = new Date().toISOString();
    server.routes['/ajax/wallet/third-party/records'] = () => ({
      body: {
        items: [
          { id: 'a', provider: 'PG', type: 'TOTP', amount: -198_0000, gameName: null, createdAt: at },
          { id: 'b', provider: 'PG', type: 'WIN', amount: 3_0000, gameName: '水果派对', createdAt: at },
          { id: 'c', provider: 'PG', type: 'BET', amount: -5_0000, gameName: '水果派对', createdAt: at },
          { id: 'd', provider: 'PG', type: 'TITP', amount: 200_0000, gameName: null, createdAt: at },
        ],
        page: 1,
        totalPages: 1,
      },
    });
    await renderApp(PLAYER, '/account/transaction/third-party');
    const rows = await screen.findAllByTestId('third-party-record');
    expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['TOTP', 'WIN', 'BET', 'TITP']);
    expect(rows[1]!.textContent).toContain('+¥3.00');
    expect(screen.getByTestId('third-party-page-total').textContent).toBe('本页合计 ¥0.00');
    fireEvent.change(screen.getByTestId('filter-type'), { target: { value: 'BET' } });
    await waitFor(() => expect(server.calls.map((c) => c.url)).toContain('/ajax/wallet/third-party/records?type=BET&page=1'));
  });
});

describe('/game/slot-machine', () => {
  it('says third-party games are closed for a provider that is not enabled', async () => {
    const view = await renderApp(PLAYER, '/game/slot-machine/MG');
    view.queryClient.setQueryData(enabledGamesQueryOptions().queryKey, ENABLED);
    expect((await screen.findByTestId('third-party-closed')).textContent).toBe('第三方游戏暂时关闭，请稍后再试');
    expect(server.calls.map((c) => c.url)).not.toContain('/ajax/slot-machine/MG');
  });
});
