// The provider wallets of the player (issue 20 item 4): balances with their freshness, a refresh,
// transfers both ways, 一键回收, the transfer list and the third-party statement. Trial accounts read
// (their provider wallets are empty) but never transfer (spec §6: 试玩账号不能转账).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ProviderParamsSchema,
  ProviderWalletSchema,
  ProviderWalletsSchema,
  RecallAnswerSchema,
  RecallRequestSchema,
  THIRD_PARTY_PATHS,
  ThirdPartyRecordListSchema,
  ThirdPartyRecordQuerySchema,
  TransferAnswerSchema,
  TransferListQuerySchema,
  TransferListSchema,
  TransferRequestSchema,
} from '../../shared/api/third-party.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { requireSession, type AccessRule } from '../session/access.ts';
import { isActiveProvider, openAdapter, adapterFor } from '../providers/registry.ts';
import { transferView, type TransferRow } from '../providers/transfer-store.ts';
import { transfer } from '../providers/transfers.ts';
import { listWallets, refreshWallet, walletOf } from '../providers/wallets.ts';
import { playerBalance } from '../wallet/ledger.ts';
import { listThirdPartyRecords } from './records-view.ts';
import { recallAll } from './recall.ts';

const TRANSFERS_PAGE_SIZE = 20;

export async function thirdPartyWalletRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const config = ctx.config.providers;
  const loggedIn: AccessRule = { tier: 'loggedIn' };
  const move: AccessRule = { tier: 'nonTrial', operation: '转账' };
  const customerOf = async (request: Parameters<typeof requireSession>[1]) => (await requireSession(ctx, request)).customer.id;

  r.get(THIRD_PARTY_PATHS.wallets, { config: { access: loggedIn }, schema: { response: { 200: ProviderWalletsSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { wallets: await listWallets(pool, await customerOf(request)) };
  });

  r.post(
    THIRD_PARTY_PATHS.walletRefresh(':provider'),
    { config: { access: loggedIn }, schema: { params: ProviderParamsSchema, response: { 200: ProviderWalletSchema } } },
    async (request) => {
      const customerId = await customerOf(request);
      const provider = request.params.provider;
      if (!isActiveProvider(provider)) throw errors.notFound('游戏平台不存在');
      await refreshWallet(pool, await adapterFor(pool, config, provider), customerId);
      return walletOf(pool, customerId, provider);
    },
  );

  r.post(
    THIRD_PARTY_PATHS.transfers,
    { config: { access: move }, schema: { body: TransferRequestSchema, response: { 200: TransferAnswerSchema } } },
    async (request) => {
      const customerId = await customerOf(request);
      const body = request.body;
      if (!isActiveProvider(body.provider)) throw errors.notFound('游戏平台不存在');
      // Money may always come back from a disabled provider; only sending to one is closed.
      const adapter =
        body.direction === 'IN' ? (await openAdapter(pool, config, body.provider)).adapter : await adapterFor(pool, config, body.provider);
      const row = await transfer(pool, adapter, { customerId, provider: body.provider, direction: body.direction, amount: body.amount, requestKey: body.requestKey, origin: 'PLAYER' });
      return { transfer: transferView(row), mainWallet: await playerBalance(pool, customerId) };
    },
  );

  r.get(
    THIRD_PARTY_PATHS.transferList,
    { config: { access: loggedIn }, schema: { querystring: TransferListQuerySchema, response: { 200: TransferListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const customerId = await customerOf(request);
      const { page } = request.query;
      const count = await pool.query<{ total: number }>('SELECT count(*)::int AS total FROM provider_transfers WHERE customer_id = $1', [customerId]);
      const rows = await pool.query<TransferRow>(
        'SELECT * FROM provider_transfers WHERE customer_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
        [customerId, TRANSFERS_PAGE_SIZE, (page - 1) * TRANSFERS_PAGE_SIZE],
      );
      return { items: rows.rows.map(transferView), page, totalPages: Math.max(1, Math.ceil(count.rows[0]!.total / TRANSFERS_PAGE_SIZE)) };
    },
  );

  r.post(
    THIRD_PARTY_PATHS.recallAll,
    { config: { access: move }, schema: { body: RecallRequestSchema, response: { 200: RecallAnswerSchema } } },
    async (request) => recallAll(pool, config, await customerOf(request), request.body.requestKey),
  );

  r.get(
    THIRD_PARTY_PATHS.records,
    { config: { access: loggedIn }, schema: { querystring: ThirdPartyRecordQuerySchema, response: { 200: ThirdPartyRecordListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listThirdPartyRecords(pool, await customerOf(request), request.query);
    },
  );
}
