import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { CapabilityOverridesProvider } from '../../src/app/capabilities/capabilities.tsx';
import { siteConfigQueryOptions } from '../../src/app/features/content/content-queries.ts';
import { enabledGamesQueryOptions } from '../../src/app/features/games/games-queries.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { routeTree } from '../../src/routeTree.gen.ts';
import { renderShell } from './shell-harness.tsx';

const player: CurrentCustomer = {
  name: 'demo_player',
  alias: '一个名字很长很长很长很长的锦鲤玩家',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'VIP_2',
  testMode: null,
  firstLogin: false,
  firstLoginContactRequired: false,
  registrationLinkId: null,
  prizeGroup: 1950,
};
const visitors = {
  anonymous: null,
  trial: { ...player, name: 'demo_trial', alias: '试玩', vipLevel: 'NOT_VIP', testMode: 'USER_TEST' },
  player,
  agent: { ...player, name: 'demo_agent', alias: '代理', type: 'AGENT', vipLevel: 'VIP_1' },
} satisfies Record<string, CurrentCustomer | null>;

const content: Record<string, unknown> = {
  '/ajax/content/announcements': { items: [{ id: 'welcome', title: '锦鲤平台正式上线', publishedAt: '2026-11-21T16:00:00.000Z', pinned: true, html: '<p>欢迎</p>' }] },
  '/content/site.json': { customerService: { qq: null, qqRegistrationId: null }, vipInfoUrl: null },
};

function setPhone(phone: boolean) {
  window.matchMedia = ((query: string) =>
    ({
      matches: phone && query.includes('max-width'),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList) as typeof window.matchMedia;
}

async function renderApp(customer: CurrentCustomer | null, options: { capabilities?: Record<string, boolean>; path?: string } = {}) {
  const queryClient = createQueryClient();
  setSession(queryClient, customer);
  queryClient.setQueryData(enabledGamesQueryOptions().queryKey, { lotterys: [], dices: [], thirdPartyGameProviders: [] });
  if (customer) queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: 1234_5678 });
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
    context: { queryClient, background: false },
  });
  const view = await renderShell(queryClient, router, (app) => (
    <CapabilityOverridesProvider value={options.capabilities ?? {}}>{app}</CapabilityOverridesProvider>
  ));
  return { ...view, router, queryClient };
}

class FakeEventSource {
  static urls: string[] = [];
  readyState = 0;
  onopen = null;
  onerror = null;
  constructor(url: string) {
    FakeEventSource.urls.push(url);
  }
  addEventListener() {}
  close() {
    this.readyState = 2;
  }
}

beforeEach(() => {
  setPhone(false);
  FakeEventSource.urls = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  preferences.reset(['showBalance', 'registrationId', 'darkMode']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url in content
        ? new Response(JSON.stringify(content[url]), { status: 200 })
        : new Response(JSON.stringify({ code: 'NOT_FOUND', message: '不存在' }), { status: 404 }),
    ),
  );
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('header account area (spec §2.3)', () => {
  it('anonymous: login button and theme switch, no balance, no event stream', async () => {
    await renderApp(visitors.anonymous);
    expect(FakeEventSource.urls).toEqual([]);
    const area = screen.getByTestId('account-area');
    expect(area.dataset.visitor).toBe('anonymous');
    expect(within(area).getByTestId('login-button').textContent).toBe('登录');
    expect(within(area).getByTestId('theme-switch')).toBeTruthy();
    expect(within(area).queryByTestId('balance')).toBeNull();
    expect(within(area).queryByTestId('trial-button')).toBeNull();
  });

  it('trial: the 试玩账号 label, balance, login/register and theme switch', async () => {
    await renderApp(visitors.trial);
    const area = screen.getByTestId('account-area');
    expect(area.dataset.visitor).toBe('trial');
    expect(within(area).getByTestId('trial-label').textContent).toBe('试玩账号');
    expect(within(area).getByTestId('balance-amount').textContent).toBe('¥1234.56');
    expect(within(area).getByTestId('login-button')).toBeTruthy();
    expect(within(area).queryByTestId('logout-button')).toBeNull();
  });

  it('real user: VIP_2 badge style, alias truncated at 100 px, balance hide/show, logout with confirm', async () => {
    await renderApp(visitors.player);
    expect(FakeEventSource.urls).toContain('/sse/events');
    const area = screen.getByTestId('account-area');
    const badge = within(area).getByTestId('vip-badge');
    expect(badge.dataset.level).toBe('VIP_2');
    expect(badge.className).toContain('jl-vip2');
    const alias = within(area).getByTestId('account-alias');
    expect(alias.className).toContain('jl-alias');
    expect(alias.getAttribute('title')).toBe(player.alias);
    expect(within(area).getByTestId('balance-amount').textContent).toBe('¥1234.56');
    fireEvent.click(within(area).getByRole('button', { name: '隐藏余额' }));
    expect(within(area).getByTestId('balance-amount').textContent).toBe('******');
    expect(preferences.get('showBalance')).toBe(false);
    fireEvent.click(within(area).getByRole('button', { name: '显示余额' }));
    expect(within(area).getByTestId('balance-amount').textContent).toBe('¥1234.56');
    fireEvent.click(within(area).getByTestId('logout-button'));
    // The confirmation is a lazy chunk: its first import transforms a module tree, slow on a busy host.
    expect(await screen.findByText('确定要退出登录吗？', {}, { timeout: 45_000 })).toBeTruthy();
  }, 60_000);

  it('shows the deposit button only once the deposit page exists, disabled offline with the reason', async () => {
    await renderApp(visitors.player, { capabilities: { '/wallet/deposit': false } });
    expect(screen.queryByTestId('deposit-button')).toBeNull();
    cleanupAndReset();
    await renderApp(visitors.player);
    expect(screen.getByTestId('deposit-button').getAttribute('data-disabled')).toBeNull();
    act(() => onlineManager.setOnline(false));
    const button = screen.getByTestId('deposit-button');
    expect(button.getAttribute('data-disabled')).toBe('true');
    expect(button.getAttribute('title')).toContain('需要联网');
    expect(screen.getByTestId('offline-banner')).toBeTruthy();
    expect(screen.getByTestId('balance-last-known').textContent).toContain('最后已知');
  });

  it('the theme switch toggles dark mode, its preference and the body class', async () => {
    await renderApp(visitors.anonymous);
    fireEvent.click(screen.getByTestId('theme-switch'));
    expect(preferences.get('darkMode')).toBe(true);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(document.body.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByTestId('theme-switch'));
    expect(preferences.get('darkMode')).toBe(false);
  });
});

function cleanupAndReset() {
  document.body.innerHTML = '';
}

describe('bottom navigation and footer (spec §2.4)', () => {
  const bottomLabels = () =>
    within(screen.getByTestId('bottom-nav'))
      .getAllByText(/.+/, { selector: 'span' })
      .map((el) => el.textContent);

  it('shows only entries with a page, per visitor', async () => {
    setPhone(true);
    await renderApp(visitors.anonymous);
    expect(bottomLabels()).toEqual(['大厅', '开奖', '活动', '帮助', '下载']);
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeTruthy();
    expect(within(screen.getByTestId('bottom-nav')).getByText('大厅').closest('a')?.getAttribute('aria-current')).toBe('page');
  });

  it('with every page built, applies the visitor rules', async () => {
    setPhone(true);
    const everything = {
      '/wallet/deposit': true,
      '/wallet/third-party/{-$tab}': true,
      '/wallet/withdrawal/{-$tab}': true,
      '/account/center': true,
      '/agent/team-overview': true,
      '/mail/{-$tab}': true,
      '/campaign/{-$tab}': true,
      '/account/vip': true,
    };
    await renderApp(visitors.agent, { capabilities: everything });
    expect(bottomLabels()).toEqual(['大厅', '开奖', '充值', '转账', '提现', '个人', '代理', '站内信', '活动', '帮助', '下载', 'VIP']);
    cleanupAndReset();
    await renderApp(visitors.trial, { capabilities: everything });
    expect(bottomLabels()).toEqual(['大厅', '开奖', '充值', '转账', '提现', '个人', '活动', '帮助', '下载']);
    fireEvent.click(within(screen.getByTestId('bottom-nav')).getByText('充值'));
    expect(await screen.findByText('试玩账号无法充值，请注册正式账号后再试。')).toBeTruthy();
  });

  it('footer: navigation links, customer service and the jackpot pool button', async () => {
    await renderApp(visitors.player);
    const footer = screen.getByTestId('footer');
    expect(within(footer).getAllByRole('link').map((a) => a.textContent)).toEqual(['大厅', '平台公告', '优惠活动', '站内信', '帮助中心', '下载App']);
    expect(await within(footer).findByTestId('customer-service')).toBeTruthy();
    expect(await within(footer).findByTestId('jackpot-button')).toBeTruthy();
  });
});

describe('login modal (root overlay)', () => {
  it('opens the register mode from 注册/登录 when there is registration data', async () => {
    preferences.set('registrationId', 'demo-reg');
    content['/ajax/registration-link/demo-reg'] = { id: 'demo-reg', recaptchaRequired: false, recaptchaSiteKey: null };
    const { router } = await renderApp(visitors.anonymous);
    const button = await screen.findByText('注册/登录');
    fireEvent.click(button);
    expect(await screen.findByTestId('register-modal')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ auth: 'register' });
  });

  it('falls back to login for ?auth=register without registration data', async () => {
    await renderApp(visitors.anonymous, { path: '/?auth=register' });
    expect(await screen.findByTestId('login-modal')).toBeTruthy();
    expect(screen.queryByTestId('register-modal')).toBeNull();
  });

  it('shows a validation toast instead of calling the server with empty fields', async () => {
    await renderApp(visitors.anonymous, { path: '/?auth=login' });
    const modal = await screen.findByTestId('login-modal');
    fireEvent.click(within(modal).getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名不可以为空')).toBeTruthy();
    expect((fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.some(([url]) => url === '/ajax/login')).toBe(false);
  });
});

// Lazy chunks (the buttons, the notifications package) load slowly on a busy machine: long waits.
describe('customer service (spec §2.4, §7)', () => {
  const siteJson = content['/content/site.json'];
  afterEach(() => {
    content['/content/site.json'] = siteJson;
    preferences.reset(['registrationId']);
  }, 60_000);

  it('QQ variant, switched on by site.json for its registration id: copies the number and says so', async () => {
    content['/content/site.json'] = { customerService: { qq: '800123456', qqRegistrationId: 'qq-reg' }, vipInfoUrl: null };
    preferences.set('registrationId', 'qq-reg');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderApp(visitors.player);
    const button = await within(screen.getByTestId('footer')).findByTestId('customer-service-qq', undefined, { timeout: 15_000 });
    expect(button.textContent).toBe('客服QQ');
    expect(screen.queryByTestId('customer-service')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText('QQ号复制成功', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('800123456');
  }, 60_000);

  it('QQ variant only for its registration id and never for trial players', async () => {
    content['/content/site.json'] = { customerService: { qq: '800123456', qqRegistrationId: 'qq-reg' }, vipInfoUrl: null };
    preferences.set('registrationId', 'other-reg');
    const { queryClient } = await renderApp(visitors.player);
    // Once site.json is in, the variant is decided.
    await waitFor(() => expect(queryClient.getQueryData(siteConfigQueryOptions().queryKey)).toBeTruthy());
    expect(screen.queryByTestId('customer-service-qq')).toBeNull();
    cleanupAndReset();
    preferences.set('registrationId', 'qq-reg');
    const trial = await renderApp(visitors.trial);
    await waitFor(() => expect(trial.queryClient.getQueryData(siteConfigQueryOptions().queryKey)).toBeTruthy());
    expect(screen.queryByTestId('customer-service-qq')).toBeNull();
  }, 60_000);

  it('window variant: line 1, lines 2 and 3 in the hover panel, each with token, source and route', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await renderApp(visitors.player, { capabilities: { customerService: true } });
    const group = await within(screen.getByTestId('footer')).findByTestId('customer-service', undefined, { timeout: 15_000 });
    const first = within(group).getByRole('button', { name: '在线客服1' });
    fireEvent.mouseEnter(first);
    // (The panel fades in: its items count once it is shown.)
    const items = await screen.findAllByRole('menuitem', undefined, { timeout: 15_000 });
    expect(items.map((item) => item.textContent)).toEqual(['在线客服2', '在线客服3']);
    fireEvent.click(items[0]!);
    expect(open).toHaveBeenLastCalledWith('/customer-service?token=demo_player&source=2&route=%2F', 'customer-service', 'width=600,height=600');
    // The plain line-1 button gave way to the menu's, loaded on that first pointing.
    expect(first.isConnected).toBe(false);
    fireEvent.click(within(group).getByRole('button', { name: '在线客服1' }));
    expect(open).toHaveBeenLastCalledWith('/customer-service?token=demo_player&source=1&route=%2F', 'customer-service', 'width=600,height=600');

    cleanupAndReset();
    await renderApp(visitors.player, { capabilities: { customerService: true } });
    fireEvent.mouseEnter(await screen.findByRole('button', { name: '在线客服1' }, { timeout: 15_000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '在线客服3' }, { timeout: 15_000 }));
    expect(open).toHaveBeenLastCalledWith('/customer-service?token=demo_player&source=3&route=%2F', 'customer-service', 'width=600,height=600');
  }, 60_000);

  it('a visitor without a session opens it with an empty token', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await renderApp(visitors.anonymous, { capabilities: { customerService: true } });
    fireEvent.click(await screen.findByRole('button', { name: '在线客服1' }, { timeout: 15_000 }));
    const url = new URL(String(open.mock.lastCall![0]), 'http://x');
    expect([...url.searchParams.keys()]).toEqual(['token', 'source', 'route']);
    expect(url.searchParams.get('token')).toBe('');
  }, 60_000);
});
