// What every server-sent event stream of ours starts with (/sse/events, /sse/im), and the one kind of
// connection the live-event hub writes to (`LiveStream`). A process holds tens of thousands of streams
// (docs/scaling/streams.md), so a stream is one small object with no closures and no timer of its own
// (the hub's one heartbeat timer visits them all), and an event is turned into bytes once for all its
// recipients: every socket is written the same Buffer.
import type { ServerResponse } from 'node:http';
import type { EventConnection } from './hub.ts';

/** An event id from a `Last-Event-ID` header or query parameter, or null when it is not one. */
export function parseEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** Writes the stream's headers and the client's reconnection delay on a hijacked reply. */
export function startEventStream(res: ServerResponse, retryMs: number): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${retryMs}\n\n`);
}

export interface FramedEvent {
  id: number;
  type: string;
  payload: unknown;
}

// Keyed by the event object the hub hands to every connection: the first recipient serializes it,
// the others reuse the bytes; the entry goes with the event.
const frames = new WeakMap<FramedEvent, Buffer>();

/** The SSE message of an event, encoded once per event object. */
export function eventFrame(event: FramedEvent): Buffer {
  let frame = frames.get(event);
  if (!frame) {
    frame = Buffer.from(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`);
    frames.set(event, frame);
  }
  return frame;
}

const HEARTBEAT = Buffer.from(': ping\n\n');

/**
 * What a stream may have written but not yet sent (Node's buffer plus the socket's) before it is
 * closed as too slow. A client that stops reading would otherwise grow the server's memory with
 * every event; closed, it reconnects with its Last-Event-ID and is replayed what it missed.
 */
export const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * One /sse/events connection. Until `startLive` it holds back live events (the replay is still being
 * written); `cursor` is the newest id written, so an event reaching it through both the replay and the
 * hub is written once.
 */
export class LiveStream implements EventConnection {
  private held: FramedEvent[] | null = [];
  private open = true;
  private detach: (() => void) | null = null;

  constructor(
    readonly customerId: number,
    readonly sessionId: number,
    private readonly res: ServerResponse,
    private cursor: number,
    /** Told when the stream was closed for being too slow (shared by every stream: no closure each). */
    private readonly onOverflow: (stream: LiveStream) => void,
  ) {
    res.once('close', () => this.ended());
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** `detach` removes it from the hub: the stream calls it itself when it ends. */
  attached(detach: () => void): void {
    this.detach = detach;
    if (!this.open) detach();
  }

  deliver(event: FramedEvent): void {
    if (this.held) this.held.push(event);
    else this.send(event);
  }

  heartbeat(): void {
    if (this.open) this.write(HEARTBEAT);
  }

  close(): void {
    if (!this.open) return;
    this.ended();
    this.res.end();
  }

  /** A replayed event: written unless already written; never counted against the unsent limit. */
  replay(event: FramedEvent): void {
    if (!this.open || event.id <= this.cursor) return;
    this.cursor = event.id;
    this.res.write(eventFrame(event));
  }

  /** Skips to `position` (possibly backwards): the app refetches instead of replaying. */
  resync(position: number, type: string): void {
    if (!this.open) return;
    this.cursor = position;
    this.res.write(`id: ${position}\nevent: ${type}\ndata: {}\n\n`);
  }

  /** Resolves once what was written has gone to the socket's buffer (or the stream ended). */
  drained(): Promise<void> {
    if (!this.open || !this.res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /** The replay is written: the events held back meanwhile go out, then live ones as they come. */
  startLive(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.send(event);
  }

  private send(event: FramedEvent): void {
    if (!this.open || event.id <= this.cursor) return;
    this.cursor = event.id;
    this.write(eventFrame(event));
  }

  private write(chunk: Buffer): void {
    this.res.write(chunk);
    if (this.res.writableLength > MAX_UNSENT_BYTES) {
      this.ended();
      this.res.destroy();
      this.onOverflow(this);
    }
  }

  private ended(): void {
    if (!this.open) return;
    this.open = false;
    this.held = null;
    this.detach?.();
  }
}
