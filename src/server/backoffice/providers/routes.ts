// The back office's 第三方游戏 area (issue 20 item 6; docs/providers/server.md): providers and their
// catalogues on and off, the adapter configuration, the sandbox's fault controls, the transfer queue
// (in doubt first) with each transfer's resolution history, resolving one now by asking the provider,
// and per-provider reconciliation. Every write runs in withOperatorWrite with its audit row.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import {
  AdminTransferDetailSchema,
  AdminTransferListSchema,
  AdminTransferQuerySchema,
  PROVIDER_ADMIN_PATHS,
  ProviderAdminListSchema,
  ProviderFaultsStateSchema,
  ProviderParamsSchema,
  ManualSettleAnswerSchema,
  ManualSettleBodySchema,
  PROVIDER_TRANSFER_SETTLE_APPROVAL,
  ReconciliationSchema,
  RecordsPullSchema,
  ResolveBodySchema,
  TransferIdParamsSchema,
  UpdateFaultsBodySchema,
  UpdateProviderBodySchema,
} from '../../../shared/backoffice/providers.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ThirdPartyProvider } from '../../../shared/enums.ts';
import type { ServerContext } from '../../context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { resolveTransfer } from '../../providers/in-doubt.ts';
import { pullRecords } from '../../providers/records.ts';
import { transferById } from '../../providers/transfer-store.ts';
import { adapterFor, allProviderSettings, isActiveProvider, providerSettings } from '../../providers/registry.ts';
import { SandboxProviderAdapter } from '../../providers/sandbox-adapter.ts';
import { operatorOf, registerApprovalKind, requestApproval, withOperatorWrite } from '../core/api.ts';
import { manualSettleApproval } from './manual-settle.ts';
import { adminTransferDetail, adminTransferList } from './transfers-view.ts';
import { reconcileProvider } from './reconciliation.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const rule = (permission: Permission) => ({ operator: { permission } });
const SANDBOX_UNREACHABLE = '沙箱服务商无法连接，请确认沙箱服务已启动';

function knownProvider(code: string): ThirdPartyProvider {
  if (!isActiveProvider(code)) throw errors.notFound('游戏平台不存在');
  return code;
}

export async function providerAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  registerApprovalKind(manualSettleApproval);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const config = ctx.config.providers;

  r.get(path(PROVIDER_ADMIN_PATHS.providers), { config: rule('providers.read'), schema: { response: { 200: ProviderAdminListSchema } } }, async () => {
    const settings = await allProviderSettings(pool);
    const counts = await pool.query<{ provider: string; players: number; open: number }>(
      `SELECT p.code AS provider,
              (SELECT count(*)::int FROM provider_wallets w WHERE w.provider = p.code) AS players,
              (SELECT count(*)::int FROM provider_transfers t WHERE t.provider = p.code AND t.status IN ('PENDING', 'IN_DOUBT')) AS open
         FROM third_party_providers p`,
    );
    const byProvider = new Map(counts.rows.map((c) => [c.provider, c]));
    return {
      providers: settings.map((s) => ({
        provider: s.provider,
        enabled: s.enabled,
        adapterKind: s.adapterKind,
        sandbox: s.adapterKind === 'sandbox',
        catalogues: Object.entries(s.catalogues).map(([catalogue, enabled]) => ({ catalogue: catalogue as never, enabled: enabled === true })),
        players: byProvider.get(s.provider)?.players ?? 0,
        openTransfers: byProvider.get(s.provider)?.open ?? 0,
      })),
      adapter: {
        kind: 'sandbox',
        baseUrl: config.sandboxUrl,
        merchantId: config.merchantId,
        timeoutMs: config.timeoutMs,
        resolveIntervalMs: config.resolveIntervalMs,
        inDoubtWindowMs: config.inDoubtWindowMs,
        recordsIntervalMs: config.recordsIntervalMs,
        gamesCacheMs: config.gamesCacheMs,
      },
    };
  });

  r.put(
    path(PROVIDER_ADMIN_PATHS.provider(':provider')),
    { config: rule('providers.manage'), schema: { params: ProviderParamsSchema, body: UpdateProviderBodySchema } },
    async (request) => {
      const provider = knownProvider(request.params.provider);
      const { enabled, catalogues, reason } = request.body;
      await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await providerSettings(client, provider);
        if (!before) throw errors.notFound('游戏平台不存在');
        for (const catalogue of Object.keys(catalogues ?? {})) {
          if (!(catalogue in before.catalogues)) throw errors.validation('该平台不提供此类游戏', { catalogues: '该平台不提供此类游戏' });
        }
        await client.query('SELECT 1 FROM third_party_providers WHERE code = $1 FOR UPDATE', [provider]);
        if (enabled !== undefined) await client.query('UPDATE third_party_providers SET enabled = $2, updated_at = now() WHERE code = $1', [provider, enabled]);
        for (const [catalogue, on] of Object.entries(catalogues ?? {})) {
          await client.query('UPDATE provider_catalogues SET enabled = $3, updated_at = now() WHERE provider = $1 AND catalogue = $2', [provider, catalogue, on]);
        }
        const after = await providerSettings(client, provider);
        await audit({ action: 'providers.update', targetType: 'provider', targetId: provider, before, after, reason });
      });
      return { ok: true };
    },
  );

  const sandboxOf = async (provider: ThirdPartyProvider) => {
    const adapter = await adapterFor(pool, config, provider);
    return adapter instanceof SandboxProviderAdapter ? adapter : null;
  };

  r.get(
    path(PROVIDER_ADMIN_PATHS.faults(':provider')),
    { config: rule('providers.read'), schema: { params: ProviderParamsSchema, response: { 200: ProviderFaultsStateSchema } } },
    async (request) => {
      const provider = knownProvider(request.params.provider);
      const sandbox = await sandboxOf(provider);
      if (!sandbox) return { provider, sandbox: false, reachable: true, faults: null };
      try {
        return { provider, sandbox: true, reachable: true, faults: await sandbox.faults() };
      } catch {
        return { provider, sandbox: true, reachable: false, faults: null };
      }
    },
  );

  r.put(
    path(PROVIDER_ADMIN_PATHS.faults(':provider')),
    { config: rule('providers.manage'), schema: { params: ProviderParamsSchema, body: UpdateFaultsBodySchema, response: { 200: ProviderFaultsStateSchema } } },
    async (request) => {
      const provider = knownProvider(request.params.provider);
      const sandbox = await sandboxOf(provider);
      if (!sandbox) throw errors.conflict('该平台不是沙箱服务商，没有故障控制');
      const ask = async <T>(work: () => Promise<T>) => {
        try {
          return await work();
        } catch {
          throw new AppError(503, ERROR_CODES.INTERNAL, SANDBOX_UNREACHABLE);
        }
      };
      const faults = await withOperatorWrite(ctx, request, async (_client, audit) => {
        const before = await ask(() => sandbox.faults());
        await audit({ action: 'providers.sandbox.faults', targetType: 'provider', targetId: provider, before, after: request.body.faults, reason: request.body.reason });
        return ask(() => sandbox.setFaults(request.body.faults));
      });
      return { provider, sandbox: true, reachable: true, faults };
    },
  );

  r.get(
    path(PROVIDER_ADMIN_PATHS.transfers),
    { config: rule('providers.read'), schema: { querystring: AdminTransferQuerySchema, response: { 200: AdminTransferListSchema } } },
    async (request) => adminTransferList(pool, request.query),
  );

  r.get(
    path(PROVIDER_ADMIN_PATHS.transfer(':id')),
    { config: rule('providers.read'), schema: { params: TransferIdParamsSchema, response: { 200: AdminTransferDetailSchema } } },
    async (request) => {
      const detail = await adminTransferDetail(pool, request.params.id);
      if (!detail) throw errors.notFound('转账记录不存在');
      return detail;
    },
  );

  r.post(
    path(PROVIDER_ADMIN_PATHS.resolve(':id')),
    { config: rule('providers.transfers.resolve'), schema: { params: TransferIdParamsSchema, body: ResolveBodySchema, response: { 200: AdminTransferDetailSchema } } },
    async (request) => {
      const id = request.params.id;
      const before = await adminTransferDetail(pool, id);
      if (!before) throw errors.notFound('转账记录不存在');
      const operator = operatorOf(request);
      // The query to the provider runs outside any transaction; the settlement is its own locked
      // transaction (providers/transfers.ts). The audit row records what the query led to.
      await resolveTransfer(pool, config, id, `OPERATOR:${operator.username}`);
      const after = (await adminTransferDetail(pool, id))!;
      await withOperatorWrite(ctx, request, async (_client, audit) => {
        await audit({ action: 'providers.transfer.resolve', targetType: 'provider_transfer', targetId: id, before: before.transfer, after: after.transfer, reason: request.body.reason });
      });
      return after;
    },
  );

  r.post(
    path(PROVIDER_ADMIN_PATHS.settle(':id')),
    {
      config: rule('providers.transfers.resolve'),
      schema: { params: TransferIdParamsSchema, body: ManualSettleBodySchema, response: { 200: ManualSettleAnswerSchema } },
    },
    async (request) => {
      const id = request.params.id;
      const { outcome, reason } = request.body;
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const row = await transferById(client, id, true);
        if (!row) throw errors.notFound('转账记录不存在');
        const payload = { transferId: row.id, reference: row.reference, outcome, amount: row.amount };
        const filed = await requestApproval(client, audit, operatorOf(request), PROVIDER_TRANSFER_SETTLE_APPROVAL, payload, reason);
        return { approvalId: filed.id };
      });
    },
  );

  r.post(
    path(PROVIDER_ADMIN_PATHS.recordsPull(':provider')),
    { config: rule('providers.transfers.resolve'), schema: { params: ProviderParamsSchema, response: { 200: RecordsPullSchema } } },
    async (request) => {
      const provider = knownProvider(request.params.provider);
      // Like the job's pull: the provider is asked outside any transaction, and the audit row records what was stored.
      const pulled = await pullRecords(pool, config, provider);
      const answer = { pages: pulled.pages, stored: pulled.stored, error: pulled.error };
      await withOperatorWrite(ctx, request, async (_client, audit) => {
        await audit({ action: 'providers.records.pull', targetType: 'provider', targetId: provider, before: null, after: answer });
      });
      return answer;
    },
  );

  r.get(
    path(PROVIDER_ADMIN_PATHS.reconciliation(':provider')),
    { config: rule('providers.transfers.resolve'), schema: { params: ProviderParamsSchema, response: { 200: ReconciliationSchema } } },
    async (request) => reconcileProvider(pool, config, knownProvider(request.params.provider)),
  );
}
