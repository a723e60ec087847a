// The daily cash report (日现金报表): per Beijing day, the money that came in and went out, from the
// ledger alone — the transfers of the money-in-and-out codes (decisions §10) split by the kind of
// account each entry touched. A DEP transfer moves money from an external account (the gateway or
// the offline channel) to the player, with the house's fee if any; WPEND holds a withdrawal in the
// clearing account, WIT pays it from there (net to the gateway, fee to the house), WFAIL returns it.
import type pg from 'pg';
import type { CashFigures, CashReport, CashRow } from '../../../shared/backoffice/finance-reports.ts';
import { beijingMidnight, formatDay, parseDay } from '../../../shared/draws/schedule/beijing-time.ts';
import { withTransaction } from '../../db/pool.ts';

/** Keep equal to the partial index ledger_transfers_cash_created_idx (drizzle/0024_finance.sql). */
export const CASH_TRANSFER_TYPES = ['DEP', 'WPEND', 'WIT', 'WFAIL', 'MI', 'MU', 'MD'] as const;
const CASH_TYPES_SQL = CASH_TRANSFER_TYPES.map((t) => `'${t}'`).join(', ');
const HOLD_TYPES = new Set<string>(['WPEND', 'WIT', 'WFAIL']);
const HOLD_TYPES_SQL = [...HOLD_TYPES].map((t) => `'${t}'`).join(', ');

type AccountKind = 'PLAYER_MAIN' | 'HOUSE' | 'CLEARING' | 'EXTERNAL';

interface MovementRow {
  day: string;
  type: (typeof CASH_TRANSFER_TYPES)[number];
  kind: AccountKind;
  transfers: number;
  amount: number;
}

const zero = (): CashFigures => ({
  depositCount: 0,
  depositAmount: 0,
  depositFees: 0,
  withdrawalCount: 0,
  withdrawalAmount: 0,
  withdrawalFees: 0,
  returnedCount: 0,
  returnedAmount: 0,
  requestedCount: 0,
  requestedAmount: 0,
  manualCredits: 0,
  manualDebits: 0,
  netCashFlow: 0,
});

/** Adds one (type, account kind) sum of a day to its figures. */
function add(figures: CashFigures, row: MovementRow): void {
  const { type, kind, amount, transfers } = row;
  if (kind === 'EXTERNAL' && (type === 'DEP' || type === 'WIT')) figures.netCashFlow -= amount;
  if (type === 'DEP' && kind === 'PLAYER_MAIN') {
    figures.depositCount += transfers;
    figures.depositAmount += amount;
  } else if (type === 'DEP' && kind === 'HOUSE') figures.depositFees += amount;
  else if (type === 'WIT' && kind === 'CLEARING') {
    figures.withdrawalCount += transfers;
    figures.withdrawalAmount -= amount;
  } else if (type === 'WIT' && kind === 'HOUSE') figures.withdrawalFees += amount;
  else if (type === 'WFAIL' && kind === 'PLAYER_MAIN') {
    figures.returnedCount += transfers;
    figures.returnedAmount += amount;
  } else if (type === 'WPEND' && kind === 'CLEARING') {
    figures.requestedCount += transfers;
    figures.requestedAmount += amount;
  } else if ((type === 'MI' || type === 'MU') && kind === 'PLAYER_MAIN') figures.manualCredits += amount;
  else if (type === 'MD' && kind === 'PLAYER_MAIN') figures.manualDebits -= amount;
}

function sum(rows: readonly CashFigures[]): CashFigures {
  const total = zero();
  for (const row of rows) for (const key of Object.keys(total) as (keyof CashFigures)[]) total[key] += row[key];
  return total;
}

export async function cashReport(db: pg.Pool, range: { from: string; to: string }): Promise<CashReport> {
  const firstDay = parseDay(range.from);
  const lastDay = parseDay(range.to);
  const start = new Date(beijingMidnight(firstDay));
  const end = new Date(beijingMidnight(lastDay + 1));
  const { movements, opening } = await withTransaction(db, async (client) => {
    // One snapshot for both statements (REPEATABLE READ): the held amount and the movements agree.
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL jit = off');
    const found = await client.query<MovementRow>(
      `SELECT to_char((t.created_at AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS day, t.type, a.kind,
              count(DISTINCT t.id)::int AS transfers, sum(e.amount)::bigint AS amount
         FROM ledger_transfers t
         JOIN ledger_entries e ON e.transfer_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id
        WHERE t.type IN (${CASH_TYPES_SQL}) AND t.created_at >= $1 AND t.created_at < $2
        GROUP BY 1, 2, 3`,
      [start, end],
    );
    const held = await client.query<{ held: number }>(
      `SELECT coalesce(sum(e.amount), 0)::bigint AS held
         FROM ledger_transfers t
         JOIN ledger_entries e ON e.transfer_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'CLEARING'
        WHERE t.type IN (${HOLD_TYPES_SQL}) AND t.created_at < $1`,
      [start],
    );
    return { movements: found.rows, opening: held.rows[0]!.held };
  });

  const byDay = new Map<string, { figures: CashFigures; holdChange: number }>();
  for (let day = firstDay; day <= lastDay; day++) byDay.set(formatDay(day), { figures: zero(), holdChange: 0 });
  for (const row of movements) {
    const day = byDay.get(row.day)!;
    add(day.figures, row);
    if (row.kind === 'CLEARING' && HOLD_TYPES.has(row.type)) day.holdChange += row.amount;
  }
  let held = opening;
  const rows: CashRow[] = [];
  for (const [day, { figures, holdChange }] of byDay) {
    held += holdChange;
    rows.push({ day, ...figures, heldAtDayEnd: held });
  }
  return { from: range.from, to: range.to, rows, total: sum(rows.map(({ day: _day, heldAtDayEnd: _held, ...figures }) => figures)) };
}
