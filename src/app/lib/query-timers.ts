// TanStack Query's timers on one browser timer. Every query observer arms a timer when it subscribes
// (until its data goes stale, and its refetch interval): the lobby's first render subscribes dozens at
// once, and arming each browser timer was a quarter of that render's longest task on a phone. Here
// each timer is an entry in a queue ordered by due time, and one browser timer waits for the earliest.
import { notifyManager, timeoutManager, type TimeoutCallback, type TimeoutProvider } from '@tanstack/react-query';

interface Entry {
  id: number;
  due: number;
  /** Arming order: entries due at the same time run in the order they were armed, as browser timers do. */
  sequence: number;
  callback: TimeoutCallback;
  /** Repeats every `every` ms (an interval) when set. */
  every: number | null;
}

const before = (a: Entry, b: Entry) => a.due < b.due || (a.due === b.due && a.sequence < b.sequence);

/** A binary min-heap of entries by due time; a cleared entry stays in it until it reaches the top. */
class EntryHeap {
  private readonly items: Entry[] = [];

  get size(): number {
    return this.items.length;
  }

  /** Keeps only `entries` (the cleared ones would otherwise stay until their time). */
  rebuild(entries: Iterable<Entry>): void {
    this.items.length = 0;
    for (const entry of entries) this.push(entry);
  }

  peek(): Entry | undefined {
    return this.items[0];
  }

  push(entry: Entry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): Entry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < items.length && before(items[left]!, items[smallest]!)) smallest = left;
      if (right < items.length && before(items[right]!, items[smallest]!)) smallest = right;
      if (smallest === i) break;
      [items[i], items[smallest]] = [items[smallest]!, items[i]!];
      i = smallest;
    }
    return top;
  }
}

export interface TimerQueue extends TimeoutProvider<number> {
  /** Timers armed and not yet run or cleared. */
  readonly pending: number;
}

/** A timeout provider whose timers share one browser timer. `now` and the browser timer are read at each use (fake timers in tests). */
export function createTimerQueue(now: () => number = () => performance.now()): TimerQueue {
  const heap = new EntryHeap();
  const live = new Map<number, Entry>();
  let nextId = 1;
  let sequence = 0;
  let armed: { due: number; handle: ReturnType<typeof setTimeout> } | null = null;

  function arm(): void {
    while (heap.size > 0 && !live.has(heap.peek()!.id)) heap.pop();
    const first = heap.peek();
    if (!first) {
      if (armed) globalThis.clearTimeout(armed.handle);
      armed = null;
      return;
    }
    if (armed && armed.due <= first.due) return;
    if (armed) globalThis.clearTimeout(armed.handle);
    armed = { due: first.due, handle: globalThis.setTimeout(fire, Math.max(0, first.due - now())) };
  }

  function fire(): void {
    armed = null;
    const time = now();
    const due: Entry[] = [];
    while (heap.size > 0 && heap.peek()!.due <= time) {
      const entry = heap.pop()!;
      if (live.get(entry.id) === entry) due.push(entry);
    }
    for (const entry of due) {
      // Cleared by a callback that ran before it in this round.
      if (live.get(entry.id) !== entry) continue;
      if (entry.every === null) live.delete(entry.id);
      else add({ ...entry, due: time + entry.every, sequence: sequence++ });
      try {
        entry.callback();
      } catch (error) {
        // As a browser timer's exception: reported, and the other timers still run.
        if (typeof reportError === 'function') reportError(error);
        else
          queueMicrotask(() => {
            throw error;
          });
      }
    }
    arm();
  }

  function add(entry: Entry): number {
    live.set(entry.id, entry);
    heap.push(entry);
    return entry.id;
  }

  function schedule(callback: TimeoutCallback, delay: number, repeat: boolean): number {
    const wait = Math.max(0, Number.isFinite(delay) ? delay : 0);
    const id = add({ id: nextId++, due: now() + wait, sequence: sequence++, callback, every: repeat ? Math.max(1, wait) : null });
    arm();
    return id;
  }

  function clear(id: number | undefined): void {
    if (id === undefined || !live.delete(id)) return;
    // Observers clear and arm again at every change: cleared entries due far ahead must not pile up.
    if (heap.size > 2 * live.size + 64) heap.rebuild(live.values());
    // The browser timer stays armed for a cleared first entry: when it fires it finds nothing due and
    // waits for the next one, which costs less than clearing and arming it at every clear.
    if (live.size === 0) arm();
  }

  return {
    setTimeout: (callback, delay) => schedule(callback, delay, false),
    clearTimeout: clear,
    setInterval: (callback, delay) => schedule(callback, delay, true),
    clearInterval: clear,
    get pending() {
      return live.size;
    },
  };
}

/**
 * Puts every TanStack Query timer of this page on one queue (called once, before the first query):
 * its observers' and queries' timers, and the zero-delay task in which it tells observers of changes.
 */
export function shareQueryTimers(): void {
  const queue = createTimerQueue();
  timeoutManager.setTimeoutProvider(queue);
  notifyManager.setScheduler((callback) => queue.setTimeout(callback, 0));
}
