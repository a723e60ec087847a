// The demo seed's operators: one per role, the demo password, and one fixed TOTP secret that is
// public (printed by `npm start`, in the docs): for trying the back office on a local copy only.
// A real deployment runs with SEED_DEMO=false and creates its administrator with `npm run operator`.
import type pg from 'pg';
import { OPERATOR_ROLE_LABELS, type OperatorRole } from '../../../shared/backoffice/permissions.ts';
import { hashPassword } from '../../session/passwords.ts';

/** 演示专用，公开的密钥：任何人都能据此算出验证码。 */
export const DEMO_TOTP_SECRET = 'DEMODEMODEMODEMODEMODEMODEMODEMO';

export const DEMO_OPERATORS: readonly { username: string; role: OperatorRole }[] = [
  { username: 'demo_admin', role: 'SUPER_ADMIN' },
  { username: 'demo_finance', role: 'FINANCE' },
  { username: 'demo_support', role: 'SUPPORT' },
  { username: 'demo_risk', role: 'RISK' },
  { username: 'demo_ops', role: 'OPERATIONS' },
  { username: 'demo_draw', role: 'DRAW' },
];

/** Idempotent: an operator that exists (whatever was done to it since) is left as it is. */
export async function seedDemoOperators(pool: pg.Pool, password: string): Promise<void> {
  const existing = await pool.query<{ username: string }>('SELECT lower(username) AS username FROM operators WHERE lower(username) = ANY($1)', [
    DEMO_OPERATORS.map((demo) => demo.username),
  ]);
  const missing = DEMO_OPERATORS.filter((demo) => !existing.rows.some((row) => row.username === demo.username));
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(password);
  for (const demo of missing) {
    await pool.query(
      `INSERT INTO operators (username, display_name, role, password_hash, totp_secret, enrolled_at, is_demo)
       VALUES ($1, $2, $3, $4, $5, now(), true) ON CONFLICT ((lower(username))) DO NOTHING`,
      [demo.username, `演示${OPERATOR_ROLE_LABELS[demo.role]}`, demo.role, passwordHash, DEMO_TOTP_SECRET],
    );
  }
}
