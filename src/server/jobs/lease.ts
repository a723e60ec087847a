// Job leases in the database (table job_leases, drizzle/0040_job_leases.sql): who runs a singleton
// job. Every operation is ONE statement, so racing processes need no lock of their own:
// - `claimLeases` takes every named lease that is free (never held, expired, or already ours) and
//   renews the ones we hold, in one INSERT … ON CONFLICT DO UPDATE … WHERE; it returns the leases we
//   hold afterwards. Rows are written in name order, so two processes claiming the same names never
//   deadlock.
// - `releaseLeases` ends our leases at once (a clean close hands the jobs over without waiting).
// Expiry is computed by the database clock alone; the token grows on every change of holder (and on
// a re-take after expiry), so a holder can tell a continued lease from a new one.
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface HeldLease {
  name: string;
  token: number;
}

export interface LeaseRow extends HeldLease {
  holder: string;
  takenAt: Date;
  expiresAt: Date;
}

/** Takes or renews the leases `names` for `holder`, valid `ttlMs` from the database's now(). */
export async function claimLeases(db: Queryable, holder: string, names: readonly string[], ttlMs: number): Promise<HeldLease[]> {
  if (names.length === 0) return [];
  const result = await db.query<{ name: string; token: string }>(
    `INSERT INTO job_leases AS l (name, holder, token, taken_at, expires_at)
       SELECT n, $1, 1, now(), now() + $3 * interval '1 millisecond'
         FROM unnest($2::text[]) AS n ORDER BY n
     ON CONFLICT (name) DO UPDATE SET
       token = CASE WHEN l.holder = EXCLUDED.holder AND l.expires_at > now() THEN l.token ELSE l.token + 1 END,
       taken_at = CASE WHEN l.holder = EXCLUDED.holder AND l.expires_at > now() THEN l.taken_at ELSE now() END,
       holder = EXCLUDED.holder,
       expires_at = EXCLUDED.expires_at
     WHERE l.holder = EXCLUDED.holder OR l.expires_at <= now()
     RETURNING name, token`,
    [holder, [...new Set(names)], ttlMs],
  );
  return result.rows.map((row) => ({ name: row.name, token: Number(row.token) }));
}

/** Takes (or renews) one lease; its token, or null when another process holds it. */
export async function takeLease(db: Queryable, holder: string, name: string, ttlMs: number): Promise<number | null> {
  const [held] = await claimLeases(db, holder, [name], ttlMs);
  return held?.token ?? null;
}

/** Ends `holder`'s leases among `names` now (the row stays: its token keeps growing). */
export async function releaseLeases(db: Queryable, holder: string, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const result = await db.query<{ name: string }>(
    `UPDATE job_leases SET expires_at = now() WHERE holder = $1 AND name = ANY($2::text[]) AND expires_at > now() RETURNING name`,
    [holder, [...names]],
  );
  return result.rows.map((row) => row.name);
}

/** The current holder of every lease (for tests, benchmarks and operators); expired ones included. */
export async function listLeases(db: Queryable): Promise<LeaseRow[]> {
  const result = await db.query<{ name: string; holder: string; token: string; taken_at: Date; expires_at: Date }>(
    'SELECT name, holder, token, taken_at, expires_at FROM job_leases ORDER BY name',
  );
  return result.rows.map((r) => ({ name: r.name, holder: r.holder, token: Number(r.token), takenAt: r.taken_at, expiresAt: r.expires_at }));
}
