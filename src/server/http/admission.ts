// Load shedding for bet placement (issue 23 item 6, docs/scaling/burst.md). In the seconds before a
// popular issue closes more orders may arrive than the process and its pool can place. Without a bound
// they wait in the PostgreSQL pool's queue (which has no limit and no time-out), every order gets slow
// and clients time out. So, per process: at most `maxInFlight` placements run; the next ones wait in a
// bounded FIFO for at most `maxWaitMs`; the rest are answered at once with 429 「系统繁忙，请稍后再试」
// and Retry-After, which the PWA shows as it shows any refusal. An admitted order is always answered:
// Fastify's request and handler time-outs stay off.
//
// The slots protect the pool; they cannot protect the process's own CPU. When Node is the bottleneck
// (it parses, validates and prices every order), requests queue in the socket buffers, before any
// hook sees them, and every answer — a refusal too — comes late. So a second signal: the event loop's
// lag. While it exceeds `maxLagMs` and placements are queueing, new ones are refused at once, which
// leaves the CPU for the ones admitted and for the (cheap) refusals.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTOBET_PATHS } from '../../shared/api/autobet.ts';
import { ORDERS_PATHS } from '../../shared/api/order-paths.ts';
import type { ServerContext } from '../context.ts';
import { errors } from './errors.ts';

export interface AdmissionLimits {
  maxInFlight: number;
  maxWaitMs: number;
  maxQueue: number;
  maxLagMs: number;
}

const LAG_SAMPLE_MS = 10;
/** Samples in a row that must lag: one late tick is a GC pause or the OS running another process. */
const LAG_SAMPLES = 3;

/**
 * How far behind its timers this process's event loop has run, lately and lastingly: the least drift
 * of the last LAG_SAMPLES ticks (each tick's drift is how late it ran). A backlog of requests makes
 * every tick late; a single pause does not count.
 */
export class LoopLag {
  private expectedAt = performance.now() + LAG_SAMPLE_MS;
  private readonly drifts: number[] = new Array<number>(LAG_SAMPLES).fill(0);
  private next = 0;
  private readonly timer = setInterval(() => {
    const now = performance.now();
    this.drifts[this.next] = Math.max(0, now - this.expectedAt);
    this.next = (this.next + 1) % LAG_SAMPLES;
    this.expectedAt = now + LAG_SAMPLE_MS;
  }, LAG_SAMPLE_MS).unref();

  get ms(): number {
    return Math.min(...this.drifts);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** Refusals say when to try again: about one slot's worth of waiting, rounded up to a second. */
const RETRY_AFTER_SECONDS = '1';

/** The routes that place orders: POST /ajax/orders, and POST /ajax/autobet (it places its first entry). */
const GATED_ROUTES = new Set([`POST ${ORDERS_PATHS.orders}`, `POST ${AUTOBET_PATHS.autobets}`]);

interface Waiter {
  admit(): void;
}

/**
 * Slots and a FIFO of waiters. A released slot goes straight to the oldest waiter (no newcomer can
 * overtake the queue); a waiter that gives up (time-out, client gone) leaves the queue.
 */
export class AdmissionGate {
  private inFlight = 0;
  private readonly waiting = new Set<Waiter>(); // insertion order: the FIFO

  /** `limits` is read on every request (the configuration's object). */
  constructor(
    private readonly limits: AdmissionLimits,
    private readonly lag = new LoopLag(),
  ) {}

  get lagMs(): number {
    return this.lag.ms;
  }

  get running(): number {
    return this.inFlight;
  }

  get queued(): number {
    return this.waiting.size;
  }

  /**
   * Resolves true with a slot held (give it back with `release`), or false: the queue is full, the
   * wait ran out, or `abandoned` fired first.
   */
  enter(abandoned: (giveUp: () => void) => void): Promise<boolean> | boolean {
    // Lag counts only while placements are queueing: a process slowed by something else (another
    // route, another program on the host) is not made faster by refusing orders.
    if (this.waiting.size > 0 && this.lag.ms > this.limits.maxLagMs) return false;
    if (this.inFlight < this.limits.maxInFlight) {
      this.inFlight++;
      return true;
    }
    if (this.waiting.size >= this.limits.maxQueue || this.limits.maxWaitMs === 0) return false;
    return new Promise<boolean>((resolve) => {
      const leave = (admitted: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(waiter);
        resolve(admitted);
      };
      const waiter: Waiter = { admit: () => leave(true) };
      const timer = setTimeout(() => leave(false), this.limits.maxWaitMs);
      this.waiting.add(waiter);
      abandoned(() => {
        if (this.waiting.has(waiter)) leave(false);
      });
    });
  }

  release(): void {
    const next = this.waiting.values().next();
    if (next.done) this.inFlight--;
    else next.value.admit(); // the slot changes hands: inFlight stays
  }

  stop(): void {
    this.lag.stop();
  }
}

const HELD = Symbol('admission slot held');
type GatedRequest = FastifyRequest & { [HELD]?: boolean };

export function registerAdmission(app: FastifyInstance, ctx: ServerContext): void {
  const gate = new AdmissionGate(ctx.config.admission);
  app.addHook('onClose', async () => gate.stop());
  app.decorate('admission', gate);

  const release = (request: GatedRequest) => {
    if (request[HELD] !== true) return;
    request[HELD] = false;
    gate.release();
  };

  app.addHook('onRequest', async (request: GatedRequest, reply: FastifyReply) => {
    if (!GATED_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    // While queued nothing has been written, so a closed response means the client went away.
    const entered = gate.enter((giveUp) => reply.raw.once('close', giveUp));
    const admitted = entered === true || entered === false ? entered : await entered;
    if (!admitted) {
      void reply.header('retry-after', RETRY_AFTER_SECONDS);
      throw errors.busy();
    }
    if (reply.raw.closed) {
      // Admitted from the queue just as its client left: place nothing for an answer nobody reads.
      gate.release();
      throw errors.busy();
    }
    request[HELD] = true;
    // Normally the slot is given back when the answer is ready (onSend: the work is done). A client
    // that leaves mid-placement may mean no onSend; the closed response gives the slot back then.
    reply.raw.once('close', () => release(request));
  });
  app.addHook('onSend', async (request: GatedRequest) => release(request));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Placement admission of this process (http/admission.ts): its counts, for tests and diagnostics. */
    admission: AdmissionGate;
  }
}
