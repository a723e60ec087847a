// The reusable result display (also used by the order pages): formats per category, the waiting
// state in the same room, and a countdown that reads the server's clock.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from '../../src/app/components/draw/Countdown.tsx';
import { ResultBalls, shownBallCount } from '../../src/app/components/draw/ResultBalls.tsx';
import { recordServerTime } from '../../src/app/components/draw/server-clock.ts';

const show = (drawType: string, result: number[] | null) =>
  render(
    <MantineProvider>
      <ResultBalls drawType={drawType} result={result} size="sm" />
    </MantineProvider>,
  );

describe('ResultBalls', () => {
  it('labels the result as one image and draws a ball per number', () => {
    show('UUFFC', [1, 2, 3, 4, 5]);
    const image = screen.getByRole('img', { name: '开奖号码 1,2,3,4,5' });
    expect(image.querySelectorAll('.jl-ball')).toHaveLength(5);
    expect(image.dataset.size).toBe('sm');
  });

  it('pads ball numbers, colours 六合彩 by wave and marks the second zone of 双色球', () => {
    show('UUMARK6', [1, 3, 5, 10, 20, 30, 49]);
    const tones = [...screen.getByRole('img').querySelectorAll('.jl-ball')].map((b) => (b as HTMLElement).dataset.tone);
    expect(tones).toEqual(['red', 'blue', 'green', 'blue', 'blue', 'red', 'green']);
    show('UUSSQ', [7, 3, 20, 11, 30, 1, 9]);
    const ssq = screen.getByRole('img', { name: '开奖号码 01,03,07,11,20,30+09' });
    expect([...ssq.querySelectorAll('.jl-ball')].map((b) => (b as HTMLElement).dataset.tone)).toEqual(['red', 'red', 'red', 'red', 'red', 'red', 'blue']);
  });

  it('shows PC蛋蛋 as three digits and their sum, 快3 with 和值', () => {
    const keno = Array.from({ length: 20 }, (_, i) => i * 4 + 1);
    show('UU28', keno);
    expect(screen.getByRole('img').querySelectorAll('.jl-ball')).toHaveLength(3);
    expect(screen.getByRole('img').textContent).toMatch(/= \d+$/);
    show('UUK3', [2, 3, 6]);
    expect(screen.getByRole('img', { name: '开奖号码 2,3,6' }).textContent).toContain('和值 11');
  });

  it('waits with as many placeholders as the result will have', () => {
    for (const [drawType, count] of [['UUFFC', 5], ['P5', 5], ['UU3D', 3], ['UUPK10', 10], ['UUFFKENO', 20], ['UU28', 3], ['UUDLT', 7], ['F1TB', 3]] as const) {
      expect(shownBallCount(drawType), drawType).toBe(count);
    }
    show('UUPK10', null);
    expect(screen.getByRole('img', { name: '等待开奖' }).querySelectorAll('.jl-ball[data-tone="waiting"]')).toHaveLength(10);
  });
});

describe('Countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
    recordServerTime(Date.now(), Date.now(), Date.now());
  });

  it('counts down on the server clock, not the phone clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_800_000_000_000);
    // The phone is 10 minutes slow.
    recordServerTime(1_800_000_600_000, 1_800_000_000_000, 1_800_000_000_000);
    render(<Countdown to={1_800_000_600_000 + 65_000} label="距封盘" />);
    expect(screen.getByRole('timer').textContent).toBe('01:05');
    act(() => {
      vi.advanceTimersByTime(3_100);
    });
    expect(screen.getByRole('timer').textContent).toBe('01:02');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('距封盘 01:02');
  });
});
