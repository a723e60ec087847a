// 我的: the personal centre's links, what a trial account sees, and the header's way there.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerInfo } from '../../src/shared/api/accounts.ts';
import { fakeServer, PLAYER, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

const INFO: CustomerInfo = {
  name: 'demo_player',
  alias: '锦鲤玩家',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'VIP_1',
  testMode: null,
  phone: '138****5678',
  email: null,
  qq: null,
  wechat: null,
  moneyPasswordSet: false,
  registeredAt: Date.UTC(2026, 0, 1),
  lastLoginAt: null,
};

beforeAll(async () => {
  await import('../../src/app/features/accounts/center/AccountCenterPage.tsx');
}, 60_000);

let server: FakeServer;
beforeEach(() => {
  quietBrowser();
  server = fakeServer();
  server.routes['/ajax/customer/info'] = () => ({ body: INFO });
  server.routes['/ajax/customer/sessions'] = () => ({ body: [] });
  server.routes['/ajax/orders'] = () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } });
});
afterEach(() => vi.unstubAllGlobals());

const hubLabels = () => [...screen.getByTestId('account-hub').querySelectorAll('[data-testid^="hub-"]')].map((el) => el.textContent);

describe('the 我的 hub', () => {
  it('links a player to bet records, autobets, mail, the upline chat, security and player protection', async () => {
    await renderApp(PLAYER, '/account/center');
    await screen.findByTestId('account-hub');
    expect(hubLabels()).toEqual(['投注记录', '追号记录', '站内信', '联系上级', '安全设置', '理性娱乐']);
    expect(screen.getByTestId('hub-orders').getAttribute('href')).toBe('/account/order');
    expect(screen.getByTestId('hub-autobets').getAttribute('href')).toBe('/account/autobet');
    // Statements stay with the money shortcuts.
    expect(within(screen.getByTestId('wallet-shortcuts')).getByText('交易记录')).toBeTruthy();
  });

  it('opens the security tab in place, and a record link leads to its page', async () => {
    const { router } = await renderApp(PLAYER, '/account/center');
    await screen.findByTestId('account-hub');
    fireEvent.click(screen.getByTestId('hub-security'));
    expect(await screen.findByRole('tab', { name: '安全设置', selected: true })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('hub-orders')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/order'));
  });

  it('shows a trial account only what spec §6 allows', async () => {
    server.routes['/ajax/customer/info'] = () => ({ body: { ...INFO, testMode: 'USER_TEST', phone: null } });
    await renderApp({ ...PLAYER, testMode: 'USER_TEST' }, '/account/center');
    await screen.findByTestId('account-hub');
    expect(hubLabels()).toEqual(['投注记录', '理性娱乐']);
  });
});

describe('the header leads to the personal centre', () => {
  it('has a 个人中心 entry for a logged-in player', async () => {
    const { router } = await renderApp(PLAYER, '/account/order');
    const entry = (await screen.findAllByText('个人中心')).find((el) => el.closest('[data-testid="account-area"]'));
    const link = entry?.closest('a') ?? null;
    if (link) {
      await act(async () => fireEvent.click(link));
    } else {
      // The phone header folds the entry into the account menu.
      fireEvent.click(screen.getByTestId('account-menu'));
      await act(async () => fireEvent.click(await screen.findByTestId('menu-account-center')));
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/center'));
  });
});
