// The red packet float and popup (spec §2.4, §4, §9): shown while the list has packets; 立即领取 claims,
// the award stays for 3 s and then the packet (and with the last one the float) is gone; errors are
// toasts; trial accounts never ask for the list; offline, claiming waits for the connection.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimableRedPacket } from '../../src/shared/api/red-packets.ts';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { FloatingArea } from '../../src/app/components/shell/FloatingArea.tsx';
import { AWARD_SHOWN_MS } from '../../src/app/features/red-packets/RedPacketFloat.tsx';
import { toastError } from '../../src/app/lib/notify.ts';
import { json, PLAYER, renderGame, stubApi } from './games-harness.tsx';

vi.mock('../../src/app/lib/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/app/lib/notify.ts')>()),
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
}));

const PACKET: ClaimableRedPacket = { id: 7, title: '周末红包', description: '每人一次', commitment: 'c'.repeat(64), endsAt: new Date(Date.now() + 3_600_000).toISOString() };

function redPacketApi(claimAnswer: () => Response = () => json({ id: 7, award: 123_400, balance: 5_000_000 })) {
  let list = [PACKET];
  return stubApi((path, init) => {
    if (path === '/ajax/red-packet/claimable') return json(list);
    if (path === '/ajax/red-packet/7/claim' && init?.method === 'POST') {
      const answer = claimAnswer();
      if (answer.ok) list = [];
      return answer;
    }
    if (path.startsWith('/ajax/weekly-ranking') || path.startsWith('/ajax/jackpot') || path.startsWith('/ajax/third-party')) return json({}, 404);
    return undefined;
  });
}

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
  vi.mocked(toastError).mockClear();
});

describe('the red packet float', () => {
  it('claims from the popup, shows the award for 3 s, then removes the packet and the float', async () => {
    const api = redPacketApi();
    await renderGame(<FloatingArea />);
    fireEvent.click(await screen.findByTestId('red-packet-float'));
    expect((await screen.findByTestId('red-packet-title')).textContent).toBe('周末红包');
    expect(screen.getByText('每人一次')).toBeTruthy();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('red-packet-claim'));
    expect((await screen.findByTestId('red-packet-award')).textContent).toContain('¥12.34');
    const claim = api.calls.find((c) => c.path === '/ajax/red-packet/7/claim')!;
    expect(JSON.parse(String(claim.init!.body))).toEqual({ depositId: null, missionId: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AWARD_SHOWN_MS - 100);
    });
    expect(screen.getByTestId('red-packet-award')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(screen.queryByTestId('red-packet-award')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('red-packet-float')).toBeNull());
  });

  it('shows a refusal as a toast and refreshes the list', async () => {
    const api = redPacketApi(() => json({ code: 'CONFLICT', message: '红包已被领完' }, 409));
    await renderGame(<FloatingArea />);
    fireEvent.click(await screen.findByTestId('red-packet-float'));
    fireEvent.click(await screen.findByTestId('red-packet-claim'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('红包已被领完'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/ajax/red-packet/claimable').length).toBeGreaterThanOrEqual(2));
  });

  it('never asks for the list for a trial account', async () => {
    const api = redPacketApi();
    const trial: CurrentCustomer = { ...PLAYER, testMode: 'USER_TEST' };
    await renderGame(<FloatingArea />, { customer: trial });
    await act(async () => {});
    expect(api.calls.some((c) => c.path === '/ajax/red-packet/claimable')).toBe(false);
    expect(screen.queryByTestId('red-packet-float')).toBeNull();
  });

  it('offline, keeps the packet but waits for the connection to claim', async () => {
    redPacketApi();
    await renderGame(<FloatingArea />);
    fireEvent.click(await screen.findByTestId('red-packet-float'));
    await screen.findByTestId('red-packet-claim');
    act(() => onlineManager.setOnline(false));
    await waitFor(() => expect((screen.getByTestId('red-packet-claim') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('red-packet-claim').textContent).toBe('联网后才能领取红包');
  });
});
