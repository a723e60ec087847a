// The VIP and ranking pages' server state.
import {
  VIP_ADMIN_PATHS,
  VipAdminLevelsSchema,
  VipBonusRunsSchema,
  VipDistributionSchema,
  VipRunResultSchema,
  type VipLevelUpdate,
} from '../../../shared/api/vip.ts';
import {
  RankingPrizesSchema,
  RankingWeekDetailSchema,
  RankingWeeksSchema,
  WEEKLY_RANKING_ADMIN_PATHS,
} from '../../../shared/api/weekly-ranking.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const VIP_KEY = ['backoffice', 'vip'] as const;
export const RANKING_KEY = ['backoffice', 'weekly-ranking'] as const;
type Signal = { signal: AbortSignal };

export const vipLevelsQuery = { queryKey: [...VIP_KEY, 'levels'], queryFn: ({ signal }: Signal) => boGet(VIP_ADMIN_PATHS.levels, VipAdminLevelsSchema, undefined, signal) };
export const vipDistributionQuery = { queryKey: [...VIP_KEY, 'distribution'], queryFn: ({ signal }: Signal) => boGet(VIP_ADMIN_PATHS.distribution, VipDistributionSchema, undefined, signal) };
export const vipBonusRunsQuery = { queryKey: [...VIP_KEY, 'bonus-runs'], queryFn: ({ signal }: Signal) => boGet(VIP_ADMIN_PATHS.bonusRuns, VipBonusRunsSchema, undefined, signal) };
export const updateVipLevel = (level: string, body: VipLevelUpdate) => boSend('PUT', VIP_ADMIN_PATHS.level(level), body, VipAdminLevelsSchema);
export const runVipJobNow = (reason: string) => boSend('POST', VIP_ADMIN_PATHS.run, { reason }, VipRunResultSchema);

export const prizesQuery = { queryKey: [...RANKING_KEY, 'prizes'], queryFn: ({ signal }: Signal) => boGet(WEEKLY_RANKING_ADMIN_PATHS.prizes, RankingPrizesSchema, undefined, signal) };
export const weeksQuery = { queryKey: [...RANKING_KEY, 'weeks'], queryFn: ({ signal }: Signal) => boGet(WEEKLY_RANKING_ADMIN_PATHS.weeks, RankingWeeksSchema, undefined, signal) };
export const weekQuery = (week: string) => ({
  queryKey: [...RANKING_KEY, 'week', week],
  queryFn: ({ signal }: Signal) => boGet(WEEKLY_RANKING_ADMIN_PATHS.week(week), RankingWeekDetailSchema, undefined, signal),
});
export const updatePrizes = (prizes: { place: number; amount: number }[], reason: string) =>
  boSend('PUT', WEEKLY_RANKING_ADMIN_PATHS.prizes, { prizes, reason }, RankingPrizesSchema);
