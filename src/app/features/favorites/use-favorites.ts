import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import type { FavoriteGames } from '../../../shared/api/favorites.ts';
import { meetsTier } from '../../../shared/api/session.ts';
import { ApiError, errorMessage, isUnauthenticated } from '../../lib/api/errors.ts';
import { toastError } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import {
  addFavoriteRequest,
  FAVORITE_MUTATION_KEY,
  FAVORITES_QUERY_KEY,
  favoritesQueryOptions,
  removeFavoriteRequest,
  withFavoriteEntry,
} from './favorite-queries.ts';

export const OFFLINE_FAVORITE_REASON = '当前网络已断开，联网后才能收藏或取消收藏';

export interface Favorites {
  /** Spec §6: favourites are for logged-in, non-trial players; for everyone else there is no star. */
  available: boolean;
  /** Draw types in the order they were added. */
  drawTypes: readonly string[];
  isFavorite: (drawType: string) => boolean;
  toggle: (drawType: string) => void;
  /** Why toggling is off right now (offline), or null. Reading works offline from the cache. */
  blockedReason: string | null;
}

interface Toggle {
  drawType: string;
  favorite: boolean;
}

/** Errors another part of the app already reports: the trial modal, the ended session. */
function reportedElsewhere(error: unknown): boolean {
  return isUnauthenticated(error) || (error instanceof ApiError && error.code === ERROR_CODES.TRIAL_FORBIDDEN);
}

/** The favourites and their star: optimistic, rolled back with a toast when the server refuses. */
export function useFavorites(): Favorites {
  const customer = useCurrentCustomer();
  const available = meetsTier(customer, 'nonTrial');
  const online = useOnline();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...favoritesQueryOptions(), enabled: available });
  const onlyMutation = () => queryClient.isMutating({ mutationKey: FAVORITE_MUTATION_KEY }) === 1;

  const { mutate } = useMutation({
    mutationKey: FAVORITE_MUTATION_KEY,
    mutationFn: ({ drawType, favorite }: Toggle) => (favorite ? addFavoriteRequest(drawType) : removeFavoriteRequest(drawType)),
    onMutate: async ({ drawType, favorite }) => {
      await queryClient.cancelQueries({ queryKey: FAVORITES_QUERY_KEY });
      const current = queryClient.getQueryData<FavoriteGames>(FAVORITES_QUERY_KEY);
      const before = current?.favorites.find((f) => f.drawType === drawType) ?? null;
      const after = favorite ? { drawType, createdAt: Date.now() } : null;
      queryClient.setQueryData<FavoriteGames>(FAVORITES_QUERY_KEY, (list) => withFavoriteEntry(list, drawType, after));
      return { before };
    },
    onError: (error, { drawType }, context) => {
      // Only this game goes back: other toggles may still be on their way.
      queryClient.setQueryData<FavoriteGames>(FAVORITES_QUERY_KEY, (list) => withFavoriteEntry(list, drawType, context?.before ?? null));
      if (onlyMutation()) void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
      if (!reportedElsewhere(error)) toastError(errorMessage(error));
    },
    onSuccess: (answer) => {
      // With several toggles in flight, an earlier answer lacks the later ones: the last answer wins.
      if (onlyMutation()) queryClient.setQueryData(FAVORITES_QUERY_KEY, answer);
    },
  });

  const drawTypes = useMemo(() => (available ? (data?.favorites ?? []).map((f) => f.drawType) : []), [available, data]);
  const kept = useMemo(() => new Set(drawTypes), [drawTypes]);
  const isFavorite = useCallback((drawType: string) => kept.has(drawType), [kept]);
  const toggle = useCallback((drawType: string) => mutate({ drawType, favorite: !kept.has(drawType) }), [mutate, kept]);
  const blockedReason = online ? null : OFFLINE_FAVORITE_REASON;
  // One object while nothing changed: the lobby's memoised sections compare it by identity.
  return useMemo(() => ({ available, drawTypes, isFavorite, toggle, blockedReason }), [available, drawTypes, isFavorite, toggle, blockedReason]);
}
