// The settlement lock of an issue: held by settleIssue for its whole call, and waited for by the
// re-settlement of a corrected result, so that the two never interleave on one issue.
import type pg from 'pg';

/** Advisory lock class of settlement (the migration lock is 7_412_001, the outbox's 7_412_002). */
const SETTLEMENT_LOCK = 7_412_003;
/** Advisory lock class of the settlement's writing transactions (-7_412_004 is the instant caps'). */
const SETTLEMENT_WRITERS = 7_412_005;

export interface SettlementLock {
  /**
   * True while the lock is still held, checked inside a batch's transaction, which from then on
   * holds the issue's writers lock (shared) until it ends: a settler that takes the issue over waits
   * for it (below), so the transactions of a holder that lost the lock either committed before the
   * new holder reads anything or find, when they check, that they no longer hold it.
   */
  held(client: pg.PoolClient): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * The issue's settlement lock: a session-level advisory lock on a pooled connection kept for the
 * call (a single 64-bit key, apart from the (issue, player) pairs of the payout caps). Null when
 * another session holds it, unless `wait` (re-settlement of a corrected result waits for a running
 * settlement to finish). A connection lost meanwhile loses the lock; `held` then says so.
 */
export async function acquireSettlementLock(pool: pg.Pool, issueId: number, wait = false): Promise<SettlementLock | null> {
  const low = issueId % 4_294_967_296;
  const key = ((BigInt(SETTLEMENT_LOCK) << 32n) | BigInt(low)).toString();
  const writers = ((BigInt(SETTLEMENT_WRITERS) << 32n) | BigInt(low)).toString();
  const client = await pool.connect();
  // The connection sits idle, checked out, for the whole call: a lost connection must not be an
  // unhandled 'error' event (the lock is gone with it; `held` reports that).
  let lost: Error | null = null;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  let locked = false;
  try {
    const got = await client.query<{ locked: boolean; pid: number }>(
      wait
        ? 'SELECT true AS locked, pg_backend_pid() AS pid FROM (SELECT pg_advisory_lock($1::bigint)) AS l'
        : 'SELECT pg_try_advisory_lock($1::bigint) AS locked, pg_backend_pid() AS pid',
      [key],
    );
    locked = got.rows[0]!.locked;
    if (!locked) {
      client.off('error', onError);
      client.release();
      return null;
    }
    const pid = got.rows[0]!.pid;
    // The barrier: every writing transaction of an earlier holder of this issue has ended.
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [writers]);
    return {
      async held(db) {
        if (lost) return false;
        // The writers lock first (the FROM clause is evaluated before the EXISTS), then the check.
        // pg_locks, not pg_stat_activity: a backend that is exiting releases its locks before it
        // leaves pg_stat_activity, so only pg_locks says that the lock is held at this moment.
        const found = await db.query<{ held: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::oid AND objid = $2::oid
                           AND objsubid = 1 AND pid = $3 AND granted) AS held
             FROM (SELECT pg_advisory_xact_lock_shared($4::bigint)) AS writing`,
          [SETTLEMENT_LOCK, low, pid, writers],
        );
        return found.rows[0]!.held;
      },
      async release() {
        try {
          if (lost) throw lost;
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
          client.off('error', onError);
          client.release();
        } catch (error) {
          client.off('error', onError);
          client.release(error instanceof Error ? error : true);
        }
      },
    };
  } catch (error) {
    client.off('error', onError);
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
