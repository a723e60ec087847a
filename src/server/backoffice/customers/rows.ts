// How customer rows become what the back office shows.
import type { CustomerListItem } from '../../../shared/backoffice/customers.ts';

export const iso = (at: Date): string => at.toISOString();
export const isoOrNull = (at: Date | null): string | null => (at ? at.toISOString() : null);

/** Columns of `customers c`, its parent `p` and its main wallet `a`. */
export const CUSTOMER_LIST_COLUMNS = `c.id, c.username, c.alias, c.type, c.test_mode, c.vip_level, c.frozen_at, p.username AS parent_username,
  c.registration_link_id, c.phone, coalesce(a.balance, 0)::bigint AS balance, c.created_at, c.last_login_at`;

export interface CustomerListRow {
  id: number;
  username: string;
  alias: string;
  type: CustomerListItem['type'];
  test_mode: string | null;
  vip_level: CustomerListItem['vipLevel'];
  frozen_at: Date | null;
  parent_username: string | null;
  registration_link_id: string | null;
  phone: string | null;
  balance: number;
  created_at: Date;
  last_login_at: Date | null;
}

export function listItemFromRow(row: CustomerListRow): CustomerListItem {
  return {
    id: row.id,
    username: row.username,
    alias: row.alias,
    type: row.type,
    trial: row.test_mode !== null,
    vipLevel: row.vip_level,
    status: row.frozen_at ? 'FROZEN' : 'ACTIVE',
    parentUsername: row.parent_username,
    registrationLinkId: row.registration_link_id,
    phone: row.phone,
    balance: row.balance,
    createdAt: iso(row.created_at),
    lastLoginAt: isoOrNull(row.last_login_at),
  };
}
