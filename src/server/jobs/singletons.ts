// Jobs that must run exactly once across every server process (the draw scheduler, settlers, the
// outbox relay, periodic jobs): each runs only in the process holding its lease in the database
// (lease.ts, lease-keeper.ts). A process that dies loses its leases within the TTL and another takes
// them over; a clean close releases them at once. Jobs that only refresh this process's caches stay
// plain `Loop`s.
import type pg from 'pg';
import { DEFAULT_LEASE_TIMING, LeaseKeeper, type LeaseClaimant, type LeaseTiming } from './lease-keeper.ts';
import { Loop, type LoopOptions } from './loop.ts';

type Log = { error: (obj: object, msg: string) => void };
type KeeperLog = ConstructorParameters<typeof LeaseKeeper>[1];

export interface SingletonRole {
  /** Called when this process takes the lease. */
  start(): Promise<void> | void;
  /** Called when this process loses the lease or closes. */
  stop(): Promise<void> | void;
}

export interface Singletons {
  /** A Loop whose work runs only while this process holds the lease `name`. */
  loop(name: string, work: () => Promise<unknown>, intervalMs: number, log?: Log, options?: LoopOptions): Loop;
  /** A long-running role (e.g. the outbox relay): started while this process holds the lease `name`. */
  role(name: string, handlers: SingletonRole): void;
  /** Stops every role and releases every lease of this process. */
  close(): Promise<void>;
  /** Whether this process holds the lease `name` now. */
  holds(name: string): boolean;
  /** This process's holder id in job_leases. */
  readonly instanceId: string;
}

/**
 * A loop under a lease: it claims the lease while started, runs its work only while holding it, and
 * runs a pass as soon as it takes the lease (unless `runAtStart: false`).
 */
class LeasedLoop extends Loop {
  private readonly claimant: LeaseClaimant;

  constructor(
    private readonly keeper: LeaseKeeper,
    name: string,
    work: () => Promise<unknown>,
    intervalMs: number,
    log: Log | undefined,
    options: LoopOptions,
  ) {
    super(name, () => (keeper.holds(name) ? work() : Promise.resolve()), intervalMs, log, { ...options, runAtStart: false });
    const runAtTake = options.runAtStart !== false;
    this.claimant = { taken: () => runAtTake && this.runNow(), lost: () => {} };
  }

  override start(): this {
    super.start();
    this.keeper.want(this.name, this.claimant);
    return this;
  }

  /** Waits for the pass in progress before releasing: the next holder never overlaps it. */
  override async stop(): Promise<void> {
    await super.stop();
    await this.keeper.unwant(this.name, this.claimant);
  }
}

/** A role started and stopped one step at a time, in the order the lease is taken and lost. */
class LeasedRole implements LeaseClaimant {
  private chain: Promise<void> = Promise.resolve();
  private running = false;

  constructor(
    private readonly name: string,
    private readonly handlers: SingletonRole,
    private readonly log: Log,
  ) {}

  taken(): void {
    this.step(true);
  }

  lost(): void {
    this.step(false);
  }

  stopped(): Promise<void> {
    this.step(false);
    return this.chain;
  }

  private step(run: boolean): void {
    this.chain = this.chain.then(async () => {
      if (this.running === run) return;
      this.running = run;
      try {
        await (run ? this.handlers.start() : this.handlers.stop());
      } catch (error) {
        this.log.error({ err: error, role: this.name }, `${this.name} ${run ? 'start' : 'stop'} failed`);
      }
    });
  }
}

export function createSingletons(pool: Pick<pg.Pool, 'query'>, log: KeeperLog & Log, timing: LeaseTiming = DEFAULT_LEASE_TIMING): Singletons {
  const keeper = new LeaseKeeper(pool, log, timing);
  const loops = new Set<LeasedLoop>();
  const roles: Array<{ name: string; role: LeasedRole }> = [];
  return {
    instanceId: keeper.holder,
    holds: (name) => keeper.holds(name),
    loop(name, work, intervalMs, loopLog, options = {}) {
      const loop = new LeasedLoop(keeper, name, work, intervalMs, loopLog, options);
      loops.add(loop);
      return loop;
    },
    role(name, handlers) {
      const role = new LeasedRole(name, handlers, log);
      roles.push({ name, role });
      keeper.want(name, role);
    },
    async close() {
      // First no more take-overs, then the work under the leases stops, then the leases go.
      await keeper.quiesce();
      await Promise.all([...loops].map((loop) => loop.stop()));
      await Promise.all(roles.map(({ role }) => role.stopped()));
      await keeper.close();
    },
  };
}
