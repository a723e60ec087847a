// Where each draw type's results come from under each FEED_ADAPTER, and the line `npm start` prints.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import {
  drawSourceOf,
  hiddenDrawTypes,
  isCommittedDraw,
  simulatedDrawTypes,
  simulatedFeedNotice,
} from '../../../src/server/draws/sources.ts';
import { DRAW_TYPES } from '../../../src/shared/catalogue/draw-types.ts';

const FEED_TYPES = DRAW_TYPES.filter((d) => d.source === 'feed').map((d) => d.code);
const config = (adapter?: string) =>
  loadConfig({ DATABASE_URL: 'postgres://h/db', ...(adapter ? { FEED_ADAPTER: adapter, FEED_HTTP_URL: 'https://feed.example/{drawType}/{issueNumber}' } : {}) });

describe('configuration', () => {
  it('has no simulated-feed secret, by default or otherwise', () => {
    const text = JSON.stringify(config());
    expect(text).not.toContain('jinli-simulated-feed');
    expect(config().feed).toEqual({ adapter: 'simulated', httpUrl: undefined, httpResultPath: 'result', timeoutMs: 30 * 60_000 });
    expect(JSON.stringify(loadConfig({ DATABASE_URL: 'postgres://h/db', SIMULATED_FEED_SECRET: 'old-operator-secret' }))).not.toContain('old-operator-secret');
  });

  it('accepts FEED_ADAPTER=none', () => {
    expect(config('none').feed.adapter).toBe('none');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', FEED_ADAPTER: 'nothing' })).toThrow(/FEED_ADAPTER/);
  });
});

describe('draw sources', () => {
  it('the simulated feed: every feed draw type simulated; committed unless it reads another type’s result', () => {
    expect(simulatedDrawTypes('simulated').sort()).toEqual([...FEED_TYPES].sort());
    expect(hiddenDrawTypes('simulated')).toEqual([]);
    expect(drawSourceOf('CQSSC', 'simulated')).toBe('simulated');
    expect(drawSourceOf('UUFFC', 'simulated')).toBe('platform');
    expect(isCommittedDraw('CQSSC', 'simulated')).toBe(true);
    expect(isCommittedDraw('UUFFC', 'simulated')).toBe(true);
    expect(isCommittedDraw('JSTB', 'simulated')).toBe(false);
    expect(isCommittedDraw('MKSSC', 'simulated')).toBe(false);
  });

  it('a real feed: official results, nothing simulated or committed but platform draws', () => {
    expect(simulatedDrawTypes('official')).toEqual([]);
    expect(drawSourceOf('CQSSC', 'official')).toBe('official');
    expect(isCommittedDraw('CQSSC', 'official')).toBe(false);
    expect(isCommittedDraw('UUFFC', 'official')).toBe(true);
  });

  it('none: every feed draw type hidden', () => {
    expect(hiddenDrawTypes('none').sort()).toEqual([...FEED_TYPES].sort());
    expect(simulatedDrawTypes('none')).toEqual([]);
    expect(drawSourceOf('UUFFC', 'none')).toBe('platform');
  });
});

describe('npm start line', () => {
  it('names the simulated draw types in one line, or says there are none', () => {
    const simulated = simulatedFeedNotice(config());
    expect(simulated).not.toContain('\n');
    expect(simulated).toMatch(/^模拟开奖 \d+ 个彩种/);
    expect(simulated).toContain('重庆时时彩');
    expect(simulated).toContain('江苏骰宝');
    expect(simulated).not.toContain('锦鲤分分彩');
    expect(simulatedFeedNotice(config('http'))).toBe('模拟开奖：无（官方彩种的号码取自 FEED_ADAPTER=http 的官方开奖源）');
    expect(simulatedFeedNotice(config('none'))).toBe('模拟开奖：无（FEED_ADAPTER=none：官方彩种均不开售）');
  });
});
