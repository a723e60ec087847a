// The statement of a player's main wallet: its ledger entries (one per transfer that moved it), with
// the transfer's type code, newest first, inside spec §9's 30-day window. Read straight from the
// ledger, so every amount the player sees is an entry (decisions §3). The range is a pair of instants
// on ledger_entries (account_id, created_at, id) (drizzle/0024_finance.sql): a page and its count
// read only the player's entries of the range, however long the history.
import type pg from 'pg';
import {
  statementRangeProblem,
  statementWindow,
  type ParsedTransactionListQuery,
  type TransactionList,
} from '../../../shared/api/wallet.ts';
import { beijingMidnight, parseDay } from '../../../shared/draws/schedule/beijing-time.ts';
import { transactionTypeLabel, typesOfFilter, type TransactionTypeFilter } from '../../../shared/wallet/transaction-types.ts';
import { errors } from '../../http/errors.ts';

interface EntryRow {
  id: number;
  type: string;
  amount: number;
  balance_after: number;
  reference: string | null;
  memo: string | null;
  created_at: Date;
}

export async function listTransactions(
  db: pg.Pool,
  customerId: number,
  query: ParsedTransactionListQuery,
  now = Date.now(),
): Promise<TransactionList> {
  const problem = statementRangeProblem(query, now);
  if (problem) throw errors.validation(problem.message, { [problem.field]: problem.message });
  const window = statementWindow(now);
  const from = query.from ?? window.earliest;
  const to = query.to ?? window.today;
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize, from, to };
  const account = await db.query<{ id: number }>(`SELECT id FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`, [customerId]);
  const accountId = account.rows[0]?.id;
  if (accountId === undefined) return empty;

  const sql = statementSql(accountId, { from, to, type: query.type, page: query.page, pageSize: query.pageSize });
  const counted = await db.query<{ total: number }>(sql.count.text, sql.count.values);
  const total = counted.rows[0]!.total;
  if (total <= (query.page - 1) * query.pageSize) return { ...empty, total };
  const rows = await db.query<EntryRow>(sql.page.text, sql.page.values);
  return {
    ...empty,
    total,
    items: rows.rows.map((row) => ({
      id: row.id,
      type: row.type,
      typeLabel: transactionTypeLabel(row.type),
      amount: row.amount,
      balanceAfter: row.balance_after,
      reference: row.reference,
      memo: row.memo,
      createdAt: row.created_at.getTime(),
    })),
  };
}

interface SqlStatement {
  text: string;
  values: unknown[];
}

/** The count and the page of a statement query (exported for the query-plan test). */
export function statementSql(
  accountId: number,
  range: { from: string; to: string; type?: TransactionTypeFilter | undefined; page: number; pageSize: number },
): { count: SqlStatement; page: SqlStatement } {
  const values: unknown[] = [accountId, new Date(beijingMidnight(parseDay(range.from))), new Date(beijingMidnight(parseDay(range.to) + 1))];
  let typeFilter = '';
  if (range.type) {
    values.push(typesOfFilter(range.type));
    typeFilter = `AND t.type = ANY($${values.length}::text[])`;
  }
  const inRange = 'e.account_id = $1 AND e.created_at >= $2 AND e.created_at < $3';
  return {
    count: {
      text: range.type
        ? `SELECT count(*)::int AS total FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id WHERE ${inRange} ${typeFilter}`
        : `SELECT count(*)::int AS total FROM ledger_entries e WHERE ${inRange}`,
      values,
    },
    page: {
      text: `SELECT e.id, t.type, e.amount, e.balance_after, t.reference, t.memo, e.created_at
               FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
              WHERE ${inRange} ${typeFilter}
              ORDER BY e.created_at DESC, e.id DESC
              LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      values: [...values, range.pageSize, (range.page - 1) * range.pageSize],
    },
  };
}
