// Back office jackpot pool (issue 22 item 3): settings (audited), the pool reconciled against its
// contributions, sweeps and payouts, and the history of rounds with their winners and revealed seeds.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminJackpotRoundsQuerySchema,
  AdminJackpotRoundsSchema,
  JACKPOT_ADMIN_PATHS,
  JackpotOverviewSchema,
  JackpotSettingsSchema,
  UpdateJackpotSettingsSchema,
} from '../../../shared/api/jackpot.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { loadJackpotSettings, saveJackpotSettings } from '../../jackpot/settings.ts';
import { roundView, type RoundRow } from '../../jackpot/views.ts';
import { withOperatorWrite } from '../core/api.ts';
import { jackpotOverview } from './overview.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const rule = (permission: Permission) => ({ operator: { permission } });
const PAGE_SIZE = 20;

export async function jackpotAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(path(JACKPOT_ADMIN_PATHS.overview), { config: rule('jackpot.read'), schema: { response: { 200: JackpotOverviewSchema } } }, async () =>
    jackpotOverview(pool),
  );

  r.put(
    path(JACKPOT_ADMIN_PATHS.settings),
    { config: rule('jackpot.manage'), schema: { body: UpdateJackpotSettingsSchema, response: { 200: JackpotSettingsSchema } } },
    async (request) => {
      const { reason, ...after } = request.body;
      await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await loadJackpotSettings(client, true);
        await saveJackpotSettings(client, after);
        await audit({ action: 'jackpot.settings.update', targetType: 'jackpot_settings', targetId: 1, before, after, reason });
      });
      // This process applies the new rate at once; the others at their next refresh (jobs.ts).
      return loadJackpotSettings(pool);
    },
  );

  r.get(
    path(JACKPOT_ADMIN_PATHS.rounds),
    { config: rule('jackpot.read'), schema: { querystring: AdminJackpotRoundsQuerySchema, response: { 200: AdminJackpotRoundsSchema } } },
    async (request) => {
      const page = request.query.page;
      const [rows, total] = await Promise.all([
        pool.query<RoundRow>(`SELECT * FROM jackpot_rounds WHERE status <> 'OPEN' ORDER BY window_end DESC, id DESC LIMIT $1 OFFSET $2`, [
          PAGE_SIZE,
          (page - 1) * PAGE_SIZE,
        ]),
        pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM jackpot_rounds WHERE status <> 'OPEN'`),
      ]);
      return {
        rounds: rows.rows.map((row) => ({ ...roundView(row), winnerCustomerId: row.winner_customer_id === null ? null : Number(row.winner_customer_id) })),
        total: total.rows[0]!.n,
        page,
        pageSize: PAGE_SIZE,
      };
    },
  );
}
