// The issue clock: phases on the server's clock, when to ask the server again, the countdown text,
// and the small rules behind the bet controls.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '../../src/app/features/live/apply-live-event.ts';
import type { CurrentDraw, Issue } from '../../src/shared/api/draws.ts';
import { formatRemaining } from '../../src/app/components/draw/Countdown.tsx';
import { recordServerTime, serverNow } from '../../src/app/components/draw/server-clock.ts';
import { checkAmount, chipLabel, chipValues } from '../../src/app/features/games/board/chips.ts';
import { clampPrizeGroup, prizeGroupRange, rebatePercent } from '../../src/app/features/games/common/prize-group.ts';
import { awaitingResult, drawQueryKeys, nextRefreshDelay } from '../../src/app/features/games/draws/draw-queries.ts';
import { issuePhase, salesBlockedReason } from '../../src/app/features/games/draws/use-draw-issue.ts';
import { checkMultiplier, withRecentMultiplier } from '../../src/app/features/games/regular/multiplier.ts';

const T = 1_800_000_000_000;
const issue = (n: number, state: Issue['state'] = 'OPEN'): Issue => ({
  drawType: 'UUFFC',
  issueNumber: String(n),
  opensAt: T + (n - 1) * 60_000,
  closesAt: T + (n - 1) * 60_000 + 30_000,
  drawAt: T + n * 60_000,
  state,
  commitment: null,
});
const drawn = (n: number) => ({ ...issue(n, 'DRAWN'), result: [1, 2, 3, 4, 5], resultSource: 'platform', seed: null, beacon: null, drawnAt: T + n * 60_000, cancelReason: null });
const draw = (current: Issue | null, latest: number | null, next: Issue | null = current ? issue(Number(current.issueNumber) + 1, 'SCHEDULED') : null): CurrentDraw => ({
  serverTime: T,
  current,
  next,
  latest: latest === null ? null : drawn(latest),
});

describe('issue phases on the server clock', () => {
  it('upcoming before opening, open until closing, closed after', () => {
    const i = issue(2);
    expect(issuePhase(i, Math.floor((i.opensAt - 1) / 1000))).toBe('upcoming');
    expect(issuePhase({ ...i, state: 'SCHEDULED' }, i.opensAt / 1000)).toBe('upcoming');
    expect(issuePhase(i, i.opensAt / 1000)).toBe('open');
    expect(issuePhase(i, i.closesAt / 1000 - 1)).toBe('open');
    expect(issuePhase(i, i.closesAt / 1000)).toBe('closed');
    expect(issuePhase(null, 0)).toBe('none');
  });

  it('names why a bet must wait', () => {
    expect(salesBlockedReason({ phase: 'closed', issue: issue(7), latest: null, drawing: null })).toBe('第 7 期已截止投注');
    expect(salesBlockedReason({ phase: 'upcoming', issue: issue(8), latest: null, drawing: null })).toBe('第 8 期尚未开售');
    expect(salesBlockedReason({ phase: 'open', issue: issue(8), latest: null, drawing: null })).toBeNull();
    expect(salesBlockedReason({ phase: 'instant', issue: null, latest: null, drawing: null })).toBeNull();
  });
});

describe('when the issue bar asks the server again', () => {
  it('at the closing of the issue on sale', () => {
    const d = draw(issue(2), 1);
    expect(awaitingResult(d)).toBe(false);
    expect(nextRefreshDelay(d, T + 60_000 + 10_000)).toBe(20_000 + 300);
  });

  it('at the opening of an issue not on sale yet', () => {
    expect(nextRefreshDelay(draw(issue(2, 'SCHEDULED'), 1), T + 45_000)).toBe(15_000 + 300);
  });

  it('at the draw time of the issue that closed, then every 2 s until its result is in', () => {
    const d = draw(issue(3, 'SCHEDULED'), 1);
    expect(awaitingResult(d)).toBe(true);
    expect(nextRefreshDelay(d, T + 100_000)).toBe(20_000 + 300);
    expect(nextRefreshDelay(d, T + 121_000)).toBe(2_000 + 300);
    expect(nextRefreshDelay(d, T + 121_000 + 90_000)).toBe(15_000 + 300);
  });

  it('never for instant draws; slowly when nothing is scheduled', () => {
    expect(nextRefreshDelay({ serverTime: T, current: null, next: null, latest: null }, T)).toBe(false);
    expect(nextRefreshDelay(draw(null, 5, null), T)).toBe(15_000);
    expect(nextRefreshDelay(undefined, T)).toBe(false);
  });
});

describe('server clock and countdown', () => {
  it('takes the server time at the middle of the request', () => {
    const before = Date.now();
    recordServerTime(before + 3_600_000 + 50, before - 100, before + 100);
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(3_600_000 + 49);
    expect(serverNow() - Date.now()).toBeLessThanOrEqual(3_600_000 + 51);
    recordServerTime(Date.now(), Date.now(), Date.now());
  });

  it('formats mm:ss, hh:mm:ss from an hour, N天 hh:mm:ss from a day, never negative', () => {
    expect(formatRemaining(65)).toBe('01:05');
    expect(formatRemaining(3_600 * 26 + 61)).toBe('1天 02:01:01');
    expect(formatRemaining(-3)).toBe('00:00');
  });
});

describe('bet control rules', () => {
  it('multipliers: > 0, < 100000 (spec §9), whole, within the method maximum; recent list of 5', () => {
    expect(checkMultiplier('0', 10_000)).toEqual({ ok: false, message: '倍数必须大于 0 且小于 100000' });
    expect(checkMultiplier('100000', 1_000_000)).toEqual({ ok: false, message: '倍数必须大于 0 且小于 100000' });
    expect(checkMultiplier('1.5', 10_000)).toEqual({ ok: false, message: '倍数必须为正整数' });
    expect(checkMultiplier('10001', 10_000)).toEqual({ ok: false, message: '倍数不能超过 10000' });
    expect(checkMultiplier(' 25 ', 10_000)).toEqual({ ok: true, value: 25 });
    expect(withRecentMultiplier([5, 2, 9, 1, 3], 9, 5)).toEqual([9, 5, 2, 1, 3]);
    expect(withRecentMultiplier([5, 2, 9, 1, 3], 7, 5)).toEqual([7, 5, 2, 9, 1]);
  });

  it('prize slider: the method range capped at the player group; rebate (G − g) / 2000', () => {
    expect(prizeGroupRange({ min: 1700, max: 1960 }, 1950)).toEqual({ min: 1700, max: 1950 });
    expect(prizeGroupRange({ min: 1700, max: 1800 }, 1950)).toEqual({ min: 1700, max: 1800 });
    expect(clampPrizeGroup(undefined, { min: 1700, max: 1950 })).toBe(1950);
    expect(clampPrizeGroup(1500, { min: 1700, max: 1950 })).toBe(1700);
    expect(rebatePercent(1950, 1700)).toBe('12.50%');
    expect(rebatePercent(1950, 1949)).toBe('0.05%');
    expect(rebatePercent(1950, 1950)).toBe('0.00%');
  });

  it('chips and amounts', () => {
    expect(chipValues([null, 20, null, null, 30000])).toEqual([10, 20, 100, 500, 30000]);
    expect(chipLabel(30000)).toBe('3万');
    expect(checkAmount('')).toEqual({ ok: false, message: '请输入每注金额' });
    expect(checkAmount('12.5')).toEqual({ ok: false, message: '每注金额必须为整数' });
    expect(checkAmount('12')).toEqual({ ok: true, yuan: 12 });
  });
});

describe('drawResult live events', () => {
  it('mark that draw type\'s issue and results stale, and nothing else', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(drawQueryKeys.current('UUFFC'), draw(issue(2), 1));
    queryClient.setQueryData(drawQueryKeys.results('UUFFC', 10), { drawType: 'UUFFC', results: [] });
    queryClient.setQueryData(drawQueryKeys.current('UUPK10'), draw(issue(2), 1));
    applyLiveEvent(queryClient, 'drawResult', { drawType: 'UUFFC', drawNumber: '2', result: [1, 2, 3, 4, 5] }, '7');
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(drawQueryKeys.current('UUFFC'))).toBe(true);
    expect(stale(drawQueryKeys.results('UUFFC', 10))).toBe(true);
    expect(stale(drawQueryKeys.current('UUPK10'))).toBe(false);
  });
});
