// The weekly ranking float: opens the detail (masked names, clamped amounts, my place, prizes), and
// its × hides it for the rest of the browser session.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WeeklyRankingFloat from '../../src/app/features/weekly-ranking/WeeklyRankingFloat.tsx';
import { SESSION_QUERY_KEY } from '../../src/app/features/session/session-queries.ts';
import { scriptedServer } from './accounts-harness.tsx';

const RANKING = {
  week: '2026-11-23',
  endsAt: '2026-11-29T16:00:00.000Z',
  top: [
    { rank: 1, name: 'ab***9', netWin: 20_000_000_000, prize: 8_880_000 },
    { rank: 2, name: 'cd***1', netWin: 1_234_5678, prize: 0 },
  ],
  me: null,
  prizes: [{ place: 1, amount: 8_880_000 }],
  lastWeek: { week: '2026-11-16', winners: [{ rank: 1, name: 'xy***2', netWin: 500_000, prize: 8_880_000 }] },
};

function renderFloat() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <WeeklyRankingFloat />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  scriptedServer({ 'GET /ajax/weekly-ranking': () => ({ body: RANKING }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WeeklyRankingFloat', () => {
  it('opens the detail with masked names and amounts clamped to 999999.99', async () => {
    renderFloat();
    fireEvent.click(screen.getByTestId('weekly-ranking-open'));
    const top = await screen.findByTestId('weekly-ranking-top');
    expect(top.textContent).toContain('ab***9');
    expect(top.textContent).toContain('¥999999.99');
    expect(top.textContent).toContain('¥1234.56');
    expect(screen.getByTestId('weekly-ranking-prizes').textContent).toContain('第1名 ¥888.00');
    expect(screen.queryByTestId('weekly-ranking-me')).toBeNull();
  });

  it('stays closed for the session once closed', async () => {
    const first = renderFloat();
    fireEvent.click(screen.getByTestId('weekly-ranking-close'));
    expect(screen.queryByTestId('weekly-ranking-float')).toBeNull();
    first.unmount();
    renderFloat();
    await waitFor(() => expect(screen.queryByTestId('weekly-ranking-float')).toBeNull());
  });
});
