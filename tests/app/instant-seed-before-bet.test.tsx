// 秒开 bets wait for the seed hash (issue 15, defect 7): the server draws an instant bet only from a
// seed whose hash it has returned, so the page fetches GET /ajax/instant-seed before posting the order;
// when the hash cannot be fetched no order is sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { regularStore } from '../../src/app/features/games/regular/regular-store.ts';
import { json, renderGame, stubApi } from './games-harness.tsx';

const toasts = vi.hoisted(() => ({ error: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', async (original) => ({
  ...(await original<typeof import('../../src/app/lib/notify.ts')>()),
  toastError: (message: string) => toasts.error.push(message),
}));

// The dialogs are lazy chunks: a generous wait, which only catches a hang on a busy machine.
const LOADED = { timeout: 30_000 };

const SEED = { serverSeedHash: 'e'.repeat(64), clientSeed: 'jinli', nextNonce: 0 };

function instantOrder() {
  return {
    order: {
      orderId: '7',
      drawType: 'MKSSC',
      playMode: 'REGULAR',
      issueNumber: '7',
      status: 'LOST',
      betCount: 1,
      totalStake: 20_000,
      payout: 0,
      rebate: 0,
      isAutoBet: false,
      createdAt: Date.now(),
      settledAt: Date.now(),
      cancelledAt: null,
      result: [1, 2, 3, 4, 5],
      bets: [],
      fairness: { ...SEED, nonce: 0, serverSeed: null },
    },
    balance: 9_998 * 10_000,
  };
}

async function betOnce() {
  await screen.findByTestId('selection-panel', {}, LOADED);
  const rows = screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-row');
  for (const row of rows) fireEvent.click(row.querySelector('.jl-pick-options button')!);
  fireEvent.click(screen.getByTestId('add-to-slip'));
  await waitFor(() => expect(screen.getAllByTestId('slip-line')).toHaveLength(1));
  fireEvent.click(screen.getByTestId('slip-bet'));
  fireEvent.click(within(await screen.findByTestId('confirm-order', {}, LOADED)).getByRole('button', { name: '确认投注' }));
}

const isPost = (c: { path: string; init: RequestInit | undefined }) => c.path === '/ajax/orders' && c.init?.method === 'POST';

beforeEach(() => {
  regularStore('MKSSC').set({ draft: null, slip: [], multiplierText: '1' });
  toasts.error.length = 0;
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('秒开: the seed hash before the bet', () => {
  it('fetches the seed hash before it posts an instant order', async () => {
    const api = stubApi((path, init) => {
      if (path === '/ajax/instant-seed') return json(SEED);
      if (path === '/ajax/orders' && init?.method === 'POST') return json(instantOrder());
      return undefined;
    });
    await renderGame(<RegularGamePage drawType="MKSSC" />);
    await betOnce();
    expect(await screen.findByTestId('instant-result', {}, LOADED)).toBeTruthy();
    const firstSeed = api.calls.findIndex((c) => c.path === '/ajax/instant-seed');
    const post = api.calls.findIndex(isPost);
    expect(firstSeed).toBeGreaterThanOrEqual(0);
    expect(firstSeed).toBeLessThan(post);
  });

  it('sends no order when the seed hash cannot be fetched, and says why', async () => {
    const api = stubApi((path, init) => {
      if (path === '/ajax/instant-seed') return json({ code: 'INTERNAL', message: '系统繁忙，请稍后再试' }, 503);
      if (path === '/ajax/orders' && init?.method === 'POST') return json(instantOrder());
      return undefined;
    });
    await renderGame(<RegularGamePage drawType="MKSSC" />);
    await betOnce();
    await waitFor(() => expect(toasts.error).toEqual(['系统繁忙，请稍后再试']), LOADED);
    expect(api.calls.filter(isPost)).toHaveLength(0);
    expect(screen.getAllByTestId('slip-line')).toHaveLength(1);
  });
});
