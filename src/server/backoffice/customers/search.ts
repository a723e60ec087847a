// The operators' customer search: filters that combine, newest accounts first, one page at a time.
// username and phone are prefix matches and registration links exact (all indexed, migration 0016);
// the upline filter walks the agent tree down from that agent (customers_parent_idx); the alias is a
// substring match, which reads every row (aliases are short Chinese names, typed from the middle).
import type { CustomerList, CustomerSearch } from '../../../shared/backoffice/customers.ts';
import type { Queryable } from '../../db/pool.ts';
import { CUSTOMER_LIST_COLUMNS, listItemFromRow, type CustomerListRow } from './rows.ts';

/** `text` as a LIKE pattern that matches itself only (its own % and _ are not wildcards). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function searchCustomers(db: Queryable, search: CustomerSearch): Promise<CustomerList> {
  const values: unknown[] = [];
  const where: string[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (search.username) where.push(`c.username_key LIKE ${bind(`${likeLiteral(search.username.toLowerCase())}%`)}`);
  if (search.alias) where.push(`c.alias ILIKE ${bind(`%${likeLiteral(search.alias)}%`)}`);
  if (search.phone) where.push(`c.phone LIKE ${bind(`${likeLiteral(search.phone)}%`)}`);
  if (search.registrationLinkId) where.push(`c.registration_link_id = ${bind(search.registrationLinkId)}`);
  if (search.status) where.push(search.status === 'FROZEN' ? 'c.frozen_at IS NOT NULL' : 'c.frozen_at IS NULL');
  let team = '';
  if (search.upline) {
    team = `WITH RECURSIVE team AS (
        SELECT m.id FROM customers m JOIN customers u ON m.parent_id = u.id WHERE u.username_key = ${bind(search.upline.toLowerCase())}
        UNION SELECT m.id FROM customers m JOIN team t ON m.parent_id = t.id)`;
    where.push('c.id IN (SELECT id FROM team)');
  }
  const condition = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = await db.query<{ total: number }>(`${team} SELECT count(*)::int AS total FROM customers c ${condition}`, values);
  const offset = (search.page - 1) * search.pageSize;
  const rows = await db.query<CustomerListRow>(
    `${team} SELECT ${CUSTOMER_LIST_COLUMNS} FROM customers c
       LEFT JOIN customers p ON p.id = c.parent_id
       LEFT JOIN ledger_accounts a ON a.customer_id = c.id AND a.kind = 'PLAYER_MAIN'
     ${condition} ORDER BY c.id DESC LIMIT ${bind(search.pageSize)} OFFSET ${bind(offset)}`,
    values,
  );
  return { items: rows.rows.map(listItemFromRow), total: counted.rows[0]!.total, page: search.page, pageSize: search.pageSize };
}
