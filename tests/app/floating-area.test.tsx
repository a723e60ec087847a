// The floating column (spec §2.4) folds away on request, for the browser session, keeping only the
// red packet float (it ends when the packets run out).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FloatingArea } from '../../src/app/components/shell/FloatingArea.tsx';
import { json, renderGame, stubApi } from './games-harness.tsx';

const PACKET = { id: 7, title: '周末红包', description: '每人一次', commitment: 'c'.repeat(64), endsAt: new Date(Date.now() + 3_600_000).toISOString() };

function api() {
  return stubApi((path) => {
    if (path === '/ajax/red-packet/claimable') return json([PACKET]);
    if (path === '/ajax/customer-service/unread-count') return json({ count: 0 });
    if (path.startsWith('/ajax/weekly-ranking') || path.startsWith('/ajax/jackpot') || path.startsWith('/ajax/third-party')) return json({}, 404);
    return undefined;
  });
}

afterEach(() => sessionStorage.clear());

describe('the floating column', () => {
  it('folds away all but the red packet, and stays folded for the session', async () => {
    api();
    const view = await renderGame(<FloatingArea />);
    expect(await screen.findByTestId('customer-chat-float')).toBeTruthy();
    expect(await screen.findByTestId('red-packet-float')).toBeTruthy();

    fireEvent.click(screen.getByTestId('floating-toggle'));
    await waitFor(() => expect(screen.queryByTestId('customer-chat-float')).toBeNull());
    expect(screen.getByTestId('red-packet-float')).toBeTruthy();
    expect(screen.getByTestId('floating-toggle').getAttribute('aria-expanded')).toBe('false');

    view.unmount();
    await renderGame(<FloatingArea />);
    expect(await screen.findByTestId('red-packet-float')).toBeTruthy();
    expect(screen.queryByTestId('customer-chat-float')).toBeNull();
    fireEvent.click(screen.getByTestId('floating-toggle'));
    expect(await screen.findByTestId('customer-chat-float')).toBeTruthy();
  });
});
