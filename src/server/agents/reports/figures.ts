// Reading the roll-up's figures back: sums of the stored columns over a range, as the API's Figures.
import type { Figures } from '../../../shared/api/agent-reports.ts';
import type { Queryable } from '../../db/pool.ts';

export interface FigureRow {
  bets: number;
  bet_count: number;
  wins: number;
  rebates: number;
  commission: number;
  bonuses: number;
  deposits: number;
  withdrawals: number;
  transfers_in: number;
  transfers_out: number;
}

const STORED = ['bets', 'bet_count', 'wins', 'rebates', 'commission', 'bonuses', 'deposits', 'withdrawals', 'transfers_in', 'transfers_out'] as const;

/** `coalesce(sum(<alias>.col), 0)::bigint AS <prefix>col` for every stored figure. */
export function summedColumns(alias: string, prefix = ''): string {
  return STORED.map((c) => `coalesce(sum(${alias}.${c}), 0)::bigint AS ${prefix}${c}`).join(', ');
}

export const ZERO_ROW: FigureRow = Object.fromEntries(STORED.map((c) => [c, 0])) as unknown as FigureRow;

/** The row's figures; `prefix` picks one of several sets selected side by side. */
export function figuresOf(row: Record<string, unknown> | undefined, prefix = ''): Figures {
  const get = (column: (typeof STORED)[number]) => Number(row?.[`${prefix}${column}`] ?? 0);
  const f = {
    bets: get('bets'),
    betCount: get('bet_count'),
    wins: get('wins'),
    rebates: get('rebates'),
    commission: get('commission'),
    bonuses: get('bonuses'),
    deposits: get('deposits'),
    withdrawals: get('withdrawals'),
    transfersIn: get('transfers_in'),
    transfersOut: get('transfers_out'),
  };
  return { ...f, profit: f.wins + f.rebates + f.commission + f.bonuses - f.bets };
}

export async function updatedAt(db: Queryable): Promise<string | null> {
  const result = await db.query<{ covered_until: Date | null }>('SELECT covered_until FROM agent_stats_state WHERE id = 1');
  return result.rows[0]?.covered_until?.toISOString() ?? null;
}
