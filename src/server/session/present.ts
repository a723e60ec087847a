// The current customer as the PWA is told about it. A password change an operator forced is the
// by-manual first-login step (new password, the user agreement), whatever way the account was made:
// the PWA picks its first-login form by registrationLinkId, so that is left out while it is pending.
import type { CurrentCustomer } from '../../shared/api/session.ts';
import { customerFromRow, type CustomerRow } from '../customer/view.ts';

export function presentCustomer(row: CustomerRow & { password_change_required?: boolean }): CurrentCustomer {
  const customer = customerFromRow(row);
  return row.password_change_required ? { ...customer, registrationLinkId: null } : customer;
}
