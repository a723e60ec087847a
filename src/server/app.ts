// The Fastify application, composed from one plugin per domain.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Database } from './db/pool.ts';
import { HttpBeacon } from './draws/beacon.ts';
import { parseClock } from './draws/clock.ts';
import { HttpJsonFeed } from './draws/feeds/http-json.ts';
import type { FeedAdapter } from './draws/feeds/feed.ts';
import { drawRoutes } from './draws/routes.ts';
import { DrawScheduler } from './draws/scheduler.ts';
import { eventRoutes } from './events/routes.ts';
import { autobetRoutes } from './autobet/routes.ts';
import { registerOperatorAccess } from './backoffice/core/access.ts';
import { backofficeRoutes } from './backoffice/index.ts';
import { contentRoutes } from './content/routes.ts';
import { AutobetRunner } from './autobet/runner.ts';
import { ordersLifecycle } from './orders/lifecycle.ts';
import { orderRoutes } from './orders/routes.ts';
import { EventHub } from './events/hub.ts';
import { eventBus } from './events/bus/select.ts';
import { startOutboxRetention } from './events/retention.ts';
import { gameRoutes } from './games/routes.ts';
import { favoriteRoutes } from './favorites/routes.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { handleFrameworkError, registerErrorHandling } from './http/errors.ts';
import { recordRoutes, type RouteEntry } from './http/route-table.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStatic } from './http/static.ts';
import { registerAdmission } from './http/admission.ts';
import { createSingletons } from './jobs/singletons.ts';
import { validatorCompiler } from './http/validator.ts';
import { sessionRoutes } from './session/routes.ts';
import { registerFirstLoginGate, registerRouteAccess, registerTrialRestrictions } from './session/access.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { registerDepositGuard } from './protection/deposit-guard.ts';
import { protectionRoutes } from './protection/routes.ts';
import { testingRoutes } from './testing/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { agentRoutes } from './agents/routes.ts';
import { thirdPartyRoutes } from './third-party/routes.ts';
import { depositRoutes } from './wallet/deposits/routes.ts';
import { paymentNotifyRoutes } from './wallet/deposits/notify-routes.ts';
import { statementRoutes } from './wallet/statements/routes.ts';
import { withdrawalRoutes } from './wallet/withdrawals/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { supportChatRoutes } from './support-chat/routes.ts';
import { agentChatRoutes } from './agent-chat/routes.ts';
import { assistantRoutes } from './assistant/routes.ts';
import { campaignRoutes } from './campaigns/routes.ts';
import { redPacketRoutes } from './red-packets/routes.ts';
import { jackpotRoutes } from './jackpot/routes.ts';
import { jackpotHook } from './jackpot/hook.ts';
import { vipRoutes } from './vip/routes.ts';
import { weeklyRankingRoutes } from './weekly-ranking/routes.ts';

type DomainPlugin = (app: FastifyInstance, ctx: ServerContext) => Promise<void>;

const DOMAINS: DomainPlugin[] = [sessionRoutes, gameRoutes, walletRoutes, depositRoutes, paymentNotifyRoutes, withdrawalRoutes, statementRoutes, accountsRoutes, protectionRoutes, drawRoutes, orderRoutes, autobetRoutes, eventRoutes, favoriteRoutes, contentRoutes, agentRoutes, thirdPartyRoutes, mailRoutes, supportChatRoutes, agentChatRoutes, assistantRoutes, campaignRoutes, redPacketRoutes, jackpotRoutes, vipRoutes, weeklyRankingRoutes, backofficeRoutes];

function resultFeed(config: Config): FeedAdapter {
  if (config.feed.adapter === 'http') {
    return new HttpJsonFeed({ urlTemplate: config.feed.httpUrl!, resultPath: config.feed.httpResultPath });
  }
  return config.feed.adapter;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: ServerContext;
  routes: readonly RouteEntry[];
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function of the hop: Fastify's own numeric setting
 * trusts no peer at all (it cannot check the nearest one), which would make every client the proxy's
 * address. Hop 0 is the peer itself; with n proxies the client is the n-th address from the right of
 * X-Forwarded-For, and anything a client wrote further left is ignored.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses.join(',');
}

export async function buildApp(config: Config, database: Database): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.cookie', 'req.body.password', 'req.body.newPassword'], remove: true },
    },
    // Open event streams must not hold up shutdown.
    forceCloseConnections: true,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    // A malformed URL or an over-long path parameter: the JSON error model too, in Chinese.
    frameworkErrors: handleFrameworkError,
  });
  const routes = recordRoutes(app);
  // Every body is JSON (the PWA sends nothing else): text/plain is refused like any other type.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  registerCsrfProtection(app, { assumeHttps: config.cookieSecure === true });

  const clock = parseClock(config.drawClock);
  const singletons = createSingletons(database.pool, app.log);
  app.addHook('onClose', () => singletons.close());
  const events = new EventHub({
    pool: database.pool,
    databaseUrl: database.url,
    log: app.log,
    heartbeatMs: config.sseHeartbeatMs,
    bus: eventBus(config, database, app.log, singletons),
  });
  await events.start();
  app.addHook('onClose', () => events.close());
  const outboxRetention = startOutboxRetention(database.pool, config.liveEvents, app.log, singletons);
  app.addHook('onClose', () => outboxRetention.stop());
  const ctx: ServerContext = { config, database, events, clock, singletons };
  registerTrialRestrictions(app, ctx);
  registerFirstLoginGate(app, ctx);
  registerRouteAccess(app, ctx);
  registerOperatorAccess(app, ctx);
  registerDepositGuard(app, ctx);
  registerAdmission(app, ctx);

  app.get('/ajax/health', async () => {
    await database.pool.query('SELECT 1');
    return { ok: true };
  });
  for (const domain of DOMAINS) await app.register(async (scope) => domain(scope, ctx));
  if (config.env === 'test') await app.register(async (scope) => testingRoutes(scope, ctx));
  await registerStatic(app, config.staticDir);

  if (config.drawScheduler) {
    const autobets = new AutobetRunner(database.pool, events, app.log);
    const scheduler = new DrawScheduler({
      pool: database.pool,
      clock,
      feed: resultFeed(config),
      lifecycle: ordersLifecycle({ events, jackpot: jackpotHook, onError: (error) => app.log.error({ err: error }, 'settlement failed') }),
      events,
      log: app.log,
      feedTimeoutMs: config.feed.timeoutMs,
      tickMs: config.drawTickMs,
      afterTick: (now) => autobets.run(now),
      singletons,
      ...(config.beacon
        ? { beacon: new HttpBeacon({ urlTemplate: config.beacon.url, genesisSeconds: config.beacon.genesisSeconds, periodSeconds: config.beacon.periodSeconds }) }
        : {}),
    });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('preClose', () => scheduler.stop());
  }
  return { app, ctx, routes };
}
