// Cooling-off, self-exclusion and the reality-check interval, one row per customer. Periods can be
// extended but never shortened by the player: the point is that a decision taken calmly holds.
import type { Queryable } from '../db/pool.ts';

export interface ProtectionSettings {
  coolingOffUntil: Date | null;
  selfExcludedUntil: Date | null;
  realityCheckMinutes: number | null;
}

export async function loadSettings(db: Queryable, customerId: number): Promise<ProtectionSettings> {
  const result = await db.query<{ cooling_off_until: Date | null; self_excluded_until: Date | null; reality_check_minutes: number | null }>(
    'SELECT cooling_off_until, self_excluded_until, reality_check_minutes FROM protection_settings WHERE customer_id = $1',
    [customerId],
  );
  const row = result.rows[0];
  return {
    coolingOffUntil: row?.cooling_off_until ?? null,
    selfExcludedUntil: row?.self_excluded_until ?? null,
    realityCheckMinutes: row?.reality_check_minutes ?? null,
  };
}

/** Sets the end of a cooling-off or self-exclusion period to `until`, unless it already ends later. */
export async function extendBlock(
  db: Queryable,
  customerId: number,
  column: 'cooling_off_until' | 'self_excluded_until',
  until: Date,
): Promise<Date> {
  const result = await db.query<{ until: Date }>(
    `INSERT INTO protection_settings AS s (customer_id, ${column}) VALUES ($1, $2)
     ON CONFLICT (customer_id) DO UPDATE SET ${column} = GREATEST(s.${column}, EXCLUDED.${column}), updated_at = now()
     RETURNING ${column} AS until`,
    [customerId, until],
  );
  return result.rows[0]!.until;
}

export async function setRealityCheck(db: Queryable, customerId: number, minutes: number | null): Promise<void> {
  await db.query(
    `INSERT INTO protection_settings AS s (customer_id, reality_check_minutes) VALUES ($1, $2)
     ON CONFLICT (customer_id) DO UPDATE SET reality_check_minutes = EXCLUDED.reality_check_minutes, updated_at = now()`,
    [customerId, minutes],
  );
}

export async function audit(db: Queryable, customerId: number, action: string, detail: string): Promise<void> {
  await db.query('INSERT INTO protection_audit (customer_id, action, detail) VALUES ($1, $2, $3)', [customerId, action, detail]);
}
