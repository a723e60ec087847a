// One customer's wallet decisions (binding, requesting) are taken one at a time: every check-then-act
// of this folder runs in a transaction holding this lock, so parallel requests see each other's rows.
import type pg from 'pg';

const WITHDRAWAL_LOCK = 170_023;

export async function lockCustomerWallet(client: pg.PoolClient, customerId: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [WITHDRAWAL_LOCK, customerId % 2_147_483_647]);
}
