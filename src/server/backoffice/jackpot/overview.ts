// The pool against what funded it: balance = Σ swept − Σ paid (JP transfers of decided rounds), and
// Σ swept = the non-trial contributions the sweeps marked. Both must hold for the pool to reconcile.
import type { Queryable } from '../../db/pool.ts';
import type { JackpotOverview } from '../../../shared/api/jackpot.ts';
import { loadJackpotSettings } from '../../jackpot/settings.ts';
import { jackpotPoolBalance } from '../../jackpot/pool-account.ts';

export async function jackpotOverview(db: Queryable): Promise<JackpotOverview> {
  const [poolBalance, sums, settings] = await Promise.all([
    jackpotPoolBalance(db),
    db.query<{ swept: string; paid: string; contributions: string; counted: string; unswept: string }>(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM jackpot_sweeps) AS swept,
              (SELECT coalesce(sum(prize), 0) FROM jackpot_rounds WHERE status = 'DRAWN') AS paid,
              (SELECT coalesce(sum(amount), 0) FROM jackpot_contributions) AS contributions,
              (SELECT coalesce(sum(c.amount), 0) FROM jackpot_contributions c JOIN orders o ON o.id = c.order_id
                 JOIN customers cu ON cu.id = o.customer_id WHERE c.sweep_id IS NOT NULL AND cu.test_mode IS NULL) AS counted,
              (SELECT coalesce(sum(amount), 0) FROM jackpot_contributions WHERE sweep_id IS NULL) AS unswept`,
    ),
    loadJackpotSettings(db),
  ]);
  const row = sums.rows[0]!;
  const swept = Number(row.swept);
  const paid = Number(row.paid);
  return {
    poolBalance,
    swept,
    paid,
    contributions: Number(row.contributions),
    unswept: Number(row.unswept),
    reconciles: poolBalance === swept - paid && swept === Number(row.counted),
    settings,
  };
}
