// Back office VIP programme and weekly ranking (issue 22 items 4, 5): level thresholds and benefits,
// the level distribution, bonus runs and running the job now (vip.*); ranking prizes per place and
// the current and past weeks with their payouts (jackpot.*). Every write is audited in its transaction.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  VIP_ADMIN_PATHS,
  VipAdminLevelsSchema,
  VipBonusRunsSchema,
  VipDistributionSchema,
  VipLevelParamsSchema,
  VipLevelUpdateSchema,
  VipRunBodySchema,
  VipRunResultSchema,
} from '../../../shared/api/vip.ts';
import {
  RankingPrizesSchema,
  RankingPrizesUpdateSchema,
  RankingWeekDetailSchema,
  RankingWeekParamsSchema,
  RankingWeeksSchema,
  WEEKLY_RANKING_ADMIN_PATHS,
} from '../../../shared/api/weekly-ranking.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { vipLevelRules } from '../../vip/levels.ts';
import { runVipJobAndPublish } from '../../vip/job.ts';
import { withOperatorWrite } from '../core/api.ts';
import { rankingWeekDetail, rankingWeeks, readPrizes, vipBonusRuns, vipDistribution } from './views.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const rule = (permission: Permission) => ({ operator: { permission } });

export async function vipAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(path(VIP_ADMIN_PATHS.levels), { config: rule('vip.read'), schema: { response: { 200: VipAdminLevelsSchema } } }, async () => ({
    levels: await vipLevelRules(pool),
  }));

  r.put(
    path(VIP_ADMIN_PATHS.level(':level')),
    { config: rule('vip.manage'), schema: { params: VipLevelParamsSchema, body: VipLevelUpdateSchema, response: { 200: VipAdminLevelsSchema } } },
    async (request) => {
      const { reason, ...rules } = request.body;
      const level = request.params.level;
      await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = (await vipLevelRules(client)).find((l) => l.level === level);
        await client.query(
          `UPDATE vip_levels SET qualify_turnover = $2, qualify_deposits = $3, keep_turnover = $4, keep_deposits = $5, monthly_bonus = $6,
                  bonus_stake_multiple_bp = $7, daily_withdrawal_count = $8, daily_withdrawal_amount = $9, updated_at = now()
            WHERE level = $1`,
          [level, rules.qualifyTurnover, rules.qualifyDeposits, rules.keepTurnover, rules.keepDeposits, rules.monthlyBonus,
            rules.bonusStakeMultipleBp, rules.dailyWithdrawalCount, rules.dailyWithdrawalAmount],
        );
        await audit({ action: 'vip.level.update', targetType: 'vip_level', targetId: level, before, after: rules, reason });
      });
      return { levels: await vipLevelRules(pool) };
    },
  );

  r.get(path(VIP_ADMIN_PATHS.distribution), { config: rule('vip.read'), schema: { response: { 200: VipDistributionSchema } } }, async () => ({
    levels: await vipDistribution(pool),
  }));

  r.get(path(VIP_ADMIN_PATHS.bonusRuns), { config: rule('vip.read'), schema: { response: { 200: VipBonusRunsSchema } } }, async () => ({
    runs: await vipBonusRuns(pool),
  }));

  r.post(
    path(VIP_ADMIN_PATHS.run),
    { config: rule('vip.manage'), schema: { body: VipRunBodySchema, response: { 200: VipRunResultSchema } } },
    async (request) => {
      await withOperatorWrite(ctx, request, (_client, audit) =>
        audit({ action: 'vip.run', targetType: 'vip_job', targetId: null, before: null, after: null, reason: request.body.reason }),
      );
      const result = await runVipJobAndPublish(ctx, new Date(), request.log);
      return { evaluated: result.evaluated, upgraded: result.changes.length, bonusesPaid: result.bonusesPaid };
    },
  );

  r.get(path(WEEKLY_RANKING_ADMIN_PATHS.prizes), { config: rule('jackpot.read'), schema: { response: { 200: RankingPrizesSchema } } }, async () => ({
    prizes: await readPrizes(pool),
  }));

  r.put(
    path(WEEKLY_RANKING_ADMIN_PATHS.prizes),
    { config: rule('jackpot.manage'), schema: { body: RankingPrizesUpdateSchema, response: { 200: RankingPrizesSchema } } },
    async (request) => {
      const { prizes, reason } = request.body;
      await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await readPrizes(client);
        await client.query('DELETE FROM weekly_ranking_prizes');
        await client.query(
          'INSERT INTO weekly_ranking_prizes (place, amount) SELECT * FROM unnest($1::int[], $2::bigint[])',
          [prizes.map((p) => p.place), prizes.map((p) => p.amount)],
        );
        await audit({ action: 'weekly_ranking.prizes.update', targetType: 'weekly_ranking_prizes', targetId: null, before, after: prizes, reason });
      });
      return { prizes: await readPrizes(pool) };
    },
  );

  r.get(path(WEEKLY_RANKING_ADMIN_PATHS.weeks), { config: rule('jackpot.read'), schema: { response: { 200: RankingWeeksSchema } } }, async () => ({
    weeks: await rankingWeeks(pool),
  }));

  r.get(
    path(WEEKLY_RANKING_ADMIN_PATHS.week(':week')),
    { config: rule('jackpot.read'), schema: { params: RankingWeekParamsSchema, response: { 200: RankingWeekDetailSchema } } },
    async (request) => rankingWeekDetail(pool, request.params.week),
  );
}
