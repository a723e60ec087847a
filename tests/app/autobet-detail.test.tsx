// The autobet detail (root overlay `?autobet=<id>`): entries with their statuses and orders, and
// stopping the entries not placed yet.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutobetDetail } from '../../src/shared/api/autobet.ts';
import { detailOf, renderApp, stubApi, VISITORS, type FakeCall } from './autobet-harness.tsx';

// The overlay is a lazy chunk: its first import transforms a module graph that, on a loaded machine,
// outlasts the waits of the first test.
beforeAll(() => import('../../src/app/features/autobet/AutobetDetailModal.tsx'), 60_000);

let calls: FakeCall[];
let current: AutobetDetail;

beforeEach(() => {
  current = detailOf();
  calls = stubApi((call) => {
    if (call.method === 'GET' && call.url === '/ajax/autobet/7') return { body: current };
    if (call.method === 'PUT' && call.url === '/ajax/autobet/7/stop') {
      current = {
        ...current,
        status: 'USER_CANCELED',
        entries: current.entries.map((e) => (e.status === 'PENDING' ? { ...e, status: 'STOP', note: '玩家停止追号' } : e)),
      };
      return { body: current };
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const entryStatuses = () => screen.getAllByTestId('autobet-entry').map((row) => row.dataset.status);

describe('autobet detail', () => {
  it('shows the plan, progress and every entry with its status', async () => {
    await renderApp(VISITORS.player, { path: '/?autobet=7' });
    const detail = await screen.findByTestId('autobet-detail-view');
    expect(detail.textContent).toContain('锦鲤分分彩');
    expect(detail.textContent).toContain('翻倍追号 · 5 期 · 起始 1 倍，每 1 期 ×2');
    expect(screen.getByTestId('autobet-status').textContent).toBe('进行中');
    expect(screen.getByTestId('autobet-progress').textContent).toBe('2 / 5 期');
    expect(screen.getByTestId('autobet-planned').textContent).toBe('¥62.00');
    expect(entryStatuses()).toEqual(['BET', 'BET', 'PENDING', 'PENDING', 'PENDING']);
    const first = screen.getAllByTestId('autobet-entry')[0]!;
    expect(within(first).getByText('已投注')).toBeTruthy();
    expect(within(first).getByTestId('entry-order').textContent).toBe('待开奖');
  });

  it('opens an entry’s order in the order detail over it', async () => {
    const { router } = await renderApp(VISITORS.player, { path: '/?autobet=7' });
    fireEvent.click((await screen.findAllByTestId('entry-order'))[1]!);
    await waitFor(() => expect(String((router.state.location.search as { order?: unknown }).order)).toBe('102'));
    expect(String((router.state.location.search as { autobet?: unknown }).autobet)).toBe('7');
  });

  it('stops the remaining entries after asking once', async () => {
    await renderApp(VISITORS.player, { path: '/?autobet=7' });
    fireEvent.click(await screen.findByTestId('autobet-stop'));
    expect(screen.getByTestId('autobet-stop-confirm').textContent).toContain('剩余 3 期将不再投注');
    await act(async () => {
      fireEvent.click(screen.getByTestId('autobet-stop-confirm-button'));
    });
    await waitFor(() => expect(entryStatuses()).toEqual(['BET', 'BET', 'STOP', 'STOP', 'STOP']));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/ajax/autobet/7/stop']);
    expect(screen.getByTestId('autobet-status').textContent).toBe('已停止');
    expect(screen.queryByTestId('autobet-stop')).toBeNull();
  });

  it('offers no stop once nothing remains', async () => {
    current = detailOf({ status: 'FINISHED', entries: detailOf().entries.map((e) => ({ ...e, status: 'BET' })) });
    await renderApp(VISITORS.player, { path: '/?autobet=7' });
    await screen.findByTestId('autobet-detail-view');
    expect(screen.queryByTestId('autobet-stop')).toBeNull();
  });

  it('closes back to the page it was opened over', async () => {
    const { router } = await renderApp(VISITORS.player, { path: '/?autobet=7' });
    const dialog = await screen.findByTestId('autobet-detail');
    fireEvent.click(within(dialog.closest('[role="dialog"]') ?? dialog).getByLabelText('关闭'));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('autobet'));
  });

  it('is not shown to a trial player; a visitor gets the login modal', async () => {
    const trial = await renderApp(VISITORS.trial, { path: '/?autobet=7' });
    expect(screen.queryByTestId('autobet-detail')).toBeNull();
    trial.unmount();
    const { router } = await renderApp(VISITORS.anonymous, { path: '/?autobet=7' });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ auth: 'login' }));
    expect(screen.queryByTestId('autobet-detail')).toBeNull();
  });
});
