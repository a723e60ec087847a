import { describe, expect, it } from 'vitest';
import { blockingTime, type TraceEvent } from '../../bench/support/blocking-time.ts';

const PAGE = { pid: 10, tid: 11 };
const OTHER_RENDERER = { pid: 20, tid: 21 };

/** A task of `wallMs` holding `cpuMs` of the thread's CPU, starting `atMs` into the trace. */
function task(atMs: number, wallMs: number, cpuMs: number, thread = PAGE): TraceEvent {
  return { name: 'RunTask', ph: 'X', ...thread, ts: atMs * 1000, dur: wallMs * 1000, tdur: cpuMs * 1000 };
}

function inside(name: string, atMs: number, wallMs: number): TraceEvent {
  return { name, ph: 'X', ...PAGE, ts: atMs * 1000, dur: wallMs * 1000 };
}

describe('blockingTime', () => {
  it('sums max(0, 4 × t − 50 ms) over the page thread’s tasks after FCP, from wall and from CPU time', () => {
    const figures = blockingTime([
      task(50, 200, 200), // before the first contentful paint: not counted
      { name: 'firstContentfulPaint', ph: 'I', ...PAGE, ts: 100_000 },
      task(120, 100, 10), // wall 4 × 100 − 50 = 350; CPU 4 × 10 − 50 < 0
      task(300, 30, 30), // 70 from either
      task(400, 12, 12), // 4 × 12 − 50 < 0: not blocking
      inside('v8.evaluateModule', 301, 25),
      inside('Layout', 320, 4),
      task(500, 300, 300, OTHER_RENDERER), // another renderer's main thread: not counted
    ]);
    expect(figures.tbtWall).toBe(350 + 70);
    expect(figures.tbtCpu).toBe(70);
    expect(figures.cpu).toBe(10 + 30 + 12);
    expect(figures.longest).toEqual({ cpu: 30, doing: 'v8.evaluateModule' });
  });

  it('refuses a trace without a first contentful paint', () => {
    expect(() => blockingTime([task(10, 100, 100)])).toThrow('first contentful paint');
  });
});
