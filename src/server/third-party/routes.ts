// Third-party games on the player side (issue 20; docs/providers/server.md): the catalogue
// (`/ajax/fishing-joy`, `/ajax/slot-machine/{provider}`), the launch, the sports stream, and the
// provider wallets (wallet-routes.ts); the provider jobs run while the server does.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FishingJoysSchema,
  LaunchAnswerSchema,
  LaunchQuerySchema,
  ProviderGamesSchema,
  ProviderParamsSchema,
  SportsStreamSchema,
  THIRD_PARTY_PATHS,
} from '../../shared/api/third-party.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import type { ServerContext } from '../context.ts';
import { AppError, errors } from '../http/errors.ts';
import { isTrial } from '../../shared/api/session.ts';
import { customerFromRow } from '../customer/view.ts';
import { withTransaction } from '../db/pool.ts';
import { assertMayBet } from '../protection/index.ts';
import { requireSession } from '../session/access.ts';
import { providerPlayerRef } from '../providers/adapter.ts';
import { gamesOf, toApiGame } from '../providers/games.ts';
import { ProviderJobs } from '../providers/jobs.ts';
import { adapterOfKind, allProviderSettings, isActiveProvider, isOffered, openAdapter } from '../providers/registry.ts';
import { ensurePlayerAt } from '../providers/wallets.ts';
import { autoTransferOnLaunch } from './auto-transfer.ts';
import { thirdPartyWalletRoutes } from './wallet-routes.ts';

export const PROVIDER_UNREACHABLE_MESSAGE = '第三方游戏暂时无法连接，请稍后再试';
export const unreachable = () => new AppError(503, ERROR_CODES.INTERNAL, PROVIDER_UNREACHABLE_MESSAGE);

export async function thirdPartyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const config = ctx.config.providers;

  const jobs = new ProviderJobs(ctx, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', () => jobs.stop());

  r.get(THIRD_PARTY_PATHS.fishingJoy, { schema: { response: { 200: FishingJoysSchema } } }, async () => {
    const settings = (await allProviderSettings(pool)).filter((s) => isOffered(s) && s.catalogues.FISHING_JOY === true);
    const lists = await Promise.all(
      settings.map(async (s) => {
        try {
          const games = await gamesOf(adapterOfKind(config, s.provider, s.adapterKind), 'FISHING_JOY', config.gamesCacheMs);
          return [s.provider, games.map(toApiGame)] as const;
        } catch {
          return null; // a provider that cannot be reached is left out of the menu, not an error for the others
        }
      }),
    );
    return { fishingJoys: Object.fromEntries(lists.filter((l) => l !== null)) };
  });

  r.get(
    THIRD_PARTY_PATHS.slotMachine(':provider'),
    { schema: { params: ProviderParamsSchema, response: { 200: ProviderGamesSchema } } },
    async (request) => {
      if (!isActiveProvider(request.params.provider)) throw errors.notFound('游戏平台不存在');
      const { adapter } = await openAdapter(pool, config, request.params.provider, 'SLOT_MACHINE');
      try {
        const games = await gamesOf(adapter, 'SLOT_MACHINE', config.gamesCacheMs);
        return { provider: adapter.provider, sandbox: adapter.sandbox, games: games.map(toApiGame) };
      } catch {
        throw unreachable();
      }
    },
  );

  r.get(
    THIRD_PARTY_PATHS.launch,
    { config: { access: { tier: 'loggedIn' } }, schema: { querystring: LaunchQuerySchema, response: { 200: LaunchAnswerSchema } } },
    async (request, reply) => {
      const session = await requireSession(ctx, request);
      const query = request.query;
      reply.header('cache-control', 'no-store');
      const { adapter } = await openAdapter(pool, config, query.gameProvider, query.gameCatalog);
      const customerId = session.customer.id;
      const trial = isTrial(customerFromRow(session.customer));
      // A game opened is a game played (with what its wallet already holds): not during cooling-off or
      // self-exclusion, nor once a loss limit is reached. Money comes back through the wallet's transfers.
      if (!trial) await withTransaction(pool, (client) => assertMayBet(client, customerId));
      try {
        await ensurePlayerAt(pool, adapter, customerId);
      } catch {
        throw unreachable();
      }
      const autoTransfer = query.autoTransfer === 'true' && !trial ? await autoTransferOnLaunch(pool, adapter, customerId) : null;
      try {
        const launched = await adapter.launchUrl({
          playerRef: providerPlayerRef(customerId),
          catalogue: query.gameCatalog,
          gameId: query.gameId ?? null,
          room: query.gameRoom ?? null,
          device: query.device,
          returnUrl: `${ctx.config.payments.publicUrl}/wallet/third-party/${adapter.provider}`,
        });
        return { url: launched.url, sandbox: adapter.sandbox, autoTransfer };
      } catch {
        throw unreachable();
      }
    },
  );

  r.get(THIRD_PARTY_PATHS.sportsStream, { schema: { response: { 200: SportsStreamSchema } } }, async () => {
    const settings = (await allProviderSettings(pool)).filter((s) => isOffered(s) && s.catalogues.SPORTS_BETTING === true);
    for (const s of settings) {
      const adapter = adapterOfKind(config, s.provider, s.adapterKind);
      if (!adapter.streamUrl) continue;
      try {
        const stream = await adapter.streamUrl();
        return { url: stream.url, provider: s.provider, sandbox: adapter.sandbox };
      } catch {
        continue;
      }
    }
    throw new AppError(403, ERROR_CODES.FORBIDDEN, '体育直播暂时关闭，请稍后再试');
  });

  await thirdPartyWalletRoutes(app, ctx);
}
