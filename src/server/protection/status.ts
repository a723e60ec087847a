// GET /ajax/protection: limits with what each period has used, cooling-off / self-exclusion ends,
// and what the reality check shows (time since login, net result since).
import { LIMIT_KINDS, LIMIT_PERIODS, type ProtectionStatus } from '../../shared/api/accounts.ts';
import type { Queryable } from '../db/pool.ts';
import { depositedSince, netLossSince } from './ledger-totals.ts';
import { loadLimits } from './limits.ts';
import { periodStart } from './periods.ts';
import { loadSettings } from './settings.ts';

export async function protectionStatus(db: Queryable, customerId: number, sessionId: number, now = new Date()): Promise<ProtectionStatus> {
  const limits = await loadLimits(db, customerId, now);
  const settings = await loadSettings(db, customerId);
  const session = await db.query<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id = $1', [sessionId]);
  const startedAt = session.rows[0]?.created_at ?? now;
  const rows = [];
  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const limit = limits.find((l) => l.kind === kind && l.period === period);
      const since = periodStart(period, now);
      const used = kind === 'LOSS' ? await netLossSince(db, customerId, since) : await depositedSince(db, customerId, since);
      rows.push({
        kind,
        period,
        amount: limit?.amount ?? null,
        pending: limit?.pendingEffectiveAt ? { amount: limit.pendingAmount, effectiveAt: limit.pendingEffectiveAt.getTime() } : null,
        used,
        periodStartsAt: since.getTime(),
      });
    }
  }
  const active = (until: Date | null) => (until && until > now ? until.getTime() : null);
  const coolingOffUntil = active(settings.coolingOffUntil);
  const selfExcludedUntil = active(settings.selfExcludedUntil);
  return {
    limits: rows,
    coolingOffUntil,
    selfExcludedUntil,
    blocked: coolingOffUntil !== null || selfExcludedUntil !== null,
    realityCheckMinutes: settings.realityCheckMinutes,
    session: { startedAt: startedAt.getTime(), netResult: -(await netLossSince(db, customerId, startedAt)) },
  };
}
