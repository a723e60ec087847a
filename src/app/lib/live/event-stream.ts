// One live event stream per tab (decisions §6). The browser's EventSource retries on its own after
// a dropped connection, but gives up for good after an HTTP error; this client then recreates it,
// with capped exponential backoff, and also on `online` and when the tab becomes visible. A
// recreated EventSource starts without Last-Event-ID, so the last id travels as a query parameter.

export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface StreamEnvironment {
  addEventListener(target: 'window' | 'document', type: string, listener: () => void): void;
  removeEventListener(target: 'window' | 'document', type: string, listener: () => void): void;
  isOnline(): boolean;
  isVisible(): boolean;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  factor: number;
}

export interface EventStreamOptions {
  url: string;
  lastEventIdParam: string;
  eventTypes: readonly string[];
  onEvent: (type: string, data: unknown, id: string) => void;
  /**
   * The event by which the server says it cannot replay what was missed. Its id becomes the position
   * even when lower than the last one (the outbox was reset), and `onResync` runs instead of `onEvent`.
   */
  resyncEvent?: string;
  onResync?: () => void;
  /** Called once each time a working connection is lost (spec §4: refresh the balance). */
  onConnectionLost?: () => void;
  /**
   * Called when a connection opens without a replay position (a page load, a new customer): whatever
   * happened before it — a deposit credited while the player was on the cashier page — is not replayed.
   */
  onOpenWithoutReplay?: () => void;
  /** Called when a connection opens (true), and when it fails or the stream stops (false). */
  onOpenChange?: (open: boolean) => void;
  createEventSource?: (url: string) => EventSourceLike;
  environment?: StreamEnvironment;
  timers?: Timers;
  random?: () => number;
  backoff?: Partial<BackoffOptions>;
}

/** EventSource.readyState values. */
export const CONNECTING = 0;
export const OPEN = 1;
export const CLOSED = 2;

/** Spec §9 "live stream connection retry interval 60": the cap of the backoff, in seconds. */
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 60_000, factor: 2 };

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, with jitter in [½, 1]. */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * options.factor ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export function streamUrl(url: string, param: string, lastEventId: string | null): string {
  if (!lastEventId) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${encodeURIComponent(param)}=${encodeURIComponent(lastEventId)}`;
}

function browserEnvironment(): StreamEnvironment {
  const target = (name: 'window' | 'document') => (name === 'window' ? window : document);
  return {
    addEventListener: (name, type, listener) => target(name).addEventListener(type, listener),
    removeEventListener: (name, type, listener) => target(name).removeEventListener(type, listener),
    isOnline: () => navigator.onLine,
    isVisible: () => document.visibilityState === 'visible',
  };
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export class EventStreamClient {
  private readonly options: EventStreamOptions;
  private readonly backoff: BackoffOptions;
  private readonly environment: StreamEnvironment;
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly createEventSource: (url: string) => EventSourceLike;
  private source: EventSourceLike | null = null;
  private retryTimer: unknown = null;
  private attempt = 0;
  private running = false;
  private connectedOnce = false;
  private lostReported = false;
  private lastId: string | null = null;

  constructor(options: EventStreamOptions) {
    this.options = options;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.environment = options.environment ?? browserEnvironment();
    this.timers = options.timers ?? browserTimers;
    this.random = options.random ?? Math.random;
    this.createEventSource =
      options.createEventSource ?? ((url) => new EventSource(url, { withCredentials: true }) as EventSourceLike);
  }

  get lastEventId(): string | null {
    return this.lastId;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Reconnect attempts since the last successful open. */
  get attempts(): number {
    return this.attempt;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.environment.addEventListener('window', 'online', this.handleOnline);
    this.environment.addEventListener('document', 'visibilitychange', this.handleVisibility);
    this.connect();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.environment.removeEventListener('window', 'online', this.handleOnline);
    this.environment.removeEventListener('document', 'visibilitychange', this.handleVisibility);
    this.clearRetry();
    this.closeSource();
    this.options.onOpenChange?.(false);
    this.attempt = 0;
    this.connectedOnce = false;
    this.lostReported = false;
  }

  /** Forgets the replay position (a different customer logged in). */
  resetPosition(): void {
    this.lastId = null;
  }

  private connect(): void {
    this.clearRetry();
    this.closeSource();
    const source = this.createEventSource(streamUrl(this.options.url, this.options.lastEventIdParam, this.lastId));
    this.source = source;
    const replays = this.lastId !== null;
    source.onopen = () => {
      if (this.source !== source) return;
      if (!replays) this.options.onOpenWithoutReplay?.();
      this.attempt = 0;
      this.connectedOnce = true;
      this.lostReported = false;
      this.options.onOpenChange?.(true);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.options.onOpenChange?.(false);
      this.reportLost();
      // CONNECTING: the browser is retrying by itself (and sends Last-Event-ID). CLOSED: it gave up.
      if (source.readyState === CLOSED) {
        this.closeSource();
        this.scheduleReconnect();
      }
    };
    for (const type of this.options.eventTypes) {
      source.addEventListener(type, (event) => {
        if (this.source === source) this.handleMessage(type, event);
      });
    }
    const { resyncEvent } = this.options;
    if (resyncEvent) {
      source.addEventListener(resyncEvent, (event) => {
        if (this.source !== source) return;
        this.lastId = event.lastEventId || null;
        this.options.onResync?.();
      });
    }
  }

  private handleMessage(type: string, event: MessageEvent<string>): void {
    const id = event.lastEventId;
    if (id) {
      // Replays after a reconnect can overlap what was already seen.
      if (this.lastId !== null && /^\d+$/.test(id) && /^\d+$/.test(this.lastId) && Number(id) <= Number(this.lastId)) return;
      this.lastId = id;
    }
    let data: unknown;
    try {
      data = JSON.parse(event.data) as unknown;
    } catch {
      return;
    }
    this.options.onEvent(type, data, id);
  }

  private reportLost(): void {
    if (!this.connectedOnce || this.lostReported) return;
    this.lostReported = true;
    this.options.onConnectionLost?.();
  }

  private scheduleReconnect(): void {
    if (!this.running || this.retryTimer !== null) return;
    // Offline, a timer only burns attempts: `online` reconnects at once.
    if (!this.environment.isOnline()) return;
    const delay = backoffDelay(this.attempt, this.backoff, this.random);
    this.attempt += 1;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.connect();
    }, delay);
  }

  private readonly handleOnline = (): void => {
    if (!this.running) return;
    this.connect();
  };

  private readonly handleVisibility = (): void => {
    if (!this.running || !this.environment.isVisible()) return;
    if (this.source?.readyState === OPEN) return;
    if (this.retryTimer !== null || this.source === null || this.source.readyState === CLOSED) this.connect();
  };

  private clearRetry(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private closeSource(): void {
    if (!this.source) return;
    this.source.onopen = null;
    this.source.onerror = null;
    this.source.close();
    this.source = null;
  }
}
