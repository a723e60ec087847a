// The agent reports' pieces (issue 19 items 4 and 5): the date presets are Beijing days inside the
// server's three months, the range picker sends ranges the server takes, figures are shown floored
// with the profit's sign, and the roll-up's time is shown in Beijing time.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clampRange, pickerWindow, presetRange } from '../../src/app/features/agent/reports/date-presets.ts';
import { FigureGrid } from '../../src/app/features/agent/reports/FigureGrid.tsx';
import { RangePicker } from '../../src/app/features/agent/reports/RangePicker.tsx';
import type { DateRange } from '../../src/app/features/agent/reports/report-queries.ts';
import { UpdatedAt } from '../../src/app/features/agent/reports/UpdatedAt.tsx';
import { OverviewQuerySchema, ProfitQuerySchema, type Figures } from '../../src/shared/api/agent-reports.ts';
import { renderWithProviders } from './accounts-harness.tsx';

// 2026-03-01 01:30 Beijing = 2026-02-28 17:30 UTC: the Beijing day, not the UTC one, decides.
const NOW = Date.UTC(2026, 1, 28, 17, 30);

describe('date presets', () => {
  it('are Beijing days', () => {
    expect(presetRange('today', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', NOW)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('week', NOW)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('month', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('lastMonth', NOW)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('every preset of today is a range the server accepts', () => {
    for (const preset of ['today', 'yesterday', 'week', 'month', 'lastMonth'] as const) {
      expect(ProfitQuerySchema.safeParse(presetRange(preset)).success).toBe(true);
      expect(OverviewQuerySchema.safeParse(presetRange(preset)).success).toBe(true);
    }
  });

  it('a reversed or too old range is turned into one the server takes', () => {
    const { min, max } = pickerWindow(NOW);
    expect(clampRange({ from: '2026-02-20', to: '2026-02-10' }, NOW)).toEqual({ from: '2026-02-10', to: '2026-02-20' });
    expect(clampRange({ from: '2020-01-01', to: '2030-01-01' }, NOW)).toEqual({ from: min, to: max });
  });
});

describe('RangePicker', () => {
  it('sends a preset, and a typed day together with the other end', () => {
    const sent: DateRange[] = [];
    const today = presetRange('today');
    renderWithProviders(<RangePicker value={today} onChange={(range) => sent.push(range)} />);
    expect(screen.getByRole('button', { name: '今天' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '昨天' }));
    expect(sent).toEqual([presetRange('yesterday')]);
    const yesterday = presetRange('yesterday').from;
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: yesterday } });
    expect(sent[1]).toEqual({ from: yesterday, to: today.to });
  });
});

describe('figures', () => {
  const figures: Figures = {
    bets: 1_234_567_8,
    betCount: 3,
    wins: 5_000_0,
    rebates: 1,
    commission: 0,
    bonuses: 0,
    deposits: 0,
    withdrawals: 0,
    transfersIn: 0,
    transfersOut: 0,
    profit: 5_000_0 + 1 - 1_234_567_8,
  };

  it('are floored to cents with thousands separators; a loss shows its sign', () => {
    renderWithProviders(<FigureGrid figures={figures} prefix="t" />);
    expect(screen.getByTestId('t-bets').textContent).toBe('¥1,234.56');
    expect(screen.getByTestId('t-profit').textContent).toBe('-¥1,229.56');
  });

  it('the roll-up time is shown in Beijing time, or a note before the first run', () => {
    renderWithProviders(<UpdatedAt value="2026-02-28T17:30:05.000Z" />);
    expect(screen.getByTestId('report-updated-at').textContent).toContain('2026-03-01 01:30:05');
  });

  it('says so before the first roll-up', () => {
    renderWithProviders(<UpdatedAt value={null} />);
    expect(screen.getByTestId('report-updated-at').textContent).toBe('统计数据尚未生成，请稍后再看');
  });
});
