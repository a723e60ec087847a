// The regular picker's 遗漏冷热 toggle: off by default (the picker as it was, no history asked for),
// remembered when on, and the counts under each number are those of the history the chart reads.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { regularStore } from '../../src/app/features/games/regular/regular-store.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { getMethod } from '../../src/shared/lottery/index.ts';
import { json, renderGame, stubApi } from './games-harness.tsx';

/** Newest first; issue i draws these digits (so expectations can be read off by hand). */
const HISTORY = [
  [1, 2, 3, 4, 5],
  [1, 7, 7, 0, 9],
  [6, 2, 3, 4, 5],
  [9, 9, 9, 9, 9],
];

function results(drawType: string) {
  return HISTORY.map((result, i) => ({
    drawType,
    issueNumber: `20261122${String(100 - i).padStart(4, '0')}`,
    opensAt: 0,
    closesAt: 0,
    drawAt: 0,
    state: 'SETTLED',
    commitment: null,
    result,
    resultSource: 'simulated',
    seed: null,
    beacon: null,
    drawnAt: 0,
    cancelReason: null,
  }));
}

let api: ReturnType<typeof stubApi>;
const historyRequests = () => api.calls.filter((c) => /\/results\?count=/.test(c.path)).map((c) => c.path);

beforeEach(() => {
  regularStore('UUFFC').set({ draft: null, slip: [], multiplierText: '1' });
  regularStore('MKSSC').set({ draft: null, slip: [], multiplierText: '1' });
  preferences.reset(['pickerChartStats', 'chartDrawsCount']);
  onlineManager.setOnline(true);
  api = stubApi((path) => {
    const match = /^\/ajax\/draws\/(\w+)\/results\?count=\d+$/.exec(path);
    return match ? json({ drawType: match[1], results: results(match[1]!) }) : undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function statsOf(rowLabel: string) {
  const row = screen.getByTestId('selection-panel').querySelector(`.jl-pick-row[data-row="${rowLabel}"]`) as HTMLElement;
  return [...row.querySelectorAll('[data-testid="pick-stat"]')].map((s) => `${s.getAttribute('data-omission')}/${s.getAttribute('data-hot')}`);
}

describe('遗漏冷热 under the picker numbers', () => {
  it('is off by default: the numbers alone, and no history asked for', async () => {
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    const toggle = await screen.findByRole('button', { name: '遗漏冷热' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryAllByTestId('pick-stat')).toHaveLength(0);
    expect(screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-cell')).toHaveLength(0);
    expect(historyRequests().filter((p) => !p.endsWith('count=10'))).toEqual([]);
  });

  it('turned on: each number shows the draws since it was last drawn in its position and its hits in the chart count', async () => {
    preferences.set('chartDrawsCount', 30);
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    fireEvent.click(await screen.findByRole('button', { name: '遗漏冷热' }));
    await waitFor(() => expect(screen.getAllByTestId('pick-stat').length).toBeGreaterThan(0));
    expect(preferences.get('pickerChartStats')).toBe(true);
    expect(historyRequests()).toContain('/ajax/draws/UUFFC/results?count=30');
    // 万位 digits newest first: 1, 1, 6, 9. Never-drawn digits have been missing at least the 4 draws loaded.
    expect(statsOf('万位')).toEqual(['4+/0', '0/2', '4+/0', '4+/0', '4+/0', '4+/0', '2/1', '4+/0', '4+/0', '3/1']);
    // 个位: 5, 9, 5, 9.
    expect(statsOf('个位')).toEqual(['4+/0', '4+/0', '4+/0', '4+/0', '4+/0', '0/2', '4+/0', '4+/0', '4+/0', '1/2']);
    expect(screen.getByText(/下为近 30 期开出次数/)).toBeTruthy();
    // Screen readers hear what the numbers under a button are.
    const one = within(screen.getByTestId('selection-panel').querySelector('.jl-pick-row[data-row="万位"]') as HTMLElement).getByRole('button', { name: '1' });
    expect(document.getElementById(one.getAttribute('aria-describedby')!)!.textContent).toBe('遗漏0冷热2');
  });

  it('follows the method: 组三 counts a digit drawn anywhere in the positions the method reads', async () => {
    preferences.set('pickerChartStats', true);
    regularStore('UUFFC').set({ draft: { methodId: 'HZU3', rows: [], text: '', positions: [] }, slip: [], multiplierText: '1' });
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    // 后三 (百十个) newest first: 345, 709, 345, 999.
    await waitFor(() => expect(statsOf('组三')).toHaveLength(10));
    expect(statsOf('组三')).toEqual(['1/1', '4+/0', '4+/0', '0/2', '0/2', '0/2', '4+/0', '1/1', '4+/0', '1/2']);
    expect(getMethod('UUFFC', 'HZU3').layout.rows[0]!.label).toBe('组三');
  });

  it('is not offered where there is no chart (instant draws)', async () => {
    await renderGame(<RegularGamePage drawType="MKSSC" />);
    await screen.findByTestId('selection-panel');
    expect(screen.queryByRole('button', { name: '遗漏冷热' })).toBeNull();
  });
});
