// The draw scheduler: opens and closes sales on time, draws committed issues at their draw time, asks
// the feed for official results, cancels issues whose result never comes and refunds their orders,
// and hands drawn issues to settlement. Every transition is one guarded UPDATE (`WHERE state =
// <from>`), with row locks taken by SKIP LOCKED, so several processes can run it at once and each
// transition happens exactly once; after a crash the next run simply continues from the states in
// the database.
//
// Two kinds of draws: committed ones (platform draw types, and feed draw types under the simulated
// feed: sources.ts) are drawn here from their seed chains in the sales loop; official ones come from
// the result feed in the results loop.
//
// The work runs in independent loops (`Loop`), so that nothing slow holds back the sales of the next
// issue: `sales` (open, close, draw committed issues), `results` (official results, cancellation of
// overdue issues, refunds of cancelled ones), `settlement`, `generate` (issues ahead) and the
// `afterTick` work (autobets). `tick()` runs them all once, in that order, for tests and tools.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { DRAW_TYPES, getDrawType } from '../../shared/catalogue/draw-types.ts';
import { isValidResult, resultFormatFor } from '../../shared/lottery/result.ts';
import type { EventHub } from '../events/hub.ts';
import type { BeaconSource } from './beacon.ts';
import type { Clock } from './clock.ts';
import { drawCommitted } from './committed-draw.ts';
import type { FeedAdapter } from './feeds/feed.ts';
import { generateIssues, isPeriodic, beijingDay, GENERATE_AHEAD_MS, type GeneratedDays } from './generator.ts';
import type { IssueLifecycle, IssueRef } from './lifecycle.ts';
import { Loop } from '../jobs/loop.ts';
import type { Singletons } from '../jobs/singletons.ts';
import { drawSourceOf, feedModeOf, isCommittedDraw, type FeedMode } from './sources.ts';

const BATCH = 500;
const REGENERATE_MS = 10 * 60_000;
/** Feed requests in flight at once (each may take up to its timeout). */
const FEED_CONCURRENCY = 8;
/** A drawn issue still not settled this long after its draw is reported, and again as often. */
const UNSETTLED_REPORT_MS = 10 * 60_000;

export interface SchedulerOptions {
  pool: pg.Pool;
  clock: Clock;
  /**
   * Where feed draw types' results come from: an external feed of official results, the built-in
   * simulated feed (drawn here like platform draws, committed and verifiable), or none (feed draw
   * types are neither generated nor drawn).
   */
  feed: FeedAdapter;
  lifecycle: IssueLifecycle;
  events?: EventHub;
  log?: FastifyBaseLogger;
  /** An issue with no result this long after its draw time is cancelled and its orders refunded. */
  feedTimeoutMs: number;
  tickMs?: number;
  /** Issues are generated when their sales open within this long (default 24 hours). */
  generateAheadMs?: number;
  /** A public randomness beacon mixed into committed draws, when configured. */
  beacon?: BeaconSource;
  /** Work that follows the draws (autobet entries), run in a loop of its own. */
  afterTick?: (now: number) => Promise<void>;
  /** Who makes the transitions, recorded in draw_issue_transitions.actor (default host:pid). */
  actor?: string;
  /** The server's singleton jobs: when given, each loop runs only in the process holding its lease. */
  singletons?: Pick<Singletons, 'loop'>;
}

export interface TickReport {
  generated: number;
  opened: number;
  closed: number;
  drawn: number;
  cancelled: number;
  /** Cancelled issues whose pending orders were refunded. */
  refunded: number;
  settled: number;
}

export interface SalesReport {
  opened: number;
  closed: number;
  drawn: number;
  cancelled: number;
}

export interface ResultsReport {
  drawn: number;
  cancelled: number;
  refunded: number;
}

interface DueIssue extends IssueRef {
  salesDay: string;
  sequence: number;
  drawAt: number;
  commitment: string | null;
}

interface DrawnResult {
  issue: DueIssue;
  result: number[];
  source: string;
  seed: string | null;
  beacon: string | null;
  /** Drawn on another draw type's result (`source` is that draw type): copied from it when written. */
  derived?: boolean;
}

type DrawKind = 'committed' | 'official';

async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class DrawScheduler {
  private loops: Loop[] = [];
  private generatedForDay = '';
  private generatedAt = Number.NEGATIVE_INFINITY;
  private drawTypes: string[] = [];
  private readonly generatedDays: GeneratedDays = new Set();
  private readonly unsettledReported = new Map<number, number>();
  private readonly actor: string;
  private readonly feedMode: FeedMode;
  /** The draw types drawn here from seed chains (the sales loop); every other one is official. */
  private readonly committedTypes: string[];

  constructor(private readonly options: SchedulerOptions) {
    this.actor = options.actor ?? `${hostname()}:${process.pid}`;
    this.feedMode = feedModeOf(options.feed);
    this.committedTypes = DRAW_TYPES.filter((d) => isCommittedDraw(d.code, this.feedMode)).map((d) => d.code);
  }

  start(): void {
    if (this.loops.length > 0) return;
    const every = this.options.tickMs ?? 1_000;
    const log = this.options.log;
    const clock = this.options.clock;
    // Under singletons each loop runs in the one process holding its lease `draws.<loop>`.
    const singletons = this.options.singletons;
    const loop = (name: string, work: () => Promise<unknown>) =>
      singletons ? singletons.loop(`draws.${name}`, work, every, log) : new Loop(name, work, every, log);
    this.loops = [
      loop('sales', () => this.tickSales(clock.now())),
      loop('results', () => this.tickResults(clock.now())),
      loop('settlement', () => this.tickSettlement(clock.now())),
      loop('generate', () => this.generate(clock.now())),
    ];
    const afterTick = this.options.afterTick;
    if (afterTick) this.loops.push(loop('afterTick', () => afterTick(clock.now())));
    for (const loop of this.loops) loop.start();
  }

  async stop(): Promise<void> {
    const loops = this.loops;
    this.loops = [];
    await Promise.all(loops.map((loop) => loop.stop()));
  }

  /** Every loop once, in order, at one instant. */
  async tick(): Promise<TickReport> {
    const now = this.options.clock.now();
    const generated = await this.generate(now);
    const sales = await this.tickSales(now);
    const results = await this.tickResults(now);
    const settled = await this.tickSettlement(now);
    await this.options.afterTick?.(now);
    return {
      generated,
      opened: sales.opened,
      closed: sales.closed,
      drawn: sales.drawn + results.drawn,
      cancelled: sales.cancelled + results.cancelled,
      refunded: results.refunded,
      settled,
    };
  }

  /** Opens and closes sales and draws committed issues: nothing here waits for a feed or settlement. */
  async tickSales(now: number): Promise<SalesReport> {
    const opened = (await this.move('SCHEDULED', 'OPEN', 'opens_at', now)).length;
    const closed = (await this.move('OPEN', 'CLOSED', 'closes_at', now)).length;
    const drawn = await this.drawAllDue('committed', now);
    // Only what could not be drawn just now (a beacon round still missing, an issue never committed) is overdue.
    const cancelled = await this.cancelOverdue('committed', now);
    return { opened, closed, drawn, cancelled };
  }

  /** Official results, cancellation of issues whose result is overdue, refunds of cancelled issues. */
  async tickResults(now: number): Promise<ResultsReport> {
    const drawn = await this.drawAllDue('official', now);
    const cancelled = await this.cancelOverdue('official', now);
    const refunded = await this.refundCancelled(now);
    return { drawn, cancelled, refunded };
  }

  async tickSettlement(now: number): Promise<number> {
    return this.settle(now);
  }

  async generate(now: number): Promise<number> {
    const day = beijingDay(now);
    // Again when the day changes, and now and then: the look-ahead moves on, games get enabled.
    if (day === this.generatedForDay && now - this.generatedAt < REGENERATE_MS) return 0;
    const enabled = await this.options.pool.query<{ draw_type: string }>('SELECT draw_type FROM own_games WHERE enabled');
    // FEED_ADAPTER=none: feed draw types are not offered, so they get no issues.
    const offered = (code: string) => isPeriodic(code) && drawSourceOf(code, this.feedMode) !== 'none';
    this.drawTypes = enabled.rows.map((r) => r.draw_type).filter(offered);
    // JSTB is drawn on JSK3's result: its source draw type needs issues even when not offered itself.
    for (const code of [...this.drawTypes]) {
      const source = getDrawType(code).resultOf;
      if (source && !this.drawTypes.includes(source)) this.drawTypes.push(source);
    }
    const created = await generateIssues(
      this.options.pool,
      this.drawTypes,
      (code) => isCommittedDraw(code, this.feedMode),
      now,
      this.options.generateAheadMs ?? GENERATE_AHEAD_MS,
      this.generatedDays,
    );
    this.generatedForDay = day;
    this.generatedAt = now;
    return created;
  }

  /** Moves due issues from one state to the next; returns the moved ids. */
  private async move(from: string, to: string, column: 'opens_at' | 'closes_at', now: number): Promise<number[]> {
    const result = await this.options.pool.query<{ issue_id: number }>(
      `WITH picked AS (
         SELECT id FROM draw_issues WHERE state = $1 AND ${column} <= to_timestamp($3 / 1000.0)
          ORDER BY ${column} LIMIT $4 FOR UPDATE SKIP LOCKED),
       moved AS (UPDATE draw_issues d SET state = $2 FROM picked WHERE d.id = picked.id AND d.state = $1 RETURNING d.id)
       INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, actor)
       SELECT id, $1, $2, to_timestamp($3 / 1000.0), $5 FROM moved RETURNING issue_id`,
      [from, to, now, BATCH, this.actor],
    );
    return result.rows.map((r) => r.issue_id);
  }

  private async dueForDraw(kind: DrawKind, now: number): Promise<DueIssue[]> {
    const result = await this.options.pool.query<{
      id: number;
      draw_type: string;
      issue_number: string;
      sales_day: string;
      sequence: number;
      draw_at: Date;
      commitment: string | null;
    }>(
      // A committed draw type's issue that was never committed (it went on sale under another feed)
      // is never drawn from a seed: it waits for cancelOverdue.
      `SELECT id, draw_type, issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, sequence, draw_at, commitment FROM draw_issues
        WHERE state = 'CLOSED' AND draw_at <= to_timestamp($1 / 1000.0) AND (draw_type = ANY($3::text[])) = $4
          AND (NOT $4 OR commitment IS NOT NULL)
        ORDER BY draw_at LIMIT $2`,
      [now, BATCH, this.committedTypes, kind === 'committed'],
    );
    return result.rows.map((r) => ({
      id: r.id,
      drawType: r.draw_type,
      issueNumber: r.issue_number,
      salesDay: r.sales_day,
      sequence: r.sequence,
      drawAt: r.draw_at.getTime(),
      commitment: r.commitment,
    }));
  }

  /**
   * Draws every due issue of the kind, batch after batch (after a long stop there may be more than
   * one batch), so that none is left for `cancelOverdue` that could have been drawn.
   */
  private async drawAllDue(kind: DrawKind, now: number): Promise<number> {
    let drawn = 0;
    for (;;) {
      const { due, written } = await this.drawDue(kind, now);
      drawn += written;
      if (due < BATCH || written === 0) return drawn;
    }
  }

  /** Computes results outside any transaction, then writes them with a state guard. */
  private async drawDue(kind: DrawKind, now: number): Promise<{ due: number; written: number }> {
    const due = await this.dueForDraw(kind, now);
    const outcomes = await mapLimit(due, FEED_CONCURRENCY, async (issue) => {
      try {
        return await this.resultFor(issue, now);
      } catch (error) {
        this.options.log?.warn({ err: error, issue: issue.issueNumber, drawType: issue.drawType }, 'result not available');
        return null;
      }
    });
    const drawn = outcomes.filter((d): d is DrawnResult => d !== null);
    if (drawn.length === 0) return { due: due.length, written: 0 };
    // A draw type drawn on another's result (JSTB on JSK3) takes that result as it is when written, under
    // a share lock of the source's row: a correction of the source either commits first (and is copied)
    // or waits for this write (and then corrects the copy too, manual-results.ts).
    const written = await this.options.pool.query<{ issue_id: number; result: number[] }>(
      `WITH d AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $6::text[], $8::boolean[]) AS d(id, result, source, seed, beacon, derived)),
       moved AS (
         UPDATE draw_issues i SET state = 'DRAWN',
                result = CASE WHEN d.derived
                              THEN (SELECT s.result FROM draw_issues s WHERE s.draw_type = d.source AND s.issue_number = i.issue_number FOR SHARE)
                              ELSE string_to_array(d.result, ',')::int[] END,
                result_source = d.source, seed = d.seed, beacon = d.beacon, drawn_at = to_timestamp($5 / 1000.0)
           FROM d WHERE i.id = d.id AND i.state = 'CLOSED'
            AND (NOT d.derived OR EXISTS (SELECT 1 FROM draw_issues s WHERE s.draw_type = d.source AND s.issue_number = i.issue_number
                                                                          AND s.state IN ('DRAWN', 'SETTLED')))
         RETURNING i.id, i.result),
       noted AS (
         INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, actor)
         SELECT id, 'CLOSED', 'DRAWN', to_timestamp($5 / 1000.0), $7 FROM moved)
       SELECT id AS issue_id, result FROM moved`,
      [
        drawn.map((d) => d.issue.id),
        drawn.map((d) => d.result.join(',')),
        drawn.map((d) => d.source),
        drawn.map((d) => d.seed),
        now,
        drawn.map((d) => d.beacon),
        this.actor,
        drawn.map((d) => d.derived === true),
      ],
    );
    const writtenResults = new Map(written.rows.map((r) => [r.issue_id, r.result]));
    const writtenIds = new Set(writtenResults.keys());
    await this.announce(drawn.filter((d) => writtenIds.has(d.issue.id)).map((d) => ({ ...d, result: writtenResults.get(d.issue.id)! })));
    return { due: due.length, written: writtenIds.size };
  }

  private async resultFor(issue: DueIssue, now: number): Promise<DrawnResult | null> {
    const info = getDrawType(issue.drawType);
    if (issue.commitment !== null && this.committedTypes.includes(issue.drawType)) {
      // A configured beacon that has not published the issue's round yet: null, drawn on a later tick.
      const drawn = await drawCommitted(this.options.pool, { ...issue, commitment: issue.commitment }, this.options.beacon);
      if (!drawn) return null;
      return { issue, ...drawn, source: drawSourceOf(issue.drawType, this.feedMode) };
    }
    if (info.resultOf) {
      const source = await this.options.pool.query<{ result: number[] }>(
        `SELECT result FROM draw_issues WHERE draw_type = $1 AND issue_number = $2 AND state IN ('DRAWN', 'SETTLED')`,
        [info.resultOf, issue.issueNumber],
      );
      const result = source.rows[0]?.result;
      return result ? { issue, result, source: info.resultOf, seed: null, beacon: null, derived: true } : null;
    }
    const feed = this.options.feed;
    if (typeof feed === 'string') return null;
    const result = await feed.fetchResult({ drawType: issue.drawType, issueNumber: issue.issueNumber, drawAt: issue.drawAt }, now);
    if (!result) return null;
    // A malformed official result is never stored: asked again on the next run, and the issue is
    // cancelled and refunded if no valid result arrives before the feed timeout.
    if (!isValidResult(result, resultFormatFor(info.category, info.code))) {
      this.options.log?.error(
        { drawType: issue.drawType, issue: issue.issueNumber, feed: feed.name, result },
        'feed result rejected: not a valid result for the draw type',
      );
      return null;
    }
    return { issue, result, source: feed.name, seed: null, beacon: null };
  }

  /**
   * Cancels CLOSED issues that still have no result `feedTimeoutMs` after their draw time — official
   * issues whose feed stayed silent or kept sending invalid results, committed ones whose beacon
   * round never came, and issues of a committed draw type that went on sale without a commitment. Only the state changes here; the refunds follow in `refundCancelled`, which
   * also picks up whatever a crash left behind. A DRAWN issue is never cancelled: its result stands
   * and its settlement is retried (see `settle`). Each loop cancels only its own kind, right after
   * drawing everything it could, so an issue that is merely late (a process was down) is drawn, not
   * cancelled, when its result can still be computed or fetched.
   */
  private async cancelOverdue(kind: DrawKind, now: number): Promise<number> {
    const result = await this.options.pool.query<{ id: number }>(
      `WITH picked AS (
         SELECT id FROM draw_issues WHERE state = 'CLOSED' AND draw_at <= to_timestamp(($1::bigint - $2::bigint) / 1000.0)
            AND (draw_type = ANY($5::text[])) = $6
          ORDER BY draw_at LIMIT $3 FOR UPDATE SKIP LOCKED),
       moved AS (
         UPDATE draw_issues d SET state = 'CANCELLED', cancelled_at = to_timestamp($1 / 1000.0), cancel_reason = 'NO_RESULT'
           FROM picked WHERE d.id = picked.id AND d.state = 'CLOSED' RETURNING d.id)
       INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, note, actor)
       SELECT id, 'CLOSED', 'CANCELLED', to_timestamp($1 / 1000.0), '开奖结果超时未到', $4 FROM moved RETURNING issue_id AS id`,
      [now, this.options.feedTimeoutMs, BATCH, this.actor, this.committedTypes, kind === 'committed'],
    );
    return result.rowCount ?? 0;
  }

  /**
   * Refunds the pending orders of cancelled issues. Runs on every pass, not only right after a
   * cancellation, so that refunds interrupted by a crash or an error are completed later; refunds
   * are idempotent (one `refund:<order>` transfer per order, the status moves from PENDING once).
   */
  private async refundCancelled(now: number): Promise<number> {
    const due = await this.options.pool.query<{ id: number; draw_type: string; issue_number: string }>(
      `SELECT d.id, d.draw_type, d.issue_number FROM draw_issues d
        WHERE d.state = 'CANCELLED' AND EXISTS (SELECT 1 FROM orders o WHERE o.issue_id = d.id AND o.status = 'PENDING')
        ORDER BY d.cancelled_at LIMIT $1`,
      [BATCH],
    );
    if (due.rows.length === 0) return 0;
    const issues = due.rows.map((r) => ({ id: r.id, drawType: r.draw_type, issueNumber: r.issue_number }));
    try {
      await this.options.lifecycle.afterCancel(this.options.pool, issues, now);
      return issues.length;
    } catch (error) {
      this.options.log?.error({ err: error, issues: issues.map((i) => `${i.drawType} ${i.issueNumber}`) }, 'refunds of cancelled issues failed; retried on the next run');
      return 0;
    }
  }

  /** Hands drawn issues to settlement; one still unsettled long after its draw is reported, not skipped. */
  private async settle(now: number): Promise<number> {
    const due = await this.options.pool.query<{ id: number; draw_type: string; issue_number: string; drawn_at: Date }>(
      `SELECT id, draw_type, issue_number, drawn_at FROM draw_issues WHERE state = 'DRAWN' ORDER BY drawn_at LIMIT $1`,
      [BATCH],
    );
    const issues = due.rows.map((r) => ({ id: r.id, drawType: r.draw_type, issueNumber: r.issue_number }));
    let settled: number[] = [];
    try {
      settled = await this.options.lifecycle.settleDrawn(this.options.pool, issues, now);
    } catch (error) {
      this.options.log?.error({ err: error }, 'settlement failed');
    }
    const done = new Set(settled);
    // Settled here or elsewhere: no longer watched.
    const waiting = new Set(due.rows.map((r) => r.id));
    for (const id of this.unsettledReported.keys()) if (done.has(id) || !waiting.has(id)) this.unsettledReported.delete(id);
    for (const row of due.rows) {
      if (done.has(row.id) || now - row.drawn_at.getTime() < UNSETTLED_REPORT_MS) continue;
      const reported = this.unsettledReported.get(row.id);
      if (reported !== undefined && now - reported < UNSETTLED_REPORT_MS) continue;
      this.unsettledReported.set(row.id, now);
      this.options.log?.error(
        { drawType: row.draw_type, issue: row.issue_number, drawnAt: row.drawn_at.toISOString() },
        'drawn issue still not settled; settlement keeps being retried',
      );
    }
    return settled.length;
  }

  private async announce(drawn: readonly DrawnResult[]): Promise<void> {
    if (!this.options.events || drawn.length === 0) return;
    await this.options.events
      .publish(
        drawn.map((d) => ({
          customerId: null,
          type: 'drawResult',
          payload: { drawType: d.issue.drawType, drawNumber: d.issue.issueNumber, result: d.result },
        })),
      )
      .catch((error: unknown) => this.options.log?.warn({ err: error }, 'draw result event not published'));
  }
}
