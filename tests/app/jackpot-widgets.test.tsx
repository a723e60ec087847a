// The jackpot pieces that run without a server: the live hooks (the winner's notice, the super winner
// for the popup), the rolling total's clamp (spec §9), the float's award notice and the super winner
// popup shown only when the server says this is not production.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JackpotSummary } from '../../src/shared/api/jackpot.ts';
import { yuan } from '../../src/shared/money.ts';
import { JACKPOT_TOTAL_QUERY_KEY } from '../../src/app/features/mail/mail-queries.ts';
import JackpotPoolFloat from '../../src/app/features/jackpot/JackpotPoolFloat.tsx';
import { JACKPOT_SUMMARY_QUERY_KEY, jackpotAward, superJackpotWinner } from '../../src/app/features/jackpot/jackpot-stores.ts';
import { onJackpotDistribution, onSuperJackpotWon } from '../../src/app/features/jackpot/live.ts';
import { rollingAmount } from '../../src/app/features/jackpot/RollingTotal.tsx';
import { useDevelopmentWidgets } from '../../src/app/features/jackpot/use-development-widgets.ts';
import SuperWinnerPopup from '../../src/app/features/jackpot/SuperWinnerPopup.tsx';

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  jackpotAward.set(null);
  superJackpotWinner.set(null);
});
afterEach(() => queryClient.clear());

const summary = (development: boolean): JackpotSummary => ({ totalPrize: yuan(1234.5), upcoming: [], recentWinners: [], showDevelopmentWidgets: development });

function wrap(node: ReactNode) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the rolling total', () => {
  it('clamps to 0–999999.99 with 2 decimals', () => {
    expect(rollingAmount(yuan(2_000_000))).toBe('¥999999.99');
    expect(rollingAmount(-5)).toBe('¥0.00');
    expect(rollingAmount(12_345_678)).toBe('¥1234.56');
  });
});

describe('live hooks', () => {
  it('a jackpotDistribution shows the winner their prize in the float', async () => {
    queryClient.setQueryData(JACKPOT_TOTAL_QUERY_KEY, yuan(88));
    queryClient.setQueryData(JACKPOT_SUMMARY_QUERY_KEY, summary(true));
    wrap(<JackpotPoolFloat />);
    expect((await screen.findByTestId('jackpot-pool-float')).textContent).toContain('¥88.00');
    act(() => onJackpotDistribution(queryClient, { type: 'lucky', prize: yuan(12.5) }, '7'));
    expect((await screen.findByTestId('jackpot-award-prize')).textContent).toContain('¥12.50');
    expect(queryClient.getQueryState(JACKPOT_SUMMARY_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('the super winner popup shows outside production only', async () => {
    queryClient.setQueryData(JACKPOT_SUMMARY_QUERY_KEY, summary(false));
    const { unmount } = wrap(<SuperWinnerPopup />);
    act(() => onSuperJackpotWon(queryClient, { winner: 'ab***c', prize: yuan(5000), drawId: 3 }, '8'));
    expect(screen.queryByTestId('super-winner-popup')).toBeNull();
    unmount();
    queryClient.setQueryData(JACKPOT_SUMMARY_QUERY_KEY, summary(true));
    wrap(<SuperWinnerPopup />);
    expect((await screen.findByTestId('super-winner-popup')).textContent).toContain('ab***c');
    expect((screen.getByTestId('super-winner-popup')).textContent).toContain('¥5000.00');
  });

  it('useDevelopmentWidgets follows the server summary in the cache', async () => {
    function Probe() {
      return <span data-testid="probe">{useDevelopmentWidgets() ? 'dev' : 'prod'}</span>;
    }
    wrap(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('prod');
    act(() => queryClient.setQueryData(JACKPOT_SUMMARY_QUERY_KEY, summary(true)));
    expect(screen.getByTestId('probe').textContent).toBe('dev');
  });
});
