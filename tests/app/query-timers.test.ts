// The query timer queue (src/app/lib/query-timers.ts) behaves as browser timers do — each timer runs
// once at its time, in order, unless cleared; intervals repeat — while holding one browser timer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTimerQueue } from '../../src/app/lib/query-timers.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('query timer queue', () => {
  it('holds one browser timer however many timers are armed', () => {
    const queue = createTimerQueue();
    for (let i = 0; i < 50; i++) queue.setTimeout(() => {}, 5_000 + i);
    queue.setInterval(() => {}, 1_000);
    expect(queue.pending).toBe(51);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('runs timers at their time, earliest first and equal times in arming order, each once', () => {
    const queue = createTimerQueue();
    const ran: string[] = [];
    queue.setTimeout(() => ran.push('c'), 300);
    queue.setTimeout(() => ran.push('a'), 100);
    queue.setTimeout(() => ran.push('b1'), 200);
    queue.setTimeout(() => ran.push('b2'), 200);
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['a']);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['a', 'b1', 'b2', 'c']);
    expect(queue.pending).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs nothing cleared, also when a timer due in the same round clears it', () => {
    const queue = createTimerQueue();
    const ran: string[] = [];
    const cleared = queue.setTimeout(() => ran.push('cleared'), 100);
    queue.clearTimeout(cleared);
    let later = 0;
    queue.setTimeout(() => {
      ran.push('first');
      queue.clearTimeout(later);
    }, 200);
    later = queue.setTimeout(() => ran.push('later'), 200);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(['first']);
  });

  it('an earlier timer armed after a later one still runs first', () => {
    const queue = createTimerQueue();
    const ran: number[] = [];
    queue.setTimeout(() => ran.push(5_000), 5_000);
    queue.setTimeout(() => ran.push(10), 10);
    vi.advanceTimersByTime(10);
    expect(ran).toEqual([10]);
  });

  it('repeats an interval until it is cleared', () => {
    const queue = createTimerQueue();
    let count = 0;
    const id = queue.setInterval(() => {
      count++;
      if (count === 3) queue.clearInterval(id);
    }, 1_000);
    vi.advanceTimersByTime(10_000);
    expect(count).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs callbacks in the order browser timers would, over random arming and clearing', () => {
    // A brute-force oracle: the same random schedule on the queue and on (fake) browser timers.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 20; round++) {
      const queue = createTimerQueue();
      const viaQueue: number[] = [];
      const viaBrowser: number[] = [];
      const queueIds: number[] = [];
      const browserIds: ReturnType<typeof setTimeout>[] = [];
      for (let step = 0; step < 200; step++) {
        const action = random();
        if (action < 0.6) {
          const label = step;
          const delay = Math.floor(random() * 500);
          queueIds.push(queue.setTimeout(() => viaQueue.push(label), delay));
          browserIds.push(setTimeout(() => viaBrowser.push(label), delay));
        } else if (action < 0.8 && queueIds.length > 0) {
          const k = Math.floor(random() * queueIds.length);
          queue.clearTimeout(queueIds[k]);
          clearTimeout(browserIds[k]);
        } else {
          vi.advanceTimersByTime(Math.floor(random() * 100));
        }
      }
      vi.advanceTimersByTime(1_000);
      expect(viaQueue).toEqual(viaBrowser);
    }
  });
});

describe('query timer queue over a long session', () => {
  it('keeps the timers that are still armed when many far-off ones are cleared', () => {
    const queue = createTimerQueue();
    const ran: number[] = [];
    queue.setTimeout(() => ran.push(1), 1_000);
    for (let i = 0; i < 10_000; i++) queue.clearTimeout(queue.setTimeout(() => ran.push(-1), 600_000));
    queue.setTimeout(() => ran.push(2), 2_000);
    expect(queue.pending).toBe(2);
    vi.advanceTimersByTime(700_000);
    expect(ran).toEqual([1, 2]);
  });
});
