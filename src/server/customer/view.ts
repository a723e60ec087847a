// How a customer row becomes the current customer of spec §3.1.
import type { CurrentCustomer } from '../../shared/api/session.ts';

export interface CustomerRow {
  id: number;
  username: string;
  alias: string;
  avatar_image: string | null;
  birthday: string | Date | null;
  type: CurrentCustomer['type'];
  vip_level: CurrentCustomer['vipLevel'];
  test_mode: CurrentCustomer['testMode'];
  first_login: boolean;
  first_login_contact_required: boolean;
  registration_link_id: string | null;
  prize_group: number;
}

/** Columns of `customers c` that make a CustomerRow. */
export const CUSTOMER_COLUMNS = `c.id, c.username, c.alias, c.avatar_image, to_char(c.birthday, 'YYYY-MM-DD') AS birthday,
  c.type, c.vip_level, c.test_mode, c.first_login, c.first_login_contact_required, c.registration_link_id, c.prize_group`;

export function customerFromRow(row: CustomerRow): CurrentCustomer {
  return {
    name: row.username,
    alias: row.alias,
    avatarImage: row.avatar_image,
    birthday: row.birthday === null ? null : String(row.birthday),
    type: row.type,
    vipLevel: row.vip_level,
    testMode: row.test_mode,
    firstLogin: row.first_login,
    firstLoginContactRequired: row.first_login_contact_required,
    registrationLinkId: row.registration_link_id,
    prizeGroup: row.prize_group,
  };
}
