import { queryOptions } from '@tanstack/react-query';
import { BoardSettingsSchema, boardSettingsPath } from '../../../../shared/api/board-settings.ts';
import { apiGet } from '../../../lib/api/client.ts';
import { boardSettingsQueryKey } from '../games-queries.ts';

/** The operator's board odds and 退水 for a draw type (the board shows and prices with them). */
export const boardSettingsQueryOptions = (drawType: string) =>
  queryOptions({
    queryKey: boardSettingsQueryKey(drawType),
    queryFn: ({ signal }) => apiGet(boardSettingsPath(drawType), BoardSettingsSchema, signal),
    staleTime: 5 * 60_000,
  });
