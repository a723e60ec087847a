import { beforeEach, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  CLOSED,
  CONNECTING,
  DEFAULT_BACKOFF,
  EventStreamClient,
  OPEN,
  streamUrl,
  type EventSourceLike,
  type StreamEnvironment,
  type Timers,
} from '../../src/app/lib/live/event-stream.ts';

class FakeEventSource implements EventSourceLike {
  readyState = CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = CLOSED;
  }

  open(): void {
    this.readyState = OPEN;
    this.onopen?.(new Event('open'));
  }

  emit(type: string, data: unknown, id: string): void {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The browser gave up (HTTP error): readyState CLOSED, then error. */
  fail(): void {
    this.readyState = CLOSED;
    this.onerror?.(new Event('error'));
  }

  /** A dropped connection the browser retries by itself. */
  drop(): void {
    this.readyState = CONNECTING;
    this.onerror?.(new Event('error'));
  }
}

class FakeEnvironment implements StreamEnvironment {
  online = true;
  visible = true;
  private readonly listeners = new Map<string, Set<() => void>>();
  addEventListener(target: 'window' | 'document', type: string, listener: () => void) {
    const key = `${target}:${type}`;
    if (!this.listeners.has(key)) this.listeners.set(key, new Set());
    this.listeners.get(key)!.add(listener);
  }
  removeEventListener(target: 'window' | 'document', type: string, listener: () => void) {
    this.listeners.get(`${target}:${type}`)?.delete(listener);
  }
  isOnline = () => this.online;
  isVisible = () => this.visible;
  fire(target: 'window' | 'document', type: string) {
    for (const listener of this.listeners.get(`${target}:${type}`) ?? []) listener();
  }
  count(target: 'window' | 'document', type: string) {
    return this.listeners.get(`${target}:${type}`)?.size ?? 0;
  }
}

class FakeTimers implements Timers {
  pending: { callback: () => void; ms: number; id: number }[] = [];
  private nextId = 1;
  setTimeout(callback: () => void, ms: number) {
    const id = this.nextId++;
    this.pending.push({ callback, ms, id });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.pending = this.pending.filter((t) => t.id !== handle);
  }
  runNext(): number {
    const next = this.pending.shift();
    if (!next) throw new Error('no timer pending');
    next.callback();
    return next.ms;
  }
}

let sources: FakeEventSource[];
let env: FakeEnvironment;
let timers: FakeTimers;
let events: { type: string; data: unknown; id: string }[];
let lost: number;
let resyncs: number;
let unreplayedOpens: number;
let openStates: boolean[];

function makeClient(random = () => 1) {
  return new EventStreamClient({
    url: '/sse/events',
    lastEventIdParam: 'lastEventId',
    eventTypes: ['balance', 'textPopup'],
    onEvent: (type, data, id) => events.push({ type, data, id }),
    resyncEvent: 'resync',
    onResync: () => {
      resyncs += 1;
    },
    onConnectionLost: () => {
      lost += 1;
    },
    onOpenWithoutReplay: () => {
      unreplayedOpens += 1;
    },
    onOpenChange: (open) => openStates.push(open),
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    environment: env,
    timers,
    random,
  });
}

const latest = () => sources[sources.length - 1]!;

beforeEach(() => {
  sources = [];
  env = new FakeEnvironment();
  timers = new FakeTimers();
  events = [];
  lost = 0;
  resyncs = 0;
  unreplayedOpens = 0;
  openStates = [];
});

describe('backoff', () => {
  it('doubles from 1 s and is capped at 60 s, with jitter between half and the full delay', () => {
    const full = [0, 1, 2, 3, 4, 5, 6, 7, 10].map((n) => backoffDelay(n, DEFAULT_BACKOFF, () => 1));
    expect(full).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(4000);
    expect(backoffDelay(20, DEFAULT_BACKOFF, () => 0.5)).toBe(45000);
  });

  it('builds the replay URL with the last event id', () => {
    expect(streamUrl('/sse/events', 'lastEventId', null)).toBe('/sse/events');
    expect(streamUrl('/sse/events', 'lastEventId', '42')).toBe('/sse/events?lastEventId=42');
    expect(streamUrl('/sse/events?a=1', 'lastEventId', '42')).toBe('/sse/events?a=1&lastEventId=42');
  });
});

describe('EventStreamClient', () => {
  it('says when the stream is open: on each open, not while it fails or after it stops', () => {
    const client = makeClient();
    client.start();
    expect(openStates).toEqual([]);
    latest().open();
    latest().fail();
    timers.runNext();
    latest().open();
    client.stop();
    expect(openStates).toEqual([true, false, true, false]);
  });

  it('says when a connection opens with nothing to replay (a page load), not when it resumes from a position', () => {
    const client = makeClient();
    client.start();
    latest().open();
    expect(unreplayedOpens).toBe(1);
    latest().emit('balance', { balance: 1 }, '7');
    latest().fail();
    timers.runNext();
    expect(latest().url).toBe('/sse/events?lastEventId=7');
    latest().open();
    expect(unreplayedOpens).toBe(1);
  });

  it('opens one stream and delivers parsed events with their ids', () => {
    const client = makeClient();
    client.start();
    client.start();
    expect(sources).toHaveLength(1);
    expect(latest().url).toBe('/sse/events');
    latest().open();
    latest().emit('balance', { balance: 500 }, '7');
    expect(events).toEqual([{ type: 'balance', data: { balance: 500 }, id: '7' }]);
    expect(client.lastEventId).toBe('7');
  });

  it('ignores replayed events it has already seen', () => {
    const client = makeClient();
    client.start();
    latest().emit('balance', { balance: 1 }, '10');
    latest().emit('balance', { balance: 2 }, '9');
    latest().emit('balance', { balance: 3 }, '10');
    latest().emit('balance', { balance: 4 }, '11');
    expect(events.map((e) => e.id)).toEqual(['10', '11']);
  });

  it('leaves a dropped connection to the browser, which retries with Last-Event-ID itself', () => {
    const client = makeClient();
    client.start();
    latest().open();
    latest().drop();
    expect(sources).toHaveLength(1);
    expect(timers.pending).toHaveLength(0);
    expect(lost).toBe(1);
  });

  it('recreates the stream after an HTTP error with backoff and the last id as a query parameter', () => {
    const client = makeClient();
    client.start();
    latest().open();
    latest().emit('balance', { balance: 1 }, '41');
    latest().fail();
    expect(lost).toBe(1);
    expect(sources[0]!.closed).toBe(true);
    expect(timers.pending.map((t) => t.ms)).toEqual([1000]);
    timers.runNext();
    expect(sources).toHaveLength(2);
    expect(latest().url).toBe('/sse/events?lastEventId=41');

    latest().fail();
    expect(timers.runNext()).toBe(2000);
    latest().fail();
    expect(timers.runNext()).toBe(4000);
    expect(client.attempts).toBe(3);
    expect(lost).toBe(1);
  });

  it('caps the backoff and resets it once a connection opens', () => {
    const client = makeClient();
    client.start();
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      latest().fail();
      delays.push(timers.runNext());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    latest().open();
    expect(client.attempts).toBe(0);
    latest().fail();
    expect(timers.runNext()).toBe(1000);
  });

  it('reports each lost connection once, and again only after it was restored', () => {
    const client = makeClient();
    client.start();
    latest().fail();
    expect(lost).toBe(0);
    timers.runNext();
    latest().open();
    latest().drop();
    latest().drop();
    expect(lost).toBe(1);
    latest().open();
    latest().fail();
    expect(lost).toBe(2);
  });

  it('does not spend retries offline and reconnects at once on `online`', () => {
    const client = makeClient();
    client.start();
    latest().open();
    latest().emit('balance', { balance: 1 }, '5');
    env.online = false;
    latest().fail();
    expect(timers.pending).toHaveLength(0);
    env.online = true;
    env.fire('window', 'online');
    expect(sources).toHaveLength(2);
    expect(latest().url).toBe('/sse/events?lastEventId=5');
  });

  it('recreates even a stream the browser is still retrying when the network comes back', () => {
    const client = makeClient();
    client.start();
    latest().open();
    latest().drop();
    env.fire('window', 'online');
    expect(sources).toHaveLength(2);
    expect(sources[0]!.closed).toBe(true);
  });

  it('reconnects when the tab becomes visible and the stream is closed, not when it is open', () => {
    const client = makeClient();
    client.start();
    latest().open();
    env.fire('document', 'visibilitychange');
    expect(sources).toHaveLength(1);
    latest().fail();
    env.visible = false;
    env.fire('document', 'visibilitychange');
    expect(sources).toHaveLength(1);
    env.visible = true;
    env.fire('document', 'visibilitychange');
    expect(sources).toHaveLength(2);
    expect(timers.pending).toHaveLength(0);
  });

  it('stops cleanly: closes the stream, cancels the retry and removes its listeners', () => {
    const client = makeClient();
    client.start();
    latest().fail();
    expect(timers.pending).toHaveLength(1);
    client.stop();
    expect(timers.pending).toHaveLength(0);
    expect(env.count('window', 'online')).toBe(0);
    expect(env.count('document', 'visibilitychange')).toBe(0);
    env.fire('window', 'online');
    expect(sources).toHaveLength(1);
  });

  it('ignores events from a stream it already replaced', () => {
    const client = makeClient();
    client.start();
    const first = latest();
    env.fire('window', 'online');
    first.emit('balance', { balance: 9 }, '99');
    expect(events).toHaveLength(0);
    expect(client.lastEventId).toBeNull();
  });

  it('skips malformed JSON payloads', () => {
    const client = makeClient();
    client.start();
    const source = latest();
    const listeners = (source as unknown as { listeners: Map<string, ((e: MessageEvent<string>) => void)[]> }).listeners;
    listeners.get('balance')![0]!(new MessageEvent('balance', { data: '{oops', lastEventId: '3' }));
    expect(events).toHaveLength(0);
  });

  it('on resync, takes its id as the position even when it is lower, and resumes from it', () => {
    const client = makeClient();
    client.start();
    latest().open();
    latest().emit('balance', { balance: 1 }, '900');
    latest().emit('resync', {}, '120');
    expect(resyncs).toBe(1);
    expect(events.map((e) => e.id)).toEqual(['900']);
    expect(client.lastEventId).toBe('120');
    // Events after the new position are no longer taken for replays already seen.
    latest().emit('balance', { balance: 2 }, '121');
    expect(events.map((e) => e.id)).toEqual(['900', '121']);
    latest().fail();
    timers.runNext();
    expect(latest().url).toBe('/sse/events?lastEventId=121');
  });
});
