// The login history an operator reads on the customer's page: every sign-in, every wrong password for
// an existing account, every sign-in refused because the account is frozen.
import type { Queryable } from '../db/pool.ts';

export type LoginOutcome = 'SUCCESS' | 'BAD_PASSWORD' | 'FROZEN';

export async function recordLogin(
  db: Queryable,
  entry: { customerId: number; outcome: LoginOutcome; ip: string; userAgent: string | undefined },
): Promise<void> {
  await db.query('INSERT INTO customer_logins (customer_id, outcome, ip, user_agent) VALUES ($1, $2, $3, $4)', [
    entry.customerId,
    entry.outcome,
    entry.ip,
    entry.userAgent?.slice(0, 300) ?? null,
  ]);
}
