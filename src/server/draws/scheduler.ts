// The draw scheduler: opens and closes sales on time, draws platform issues at their draw time, asks
// the feed for official results, cancels issues whose result never comes, and hands drawn issues to
// settlement. Every transition is one guarded UPDATE (`WHERE state = <from>`), with row locks taken
// by SKIP LOCKED, so several processes can run it at once and each transition happens exactly once;
// after a crash the next tick simply continues from the states in the database.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { getDrawType } from '../../shared/catalogue/draw-types.ts';
import { chainSeed, derivePeriodicDraw, issuesOfSalesDay } from '../../shared/draws/index.ts';
import type { EventHub } from '../events/hub.ts';
import type { BeaconSource } from './beacon.ts';
import type { Clock } from './clock.ts';
import type { ResultFeed } from './feeds/feed.ts';
import { generateIssues, isPeriodic, beijingDay } from './generator.ts';
import type { IssueLifecycle, IssueRef } from './lifecycle.ts';
import { dayChain } from './seed-chains.ts';

const BATCH = 500;
const REGENERATE_MS = 10 * 60_000;

export interface SchedulerOptions {
  pool: pg.Pool;
  clock: Clock;
  feed: ResultFeed;
  lifecycle: IssueLifecycle;
  events?: EventHub;
  log?: FastifyBaseLogger;
  /** An issue with no official result this long after its draw time is cancelled and refunded. */
  feedTimeoutMs: number;
  tickMs?: number;
  /** A public randomness beacon mixed into platform draws, when configured. */
  beacon?: BeaconSource;
  /** Work that follows the draws (autobet entries), run at the end of every tick. */
  afterTick?: (now: number) => Promise<void>;
}

export interface TickReport {
  generated: number;
  opened: number;
  closed: number;
  drawn: number;
  cancelled: number;
  settled: number;
}

interface DueIssue extends IssueRef {
  salesDay: string;
  sequence: number;
  drawAt: number;
}

interface DrawnResult {
  issue: DueIssue;
  result: number[];
  source: string;
  seed: string | null;
  beacon: string | null;
}

export class DrawScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private generatedForDay = '';
  private generatedAt = Number.NEGATIVE_INFINITY;
  private drawTypes: string[] = [];

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tickSafely(), this.options.tickMs ?? 1_000);
    this.timer.unref();
    void this.tickSafely();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  private async tickSafely(): Promise<void> {
    if (this.running) return;
    this.running = this.tick().catch((error: unknown) => this.options.log?.error({ err: error }, 'draw scheduler tick failed'));
    await this.running;
    this.running = null;
  }

  async tick(): Promise<TickReport> {
    const now = this.options.clock.now();
    const report: TickReport = { generated: 0, opened: 0, closed: 0, drawn: 0, cancelled: 0, settled: 0 };
    report.generated = await this.generate(now);
    report.opened = (await this.move('SCHEDULED', 'OPEN', 'opens_at', now)).length;
    report.closed = (await this.move('OPEN', 'CLOSED', 'closes_at', now)).length;
    report.drawn = await this.drawDue(now);
    report.cancelled = await this.cancelOverdue(now);
    report.settled = await this.settle(now);
    await this.options.afterTick?.(now);
    return report;
  }

  private async generate(now: number): Promise<number> {
    const day = beijingDay(now);
    // Again when the day changes (the next day's issues), and now and then for newly enabled games.
    if (day === this.generatedForDay && now - this.generatedAt < REGENERATE_MS) return 0;
    const enabled = await this.options.pool.query<{ draw_type: string }>('SELECT draw_type FROM own_games WHERE enabled');
    this.drawTypes = enabled.rows.map((r) => r.draw_type).filter(isPeriodic);
    // JSTB is drawn on JSK3's result: its source draw type needs issues even when not offered itself.
    for (const code of [...this.drawTypes]) {
      const source = getDrawType(code).resultOf;
      if (source && !this.drawTypes.includes(source)) this.drawTypes.push(source);
    }
    const created = await generateIssues(this.options.pool, this.drawTypes, now);
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
       INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at)
       SELECT id, $1, $2, to_timestamp($3 / 1000.0) FROM moved RETURNING issue_id`,
      [from, to, now, BATCH],
    );
    return result.rows.map((r) => r.issue_id);
  }

  private async dueForDraw(now: number): Promise<DueIssue[]> {
    const result = await this.options.pool.query<{
      id: number;
      draw_type: string;
      issue_number: string;
      sales_day: string;
      sequence: number;
      draw_at: Date;
    }>(
      `SELECT id, draw_type, issue_number, to_char(sales_day, 'YYYY-MM-DD') AS sales_day, sequence, draw_at FROM draw_issues
        WHERE state = 'CLOSED' AND draw_at <= to_timestamp($1 / 1000.0) ORDER BY draw_at LIMIT $2`,
      [now, BATCH],
    );
    return result.rows.map((r) => ({
      id: r.id,
      drawType: r.draw_type,
      issueNumber: r.issue_number,
      salesDay: r.sales_day,
      sequence: r.sequence,
      drawAt: r.draw_at.getTime(),
    }));
  }

  /** Computes results outside any transaction, then writes them with a state guard. */
  private async drawDue(now: number): Promise<number> {
    const due = await this.dueForDraw(now);
    const drawn: DrawnResult[] = [];
    for (const issue of due) {
      try {
        const outcome = await this.resultFor(issue, now);
        if (outcome) drawn.push(outcome);
      } catch (error) {
        this.options.log?.warn({ err: error, issue: issue.issueNumber, drawType: issue.drawType }, 'result not available');
      }
    }
    if (drawn.length === 0) return 0;
    const written = await this.options.pool.query<{ issue_id: number }>(
      `WITH d AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $6::text[]) AS d(id, result, source, seed, beacon)),
       moved AS (
         UPDATE draw_issues i SET state = 'DRAWN', result = string_to_array(d.result, ',')::int[],
                result_source = d.source, seed = d.seed, beacon = d.beacon, drawn_at = to_timestamp($5 / 1000.0)
           FROM d WHERE i.id = d.id AND i.state = 'CLOSED' RETURNING i.id)
       INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at)
       SELECT id, 'CLOSED', 'DRAWN', to_timestamp($5 / 1000.0) FROM moved RETURNING issue_id`,
      [
        drawn.map((d) => d.issue.id),
        drawn.map((d) => d.result.join(',')),
        drawn.map((d) => d.source),
        drawn.map((d) => d.seed),
        now,
        drawn.map((d) => d.beacon),
      ],
    );
    const writtenIds = new Set(written.rows.map((r) => r.issue_id));
    await this.announce(drawn.filter((d) => writtenIds.has(d.issue.id)));
    return writtenIds.size;
  }

  private async resultFor(issue: DueIssue, now: number): Promise<DrawnResult | null> {
    const info = getDrawType(issue.drawType);
    if (info.source === 'platform') {
      const length = issuesOfSalesDay(issue.drawType, issue.salesDay).length;
      const chain = await dayChain(this.options.pool, issue.drawType, issue.salesDay, length);
      const seed = chainSeed(chain, issue.sequence);
      const beacon = this.options.beacon ? await this.options.beacon.valueFor(issue.drawAt) : null;
      // A configured beacon that has not published the issue's round yet: draw on a later tick.
      if (this.options.beacon && beacon === null) return null;
      const { result } = await derivePeriodicDraw({ drawType: issue.drawType, issueNumber: issue.issueNumber, seed, beacon: beacon ?? undefined });
      return { issue, result, source: 'platform', seed, beacon };
    }
    if (info.resultOf) {
      const source = await this.options.pool.query<{ result: number[] }>(
        `SELECT result FROM draw_issues WHERE draw_type = $1 AND issue_number = $2 AND state IN ('DRAWN', 'SETTLED')`,
        [info.resultOf, issue.issueNumber],
      );
      const result = source.rows[0]?.result;
      return result ? { issue, result, source: info.resultOf, seed: null, beacon: null } : null;
    }
    const result = await this.options.feed.fetchResult({ drawType: issue.drawType, issueNumber: issue.issueNumber, drawAt: issue.drawAt }, now);
    return result ? { issue, result, source: this.options.feed.name, seed: null, beacon: null } : null;
  }

  private async cancelOverdue(now: number): Promise<number> {
    const result = await this.options.pool.query<{ id: number; draw_type: string; issue_number: string }>(
      `WITH picked AS (
         SELECT id FROM draw_issues WHERE state = 'CLOSED' AND draw_at <= to_timestamp(($1::bigint - $2::bigint) / 1000.0)
          ORDER BY draw_at LIMIT $3 FOR UPDATE SKIP LOCKED),
       moved AS (
         UPDATE draw_issues d SET state = 'CANCELLED', cancelled_at = to_timestamp($1 / 1000.0), cancel_reason = 'NO_RESULT'
           FROM picked WHERE d.id = picked.id AND d.state = 'CLOSED' RETURNING d.id, d.draw_type, d.issue_number),
       logged AS (
         INSERT INTO draw_issue_transitions (issue_id, from_state, to_state, at, note)
         SELECT id, 'CLOSED', 'CANCELLED', to_timestamp($1 / 1000.0), '开奖结果超时未到' FROM moved)
       SELECT id, draw_type, issue_number FROM moved`,
      [now, this.options.feedTimeoutMs, BATCH],
    );
    const cancelled = result.rows.map((r) => ({ id: r.id, drawType: r.draw_type, issueNumber: r.issue_number }));
    if (cancelled.length > 0) await this.options.lifecycle.afterCancel(this.options.pool, cancelled, now);
    return cancelled.length;
  }

  private async settle(now: number): Promise<number> {
    const due = await this.options.pool.query<{ id: number; draw_type: string; issue_number: string }>(
      `SELECT id, draw_type, issue_number FROM draw_issues WHERE state = 'DRAWN' ORDER BY drawn_at LIMIT $1`,
      [BATCH],
    );
    const issues = due.rows.map((r) => ({ id: r.id, drawType: r.draw_type, issueNumber: r.issue_number }));
    return (await this.options.lifecycle.settleDrawn(this.options.pool, issues, now)).length;
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
