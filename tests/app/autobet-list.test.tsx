// `/account/autobet/{tab}` (spec §2.1): an overlay for non-trial players listing their autobets per
// tab (lottery or dice), each opening its detail.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailOf, renderApp, stubApi, VISITORS, type FakeCall } from './autobet-harness.tsx';


let calls: FakeCall[];

beforeEach(() => {
  calls = stubApi((call) => {
    const list = /^\/ajax\/autobet\?tab=(lottery|dice)&page=(\d+)$/.exec(call.url);
    if (list) {
      const { entries: _entries, plan: _plan, bets: _bets, ...summary } = detailOf();
      const items = list[1] === 'dice' ? [{ ...summary, autobetId: '9', drawType: 'F1TB', playMode: 'BOARD', status: 'FINISHED' }] : [summary];
      return { body: { items, total: items.length, page: Number(list[2]), pageSize: 20 } };
    }
    if (call.url === '/ajax/autobet/7') return { body: detailOf() };
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('/account/autobet/{tab}', () => {
  it('lists the lottery autobets by default and opens one’s detail', async () => {
    const { router } = await renderApp(VISITORS.player, { path: '/account/autobet' });
    const item = await screen.findByTestId('autobet-item');
    expect(item.textContent).toContain('锦鲤分分彩 · 标准');
    expect(item.textContent).toContain('进行中');
    expect(item.textContent).toContain('进度 2/5 期');
    expect(calls.map((c) => c.url)).toContain('/ajax/autobet?tab=lottery&page=1');
    fireEvent.click(item);
    await screen.findByTestId('autobet-detail-view');
    expect(router.state.location.pathname).toBe('/account/autobet');
    expect(String((router.state.location.search as { autobet?: unknown }).autobet)).toBe('7');
  });

  it('switches to the dice tab', async () => {
    const { router } = await renderApp(VISITORS.player, { path: '/account/autobet/lottery' });
    await screen.findByTestId('autobet-item');
    fireEvent.click(screen.getByRole('tab', { name: '骰宝追号' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/autobet/dice'));
    await waitFor(() => expect(screen.getByTestId('autobet-item').textContent).toContain('已完成'));
    expect(calls.map((c) => c.url)).toContain('/ajax/autobet?tab=dice&page=1');
  });

  it('is not found for trial players and for unknown tabs', async () => {
    const trial = await renderApp(VISITORS.trial, { path: '/account/autobet/lottery' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    trial.unmount();
    await renderApp(VISITORS.player, { path: '/account/autobet/other' });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});
