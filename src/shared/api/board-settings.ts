// The operator's board odds and 退水 in force for a draw type, as board and dice pages read them (only
// what differs from the defaults). Apart from games.ts, which the first route loads: only the board
// pages need this.
import { z } from 'zod';

export const boardSettingsPath = (drawType: string) => `/ajax/board-settings/${encodeURIComponent(drawType)}`;

/** `GET /ajax/board-settings/{drawType}`: odds by bet type and odds key (1/10000), 退水 by bet type (1/10000). */
export const BoardSettingsSchema = z.object({
  odds: z.record(z.string(), z.record(z.string(), z.number().int())),
  rebates: z.record(z.string(), z.number().int()),
});
export type BoardSettingsView = z.infer<typeof BoardSettingsSchema>;
