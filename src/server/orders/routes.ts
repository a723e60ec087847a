// Betting calls: place an order, list and read orders, cancel before sales close, the instant seed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderDetailSchema,
  OrderListQuerySchema,
  OrderListSchema,
  ORDERS_PATHS,
  PlaceOrderResponseSchema,
  PlaceOrderSchema,
  INSTANT_SEED_PATHS,
  InstantSeedSchema,
  RotateSeedBodySchema,
  RotateSeedResponseSchema,
} from '../../shared/api/orders.ts';
import { withTransaction } from '../db/pool.ts';
import { rotateSeed, showSeed } from './instant.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { assertDrawTypeOffered } from '../draws/sources.ts';
import { accessError, firstLoginRefusal, requireSession, sessionOf, type AccessRule } from '../session/access.ts';
import { SESSION_COOKIE } from '../session/tokens.ts';
import { cancelByCustomer } from './cancel.ts';
import { placeOrder, UnverifiedSession, type PlacedOrder } from './place.ts';
import { PlacementSessions } from './place-session.ts';
import { listOrders, orderDetail } from './views.ts';

const OrderIdParams = z.object({ orderId: z.string().regex(/^\d{1,15}$/, '订单号格式不正确') });

export async function orderRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const loggedIn: AccessRule = { tier: 'loggedIn' };

  const publishLater = (events: Parameters<typeof ctx.events.publish>[0]) => {
    if (events.length > 0) void ctx.events.publish(events).catch((error: unknown) => app.log.warn({ err: error }, 'order events not published'));
  };

  // Placing: the session comes from a short-lived cache when it can (place-session.ts); the placement
  // statement then checks it in its own transaction, so a bet costs one round trip. Otherwise the
  // ordinary lookup and access rule (the 'loggedIn' tier), as `config.access` applies them.
  const placementSessions = new PlacementSessions();
  r.post(
    ORDERS_PATHS.orders,
    {
      // The access rule and the first-login rule (session/access.ts), here so that a cached session
      // costs no lookup: only sessions without a pending first login are ever remembered. Before the
      // body is validated, as `config.access` and the root gate do for every other route.
      preValidation: async (request) => {
        const token = request.cookies[SESSION_COOKIE];
        if (!token) throw errors.unauthenticated();
        if (placementSessions.get(token)) return;
        const session = await sessionOf(ctx, request);
        const refusal = accessError(session, loggedIn) ?? firstLoginRefusal(session);
        if (refusal) throw refusal;
      },
      schema: { body: PlaceOrderSchema, response: { 200: PlaceOrderResponseSchema } },
    },
    async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      const cached = token ? placementSessions.get(token) : undefined;
      let placed: PlacedOrder | null = null;
      if (cached) {
        assertDrawTypeOffered(ctx.config, request.body.drawType);
        try {
          placed = await placeOrder(pool, cached, request.body, ctx.clock.now(), { cachedSession: cached });
        } catch (error) {
          if (!(error instanceof UnverifiedSession)) throw error;
          placementSessions.forget(token!);
        }
      }
      if (!placed) {
        const session = await sessionOf(ctx, request);
        const denied = accessError(session, loggedIn) ?? firstLoginRefusal(session);
        if (denied) throw denied;
        assertDrawTypeOffered(ctx.config, request.body.drawType);
        if (token) placementSessions.remember(token, session!);
        placed = await placeOrder(pool, { customerId: session!.customer.id, prizeGroup: session!.customer.prize_group }, request.body, ctx.clock.now());
      }
      publishLater(placed.events);
      return { order: placed.order, balance: placed.balance };
    },
  );

  r.get(
    ORDERS_PATHS.orders,
    { config: { access: loggedIn }, schema: { querystring: OrderListQuerySchema, response: { 200: OrderListSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return listOrders(pool, session.customer.id, request.query);
    },
  );

  r.get(
    '/ajax/orders/:orderId',
    { config: { access: loggedIn }, schema: { params: OrderIdParams, response: { 200: OrderDetailSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      const order = await orderDetail(pool, session.customer.id, Number(request.params.orderId));
      if (!order) throw errors.notFound('订单不存在');
      return order;
    },
  );

  r.put(
    '/ajax/orders/:orderId/cancel',
    { config: { access: loggedIn }, schema: { params: OrderIdParams, response: { 200: PlaceOrderResponseSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      const orderId = Number(request.params.orderId);
      const { balance, events } = await cancelByCustomer(pool, session.customer.id, orderId, ctx.clock.now());
      publishLater(events);
      return { order: (await orderDetail(pool, session.customer.id, orderId))!, balance };
    },
  );

  // Creates the seed on first call and marks its hash as shown: instant bets need a shown hash.
  r.get(INSTANT_SEED_PATHS.seed, { config: { access: loggedIn }, schema: { response: { 200: InstantSeedSchema } } }, async (request) => {
    const session = await requireSession(ctx, request);
    return showSeed(pool, session.customer.id);
  });

  r.put(
    INSTANT_SEED_PATHS.rotate,
    { config: { access: loggedIn }, schema: { body: RotateSeedBodySchema, response: { 200: RotateSeedResponseSchema } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      return withTransaction(pool, (client) => rotateSeed(client, session.customer.id, request.body.clientSeed));
    },
  );
}
