// The back office's 第三方游戏 area (issue 20 item 6): providers and catalogues on/off, the adapter
// configuration, the sandbox's fault controls, the in-doubt transfer queue with its resolution
// history, and per-provider reconciliation. Paths are under /ajax/backoffice.
import { z } from 'zod';
import { ProviderFaultsSchema } from '../providers/sandbox-faults.ts';
import { ProviderCatalogueSchema, ProviderSchema, TRANSFER_STATUSES } from '../api/third-party.ts';
import { reasonText } from './auth.ts';

export const PROVIDER_ADMIN_PATHS = {
  providers: '/providers',
  provider: (provider: string) => `/providers/${provider}`,
  faults: (provider: string) => `/providers/${provider}/faults`,
  reconciliation: (provider: string) => `/providers/${provider}/reconciliation`,
  recordsPull: (provider: string) => `/providers/${provider}/records/pull`,
  transfers: '/provider-transfers',
  transfer: (id: number | string) => `/provider-transfers/${id}`,
  resolve: (id: number | string) => `/provider-transfers/${id}/resolve`,
  settle: (id: number | string) => `/provider-transfers/${id}/settle`,
} as const;

const Money = z.number().int();

export const ADAPTER_KIND_LABELS: Record<string, string> = { sandbox: '沙箱服务商' };

export const ProviderAdminSchema = z.object({
  provider: ProviderSchema,
  enabled: z.boolean(),
  adapterKind: z.string(),
  sandbox: z.boolean(),
  catalogues: z.array(z.object({ catalogue: ProviderCatalogueSchema, enabled: z.boolean() })),
  /** Players who have a wallet there, and transfers not yet resolved. */
  players: z.number().int(),
  openTransfers: z.number().int(),
});
export type ProviderAdmin = z.infer<typeof ProviderAdminSchema>;

export const AdapterConfigSchema = z.object({
  kind: z.string(),
  baseUrl: z.string(),
  merchantId: z.string(),
  timeoutMs: z.number().int(),
  resolveIntervalMs: z.number().int(),
  inDoubtWindowMs: z.number().int(),
  recordsIntervalMs: z.number().int(),
  gamesCacheMs: z.number().int(),
});

export const ProviderAdminListSchema = z.object({ providers: z.array(ProviderAdminSchema), adapter: AdapterConfigSchema });

export const ProviderParamsSchema = z.object({ provider: z.string().max(16) });

export const UpdateProviderBodySchema = z
  .object({
    enabled: z.boolean({ error: '请选择启用或停用' }).optional(),
    catalogues: z.partialRecord(ProviderCatalogueSchema, z.boolean({ error: '请选择启用或停用' })).optional(),
    reason: reasonText,
  })
  .refine((body) => body.enabled !== undefined || (body.catalogues !== undefined && Object.keys(body.catalogues).length > 0), {
    error: '没有要修改的内容',
  });

export const ProviderFaultsStateSchema = z.object({
  provider: ProviderSchema,
  sandbox: z.boolean(),
  reachable: z.boolean(),
  faults: ProviderFaultsSchema.nullable(),
});
export const UpdateFaultsBodySchema = z.object({ faults: ProviderFaultsSchema.partial(), reason: reasonText });

export const TransferEventSchema = z.object({ at: z.string(), actor: z.string(), outcome: z.string(), detail: z.string().nullable() });

export const AdminTransferSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  customerId: z.number().int(),
  username: z.string(),
  provider: ProviderSchema,
  direction: z.enum(['IN', 'OUT']),
  amount: Money,
  origin: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  checks: z.number().int(),
  nextCheckAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The provider's answers contradict the transfer: no automatic check settles it, an operator decides (人工处理). */
  needsManual: z.boolean(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AdminTransfer = z.infer<typeof AdminTransferSchema>;

const PAGE_MESSAGE = '页码必须为正整数';
export const AdminTransferQuerySchema = z.object({
  /** OPEN: PENDING and IN_DOUBT (the in-doubt queue). */
  status: z.enum(['OPEN', ...TRANSFER_STATUSES], { error: '状态无效' }).optional(),
  provider: ProviderSchema.optional(),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(10_000, '页码过大').default(1),
});
export const AdminTransferListSchema = z.object({ items: z.array(AdminTransferSchema), page: z.number().int(), totalPages: z.number().int() });
export const AdminTransferDetailSchema = z.object({ transfer: AdminTransferSchema, events: z.array(TransferEventSchema) });

const idMessage = '转账记录不存在';
export const TransferIdParamsSchema = z.object({
  id: z.coerce.number({ error: idMessage }).int({ error: idMessage }).min(1, { error: idMessage }).max(Number.MAX_SAFE_INTEGER, { error: idMessage }),
});
export const ResolveBodySchema = z.object({ reason: reasonText });

/** 人工处理 of a transfer whose provider answers contradict it: filed for a second operator (four-eyes). */
export const PROVIDER_TRANSFER_SETTLE_APPROVAL = 'providers.transfer.settle';
export const ManualSettleBodySchema = z.object({
  outcome: z.enum(['SUCCESS', 'FAILED'], { error: '请选择处理结果' }),
  reason: reasonText,
});
export const ManualSettleAnswerSchema = z.object({ approvalId: z.number().int() });

export const ReconciliationPlayerSchema = z.object({
  customerId: z.number().int(),
  username: z.string(),
  /** What our books say the player holds there: transfers in − out (successful and held) + settled payouts − stakes. */
  expected: Money,
  /** What the provider says now; null: it could not be asked. */
  providerBalance: Money.nullable(),
  difference: Money.nullable(),
});

export const ReconciliationSchema = z.object({
  provider: ProviderSchema,
  checkedAt: z.string(),
  /** Balance of our ledger account external:provider:<CODE>: money sent there − money back (held included). */
  ledgerAccount: Money,
  transfersIn: Money,
  transfersOut: Money,
  openTransfers: z.number().int(),
  records: z.object({ count: z.number().int(), stake: Money, validStake: Money, payout: Money, open: z.number().int() }),
  /** ledgerAccount + Σ(settled payout − stake) − Σ(open stake): what the players should hold there together. */
  expectedTotal: Money,
  providerTotal: Money.nullable(),
  players: z.array(ReconciliationPlayerSchema),
  /** Players not asked (the list is capped); their figures are in the totals of our side only. */
  playersNotChecked: z.number().int(),
  recordsPull: z.object({ pulledAt: z.string().nullable(), error: z.string().nullable() }),
  ok: z.boolean(),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

/** What one pull of a provider's bet records stored (an error leaves the cursor where it was). */
export const RecordsPullSchema = z.object({ pages: z.number().int(), stored: z.number().int(), error: z.string().nullable() });
