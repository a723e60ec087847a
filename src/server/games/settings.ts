// The operator's game settings as this process applies them: regular-mode limits go into the shared
// engine (configureDrawType) plus the order-wide bet limit kept here; board odds and 退水 are kept as
// versions, so a board bet is priced at the latest and settled at the version in force when it was
// placed. The database is the authority: a write reloads this process at once (reloadGameSettings),
// and every process polls a cheap revision so that a change made elsewhere applies within seconds.
import type pg from 'pg';
import type { BoardSettings } from '../../shared/lottery/board/index.ts';
import { configureDrawType, resetDrawTypeConfig, type DrawTypeConfig } from '../../shared/lottery/regular/limits.ts';
import type { Queryable } from '../db/pool.ts';

export interface BoardSettingsVersion {
  id: number;
  /** Milliseconds, on the draw clock (as orders.created_at). */
  effectiveAt: number;
  settings: BoardSettings;
}

interface LimitsRow {
  draw_type: string;
  prize_group_min: number | null;
  prize_group_max: number | null;
  max_multiplier: number | null;
  max_bets_per_order: number | null;
  max_payout_per_order: number;
  max_payout_per_issue: number;
}

interface BoardRow {
  id: number;
  draw_type: string;
  odds: BoardSettings['odds'];
  rebates: BoardSettings['rebates'];
  effective_at: Date;
}

const configured = new Set<string>();
const maxBetsPerOrder = new Map<string, number>();
let boardVersions = new Map<string, BoardSettingsVersion[]>();
let loadsStarted = 0;
let loadApplied = 0;
let revision: string | null = null;

export function engineConfigOf(row: Omit<LimitsRow, 'draw_type' | 'max_bets_per_order'>): DrawTypeConfig {
  return {
    ...(row.prize_group_min !== null && row.prize_group_max !== null ? { prizeGroup: { min: row.prize_group_min, max: row.prize_group_max } } : {}),
    ...(row.max_multiplier !== null ? { maxMultiplier: row.max_multiplier } : {}),
    maxPayoutPerOrder: row.max_payout_per_order,
    maxPayoutPerIssue: row.max_payout_per_issue,
  };
}

const REVISION_SQL = `SELECT concat_ws(':', (SELECT count(*) FROM game_regular_limits), (SELECT max(updated_at)::text FROM game_regular_limits),
                                    (SELECT max(id) FROM game_board_settings)) AS revision`;

/** Reads every setting and applies it to this process (a load that started earlier never overwrites a later one). */
export async function reloadGameSettings(db: Queryable): Promise<void> {
  const ticket = ++loadsStarted;
  const current = await db.query<{ revision: string }>(REVISION_SQL);
  const limits = await db.query<LimitsRow>(
    `SELECT draw_type, prize_group_min, prize_group_max, max_multiplier, max_bets_per_order, max_payout_per_order, max_payout_per_issue
       FROM game_regular_limits`,
  );
  const board = await db.query<BoardRow>(
    'SELECT id, draw_type, odds, rebates, effective_at FROM game_board_settings ORDER BY draw_type, effective_at, id',
  );
  if (ticket < loadApplied) return;
  loadApplied = ticket;
  revision = current.rows[0]!.revision;

  const seen = new Set<string>();
  for (const row of limits.rows) {
    seen.add(row.draw_type);
    configureDrawType(row.draw_type, engineConfigOf(row));
    configured.add(row.draw_type);
    if (row.max_bets_per_order === null) maxBetsPerOrder.delete(row.draw_type);
    else maxBetsPerOrder.set(row.draw_type, row.max_bets_per_order);
  }
  for (const code of configured) {
    if (seen.has(code)) continue;
    resetDrawTypeConfig(code);
    configured.delete(code);
    maxBetsPerOrder.delete(code);
  }

  const versions = new Map<string, BoardSettingsVersion[]>();
  for (const row of board.rows) {
    const list = versions.get(row.draw_type) ?? [];
    list.push({ id: row.id, effectiveAt: row.effective_at.getTime(), settings: { odds: row.odds, rebates: row.rebates } });
    versions.set(row.draw_type, list);
  }
  boardVersions = versions;
}

/** Reloads when another process changed something since the last load. */
async function refreshIfChanged(pool: pg.Pool): Promise<void> {
  const current = await pool.query<{ revision: string }>(REVISION_SQL);
  if (current.rows[0]!.revision !== revision) await reloadGameSettings(pool);
}

/** Loads the settings, then follows changes made by other processes; returns the stop function. */
export async function followGameSettings(pool: pg.Pool, everyMs = 2_000, onError: (error: unknown) => void = () => {}): Promise<() => void> {
  await reloadGameSettings(pool);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshIfChanged(pool)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The operator's limit on the bets (注) of one whole regular order, if any. */
export function maxBetsPerOrderOf(drawType: string): number | null {
  return maxBetsPerOrder.get(drawType) ?? null;
}

/** The board settings in force now: the newest version, or null for the engine's defaults. */
export function currentBoardSettings(drawType: string): BoardSettingsVersion | null {
  const list = boardVersions.get(drawType);
  return list && list.length > 0 ? list[list.length - 1]! : null;
}

/** The board settings in force at `instant` (an order's placing time), or null for the defaults. */
export function boardSettingsAt(drawType: string, instant: number): BoardSettingsVersion | null {
  const list = boardVersions.get(drawType);
  if (!list) return null;
  let found: BoardSettingsVersion | null = null;
  for (const version of list) {
    if (version.effectiveAt > instant) break;
    found = version;
  }
  return found;
}
