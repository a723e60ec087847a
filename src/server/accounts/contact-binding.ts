// One account per person (spec §9): a phone or e-mail is bound to one customer at most. Checked only
// after the code proved the address is the caller's, so it reveals nothing to anyone else.
import type pg from 'pg';
import { errors } from '../http/errors.ts';

export type ContactColumn = 'phone' | 'email';

const TAKEN: Record<ContactColumn, string> = {
  phone: '该手机号码已被其他账号绑定',
  email: '该邮箱已被其他账号绑定',
};
// Serializes bindings of one address so two accounts cannot take it at once.
const BIND_LOCK = 7_412_103;

export async function assertContactFree(client: pg.PoolClient, column: ContactColumn, value: string, customerId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BIND_LOCK, `${column}:${value}`]);
  const taken = await client.query(`SELECT 1 FROM customers WHERE lower(${column}) = lower($1) AND id <> $2`, [value, customerId]);
  if ((taken.rowCount ?? 0) > 0) throw errors.conflict(TAKEN[column]);
}

/** The checks and column updates for the verified contacts of a request. */
export interface VerifiedContacts {
  phone?: { phone: string; verificationCode: string };
  email?: { email: string; verificationCode: string };
}

export function codeChecks(customerId: number, contacts: VerifiedContacts, prefix: { phone: string; email: string }) {
  const checks = [];
  if (contacts.phone) {
    checks.push({
      customerId,
      channel: 'SMS' as const,
      destination: contacts.phone.phone,
      code: contacts.phone.verificationCode,
      field: `${prefix.phone}verificationCode`,
    });
  }
  if (contacts.email) {
    checks.push({
      customerId,
      channel: 'EMAIL' as const,
      destination: contacts.email.email.toLowerCase(),
      code: contacts.email.verificationCode,
      field: `${prefix.email}verificationCode`,
    });
  }
  return checks;
}

/** Binds the verified contacts (inside the transaction that used the codes). */
export async function bindContacts(client: pg.PoolClient, customerId: number, contacts: VerifiedContacts): Promise<void> {
  if (contacts.phone) {
    await assertContactFree(client, 'phone', contacts.phone.phone, customerId);
    await client.query(
      'UPDATE customers SET phone = $2, phone_bound_at = CASE WHEN phone IS DISTINCT FROM $2 THEN now() ELSE phone_bound_at END WHERE id = $1',
      [customerId, contacts.phone.phone],
    );
  }
  if (contacts.email) {
    const email = contacts.email.email.toLowerCase();
    await assertContactFree(client, 'email', email, customerId);
    await client.query(
      'UPDATE customers SET email = $2, email_bound_at = CASE WHEN email IS DISTINCT FROM $2 THEN now() ELSE email_bound_at END WHERE id = $1',
      [customerId, email],
    );
  }
}
