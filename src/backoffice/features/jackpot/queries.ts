// The 奖池 page's server state; every key starts with JACKPOT_KEY so a change refreshes them all.
import type { QueryClient } from '@tanstack/react-query';
import {
  AdminJackpotRoundsSchema,
  JACKPOT_ADMIN_PATHS,
  JackpotOverviewSchema,
  JackpotSettingsSchema,
  type JackpotSettings,
} from '../../../shared/api/jackpot.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const JACKPOT_KEY = ['backoffice', 'jackpot'] as const;

export const overviewQuery = () => ({
  queryKey: [...JACKPOT_KEY, 'overview'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(JACKPOT_ADMIN_PATHS.overview, JackpotOverviewSchema, undefined, signal),
});

export const roundsQuery = (page: number) => ({
  queryKey: [...JACKPOT_KEY, 'rounds', page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(JACKPOT_ADMIN_PATHS.rounds, AdminJackpotRoundsSchema, { page }, signal),
});

export const saveSettings = (body: JackpotSettings & { reason: string }) => boSend('PUT', JACKPOT_ADMIN_PATHS.settings, body, JackpotSettingsSchema);

export const refreshJackpot = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: JACKPOT_KEY });
