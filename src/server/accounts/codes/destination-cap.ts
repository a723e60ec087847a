// The daily cap on codes per destination (a phone number or a lower-cased e-mail address), shared by
// the binding codes (send-code.ts) and the password-reset codes (send-reset-code.ts). It counts its own
// events (rate_limit_events, bucket 'code-destination'), not stored codes: a reset request spends one
// whether or not the typed name owns the destination, so the cap a binding request meets says nothing
// about who owns it. Count and record run under an advisory lock keyed by the destination, held to the
// end of the caller's transaction, so requests from any number of accounts and addresses take turns.
import type pg from 'pg';
import { recentCount } from '../rate-limit.ts';

const DAY_MS = 86_400_000;
export const DESTINATION_BUCKET = 'code-destination';
// Advisory lock class of one destination's count.
const DESTINATION_LOCK = 7_412_104;

/**
 * Spends one of the destination's codes for today inside the caller's transaction; returns the
 * event's id (to give it back with releaseSlot when the code never left), or null when the day's
 * codes are spent.
 */
export async function takeDestinationSlot(client: pg.PoolClient, destination: string, dailyLimit: number): Promise<number | null> {
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [DESTINATION_LOCK, `dest:${destination}`]);
  if ((await recentCount(client, DESTINATION_BUCKET, destination, DAY_MS)) >= dailyLimit) return null;
  const inserted = await client.query<{ id: number }>('INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2) RETURNING id', [
    DESTINATION_BUCKET,
    destination,
  ]);
  return inserted.rows[0]!.id;
}
