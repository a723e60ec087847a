// Which ledger codes make which figure (docs/wallet/README.md, docs/agents/reports.md). Each figure
// is the movement of the customer's main wallet under those codes, signed so that the figure is
// positive in the usual case (a bet's stake, a withdrawal are debits of the wallet).
import type { WalletTransactionType } from '../../../shared/enums.ts';

interface Column {
  name: string;
  codes: readonly WalletTransactionType[];
  /** -1: the wallet's debits count positive. */
  sign: 1 | -1;
  /** Only credits (1) or only debits (-1) of the wallet. */
  direction?: 1 | -1;
}

export const STAT_COLUMNS: readonly Column[] = [
  { name: 'bets', codes: ['BET', 'AB', 'REF', 'CO'], sign: -1 },
  { name: 'wins', codes: ['WIN', 'RES', 'JP'], sign: 1 },
  { name: 'rebates', codes: ['REB'], sign: 1 },
  { name: 'commission', codes: ['COMM', 'CMD'], sign: 1 },
  { name: 'bonuses', codes: ['BON', 'DW', 'CA', 'REW', 'PB', 'COMP', 'MB'], sign: 1 },
  { name: 'deposits', codes: ['DEP'], sign: 1 },
  { name: 'withdrawals', codes: ['WPEND', 'WFAIL', 'WIT'], sign: -1 },
  { name: 'transfers_in', codes: ['TT'], sign: 1, direction: 1 },
  { name: 'transfers_out', codes: ['TT'], sign: -1, direction: -1 },
  { name: 'adjustments', codes: ['MI', 'MU', 'MD', 'MDF', 'TRIAL'], sign: 1 },
];

/** Every stored figure column, in table order (bet_count aside). */
export const FIGURE_COLUMNS = STAT_COLUMNS.map((c) => c.name);

const list = (codes: readonly string[]) => codes.map((code) => `'${code}'`).join(', ');

/** SELECT-list expressions summing ledger entries `e` of transfers `t` into each figure. */
export function figureSums(): string {
  const sums = STAT_COLUMNS.map((column) => {
    const direction = column.direction === undefined ? '' : ` AND e.amount ${column.direction > 0 ? '>' : '<'} 0`;
    const sign = column.sign < 0 ? '-' : '';
    return `coalesce(${sign}sum(e.amount) FILTER (WHERE t.type IN (${list(column.codes)})${direction}), 0)::bigint AS ${column.name}`;
  });
  return [...sums, `count(*) FILTER (WHERE t.type IN ('BET', 'AB'))::int AS bet_count`].join(',\n       ');
}

/** Codes that make any figure: the roll-up reads only these entries. */
export const COUNTED_CODES: readonly string[] = [...new Set(STAT_COLUMNS.flatMap((c) => c.codes))];
