// The statement's filters as the form holds them, and the API query they ask for. Dates are Beijing
// days inside spec §9's 30-day window; a range the window refuses is said before anything is sent.
import { statementRangeProblem, statementWindow, STATEMENT_PAGE_SIZE, type TransactionListQuery } from '../../../../shared/api/wallet.ts';
import { TRANSACTION_GROUP_LABELS, TRANSACTION_GROUPS, type TransactionGroup } from '../../../../shared/wallet/transaction-types.ts';

export interface StatementFilters {
  group?: TransactionGroup;
  from?: string;
  to?: string;
  page?: number;
}

export const GROUP_OPTIONS = [
  { value: '', label: '全部类型' },
  ...TRANSACTION_GROUPS.map((group) => ({ value: group, label: TRANSACTION_GROUP_LABELS[group] })),
];

export const isTransactionGroup = (value: string): value is TransactionGroup => (TRANSACTION_GROUPS as readonly string[]).includes(value);

export function statementQuery(filters: StatementFilters): TransactionListQuery {
  const query: TransactionListQuery = { page: filters.page ?? 1, pageSize: STATEMENT_PAGE_SIZE };
  if (filters.group) query.type = filters.group;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

/** A filter change goes back to page 1 and drops emptied values; a page change keeps the filters. */
export function changeFilters(current: StatementFilters, change: Partial<StatementFilters>): StatementFilters {
  const next: StatementFilters = { ...current, ...change };
  if (!('page' in change)) delete next.page;
  for (const key of ['group', 'from', 'to'] as const) if (!next[key]) delete next[key];
  if (next.page === 1) delete next.page;
  return next;
}

/** Why the chosen dates cannot be asked for (outside the window, reversed), or null. */
export function filterProblem(filters: StatementFilters, now: number): string | null {
  return statementRangeProblem({ from: filters.from, to: filters.to }, now)?.message ?? null;
}

export { statementWindow };
