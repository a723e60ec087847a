// The weekly ranking (issue 22 item 4; docs/campaigns/ranking-and-vip.md): the public view
// (GET /ajax/weekly-ranking) and the back office's prizes and weeks.
import { z } from 'zod';
import { reasonText } from '../backoffice/auth.ts';
import { calendarDate } from '../validation/calendar-date.ts';

export const WEEKLY_RANKING_PATHS = { ranking: '/ajax/weekly-ranking' } as const;
export const WEEKLY_RANKING_ADMIN_PATHS = {
  prizes: '/weekly-ranking/prizes',
  weeks: '/weekly-ranking/weeks',
  week: (week: string) => `/weekly-ranking/weeks/${week}`,
} as const;

/** Places that can carry a prize and that the list shows. */
export const RANKING_PLACES = 20;

const Money = z.number().int();

export const RankingEntrySchema = z.object({ rank: z.number().int(), name: z.string(), netWin: Money, prize: Money });
export type RankingEntry = z.infer<typeof RankingEntrySchema>;

export const WeeklyRankingSchema = z.object({
  /** The week's Monday (Asia/Shanghai), e.g. 2026-11-23; it ends the following Sunday 24:00. */
  week: z.string(),
  endsAt: z.string(),
  top: z.array(RankingEntrySchema),
  /** Logged in: the player's own place this week (null: no net win yet). */
  me: z.object({ rank: z.number().int().nullable(), netWin: Money }).nullable(),
  prizes: z.array(z.object({ place: z.number().int(), amount: Money })),
  lastWeek: z.object({ week: z.string(), winners: z.array(RankingEntrySchema) }).nullable(),
});
export type WeeklyRanking = z.infer<typeof WeeklyRankingSchema>;

export const RankingPrizesSchema = z.object({ prizes: z.array(z.object({ place: z.number().int(), amount: Money })) });
export const RankingPrizesUpdateSchema = z.object({
  prizes: z
    .array(
      z.object({
        place: z.number({ error: '名次必须为数字' }).int({ error: '名次必须为整数' }).min(1, { error: '名次必须在 1 到 20 之间' }).max(RANKING_PLACES, { error: '名次必须在 1 到 20 之间' }),
        amount: z.number({ error: '奖金必须为数字' }).int({ error: '奖金必须为整数单位' }).min(0, { error: '奖金不能为负数' }).max(9_999_999_999, { error: '奖金过大' }),
      }),
      { error: '请填写奖金' },
    )
    .max(RANKING_PLACES, { error: '最多 20 个名次' })
    .refine((prizes) => new Set(prizes.map((p) => p.place)).size === prizes.length, { error: '名次不能重复' }),
  reason: reasonText,
});

export const RankingWeeksSchema = z.object({
  weeks: z.array(z.object({ week: z.string(), players: z.number().int(), closedAt: z.string().nullable(), paid: Money })),
});
export const RankingWeekParamsSchema = z.object({ week: calendarDate('日期格式不正确') });
export const RankingWeekDetailSchema = z.object({
  week: z.string(),
  closedAt: z.string().nullable(),
  entries: z.array(RankingEntrySchema.extend({ customerId: z.number().int(), username: z.string() })),
});
