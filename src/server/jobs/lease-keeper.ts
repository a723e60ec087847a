// The leases of one process: one timer claims every wanted lease and renews the held ones in one
// statement (lease.ts) every `renewMs`, and tells each claimant when it takes or loses its lease.
//
// Why a holder never overlaps the next one: the database sets expires_at = now() + ttl when it
// executes the claim, which is after this process sent it. Locally a lease counts as held only until
// (time the claim was SENT) + ttl − margin, measured on the monotonic clock, so it ends here at
// least `margin` before any other process can take it — whatever the network and database delay of
// the claim. The margin covers the check granularity (the timer runs every renewMs) and clock-rate
// drift; a pass already running when the lease ends is not aborted, which is why every singleton
// job is also idempotent (guarded UPDATEs, unique keys): see docs/scaling/processes.md.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import { claimLeases, releaseLeases } from './lease.ts';

export interface LeaseTiming {
  /** How long a claim is valid in the database. */
  ttlMs: number;
  /** How often the held leases are renewed and the free ones claimed. */
  renewMs: number;
  /** Locally a lease ends this long before its database expiry. */
  marginMs: number;
}

/** Taken over within ttl + renewMs of a holder's death (≈ 6 s): the issue asks for 10 s. */
export const DEFAULT_LEASE_TIMING: LeaseTiming = { ttlMs: 5_000, renewMs: 1_000, marginMs: 2_000 };

export interface LeaseClaimant {
  taken(token: number): void;
  lost(): void;
}

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

interface Held {
  token: number;
  validUntil: number;
}

export class LeaseKeeper {
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly wanted = new Map<string, Set<LeaseClaimant>>();
  private readonly held = new Map<string, Held>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private quiesced = false;

  constructor(
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly log: Log,
    readonly timing: LeaseTiming = DEFAULT_LEASE_TIMING,
  ) {
    if (timing.marginMs + timing.renewMs >= timing.ttlMs) throw new Error('lease margin + renewal interval must stay below the TTL');
  }

  /** True while this process holds `name` (locally valid: see the header). */
  holds(name: string): boolean {
    const lease = this.held.get(name);
    return lease !== undefined && performance.now() < lease.validUntil;
  }

  tokenOf(name: string): number | null {
    return this.holds(name) ? this.held.get(name)!.token : null;
  }

  /** Claims `name` for `claimant` from now on (at once, then with every renewal). */
  want(name: string, claimant: LeaseClaimant): void {
    if (this.quiesced) return;
    const claimants = this.wanted.get(name) ?? new Set();
    claimants.add(claimant);
    this.wanted.set(name, claimants);
    if (this.holds(name)) claimant.taken(this.held.get(name)!.token);
    this.timer ??= setInterval(() => this.tick(), this.timing.renewMs).unref();
    this.tick();
  }

  /** Stops claiming `name` for `claimant`; the lease is released once nobody here wants it. */
  async unwant(name: string, claimant: LeaseClaimant): Promise<void> {
    const claimants = this.wanted.get(name);
    if (!claimants?.delete(claimant) || claimants.size > 0) return;
    this.wanted.delete(name);
    // Once quiesced, close() releases every lease in one statement.
    if (this.quiesced) return;
    if (this.held.delete(name)) await this.release([name]);
  }

  /** Stops claiming and renewing (claimants are told nothing more); held leases stay held until close(). */
  async quiesce(): Promise<void> {
    this.quiesced = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  /** Releases every lease (after the work under them has stopped). */
  async close(): Promise<void> {
    await this.quiesce();
    const names = [...this.held.keys()];
    this.held.clear();
    this.wanted.clear();
    await this.release(names);
  }

  private async release(names: string[]): Promise<void> {
    try {
      await releaseLeases(this.pool, this.holder, names);
    } catch (error) {
      // It expires by itself within the TTL.
      this.log.warn({ err: error, leases: names }, 'job leases not released');
    }
  }

  private tick(): void {
    this.expireStale();
    if (this.quiesced) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = this.claim().finally(() => {
      this.inFlight = null;
      if (this.again && !this.quiesced) {
        this.again = false;
        this.tick();
      }
    });
  }

  /** Leases whose local validity ended (a renewal that did not come back in time) are lost. */
  private expireStale(): void {
    const now = performance.now();
    for (const [name, lease] of this.held) {
      if (now < lease.validUntil) continue;
      this.held.delete(name);
      this.log.warn({ lease: name }, 'job lease expired before its renewal came back');
      this.tell(name, (c) => c.lost());
    }
  }

  private async claim(): Promise<void> {
    const names = [...this.wanted.keys()];
    if (names.length === 0) return;
    const sentAt = performance.now();
    let rows;
    try {
      rows = await claimLeases(this.pool, this.holder, names, this.timing.ttlMs);
    } catch (error) {
      this.log.warn({ err: error }, 'job leases not renewed');
      return;
    }
    const validUntil = sentAt + this.timing.ttlMs - this.timing.marginMs;
    const got = new Map(rows.map((row) => [row.name, row.token]));
    if (this.quiesced) {
      // Closing: renewals count, new takes are given back at once (nothing will run under them).
      for (const [name, lease] of this.held) if (got.get(name) === lease.token) lease.validUntil = validUntil;
      const fresh = [...got].filter(([name, token]) => this.held.get(name)?.token !== token).map(([name]) => name);
      if (fresh.length > 0) void this.release(fresh);
      return;
    }
    // Released here while the claim was in flight: release again.
    const unwanted = [...got.keys()].filter((name) => !this.wanted.has(name));
    if (unwanted.length > 0) void this.release(unwanted);
    for (const name of this.wanted.keys()) {
      const token = got.get(name);
      const before = this.held.get(name);
      if (token === undefined) {
        if (before) {
          this.held.delete(name);
          this.tell(name, (c) => c.lost());
        }
        continue;
      }
      this.held.set(name, { token, validUntil });
      if (before?.token === token) continue;
      if (before) this.tell(name, (c) => c.lost());
      this.log.info({ lease: name, token, holder: this.holder }, 'job lease taken');
      this.tell(name, (c) => c.taken(token));
    }
  }

  private tell(name: string, call: (claimant: LeaseClaimant) => void): void {
    for (const claimant of this.wanted.get(name) ?? []) {
      try {
        call(claimant);
      } catch (error) {
        this.log.warn({ err: error, lease: name }, 'job lease claimant failed');
      }
    }
  }
}
