// Red packets (spec §3.3, §7; issue 22 item 2; docs/campaigns/red-packets.md): the customer calls,
// the public list and verification data, and the back office's create / pause / resume / end.
// Amounts are integers of 0.0001 元; red-packet amounts are whole 分.
import { z } from 'zod';
import { reasonText } from '../backoffice/auth.ts';
import { VIP_LEVELS } from '../enums.ts';
import { MAX_RED_PACKET_COUNT, RED_PACKET_RULES, splitProblem } from '../red-packets/split.ts';
import { instant } from '../validation/instant.ts';
import { requestText } from '../validation/safe-text.ts';

export const RED_PACKET_PATHS = {
  claimable: '/ajax/red-packet/claimable',
  claim: (id: number | string) => `/ajax/red-packet/${id}/claim`,
  list: '/ajax/red-packet/list',
  verification: (id: number | string) => `/ajax/red-packet/${id}/verification`,
} as const;

export const RED_PACKET_ADMIN_PATHS = {
  packets: '/red-packets',
  packet: (id: string) => `/red-packets/${id}`,
  action: (id: string, action: RedPacketAction) => `/red-packets/${id}/${action}`,
} as const;

export const RED_PACKET_ACTIONS = ['pause', 'resume', 'end'] as const;
export type RedPacketAction = (typeof RED_PACKET_ACTIONS)[number];

/** What a list shows: the stored status read against the clock. */
export const RED_PACKET_STATES = ['SCHEDULED', 'ACTIVE', 'PAUSED', 'ENDED'] as const;
export type RedPacketState = (typeof RED_PACKET_STATES)[number];
export const RED_PACKET_STATE_LABELS: Record<RedPacketState, string> = {
  SCHEDULED: '未开始',
  ACTIVE: '进行中',
  PAUSED: '已暂停',
  ENDED: '已结束',
};

export const RED_PACKET_MESSAGES = {
  notFound: '红包不存在',
  alreadyClaimed: '您已领取过该红包',
  soldOut: '红包已被领完',
  ended: '红包活动已结束',
  notStarted: '红包活动尚未开始',
  paused: '红包活动已暂停',
  vipLevel: '您的 VIP 等级不符合领取条件',
  deposit: (yuan: string) => `今日充值满 ${yuan} 元才能领取该红包`,
  registeredAfter: '仅限活动开始前注册的会员领取',
} as const;

const MONEY_MESSAGE = '金额须为大于 0 的整数（0.0001 元）';
const money = z.number({ error: MONEY_MESSAGE }).int({ error: MONEY_MESSAGE }).positive({ error: MONEY_MESSAGE }).max(1e13, { error: '金额过大' });

export const RedPacketIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: RED_PACKET_MESSAGES.notFound })
    .int({ error: RED_PACKET_MESSAGES.notFound })
    .positive({ error: RED_PACKET_MESSAGES.notFound })
    .max(2 ** 53 - 1, { error: RED_PACKET_MESSAGES.notFound }),
});

// ── Customer ─────────────────────────────────────────────────────────────────────────────────────

/** A red packet the customer may claim now (spec §3.3: id, title, description). */
export const ClaimableRedPacketSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  commitment: z.string(),
  endsAt: z.string(),
});
export type ClaimableRedPacket = z.infer<typeof ClaimableRedPacketSchema>;
export const ClaimableRedPacketListSchema = z.array(ClaimableRedPacketSchema);

/** Spec §7: depositId and missionId, both null for a red packet. */
export const ClaimRedPacketBodySchema = z
  .object({
    depositId: z.null({ error: '参数无效' }).optional(),
    missionId: z.null({ error: '参数无效' }).optional(),
  })
  .nullable()
  .optional();

export const ClaimRedPacketResponseSchema = z.object({
  id: z.number().int(),
  /** 0.0001 元. */
  award: z.number().int(),
  balance: z.number().int(),
});
export type ClaimRedPacketResponse = z.infer<typeof ClaimRedPacketResponseSchema>;

// ── Public: list and verification ────────────────────────────────────────────────────────────────

export const PublicRedPacketSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  rule: z.enum(RED_PACKET_RULES),
  budget: z.number().int(),
  count: z.number().int(),
  claimed: z.number().int(),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(RED_PACKET_STATES),
  commitment: z.string(),
  /** Revealed once the packet has ended; null before. */
  seed: z.string().nullable(),
});
export type PublicRedPacket = z.infer<typeof PublicRedPacketSchema>;
export const PublicRedPacketListSchema = z.array(PublicRedPacketSchema);

export const RedPacketClaimViewSchema = z.object({
  /** 1-based position: the k-th claim gets the k-th amount of the split. */
  seq: z.number().int(),
  /** Masked (e.g. t_1***ef). */
  name: z.string(),
  amount: z.number().int(),
  claimedAt: z.string(),
});
export type RedPacketClaimView = z.infer<typeof RedPacketClaimViewSchema>;

export const RedPacketVerificationSchema = z.object({
  packet: PublicRedPacketSchema,
  claims: z.array(RedPacketClaimViewSchema),
});
export type RedPacketVerificationData = z.infer<typeof RedPacketVerificationSchema>;

// ── Back office ──────────────────────────────────────────────────────────────────────────────────

export const RedPacketConditionsSchema = z.object({
  /** Empty: every level. */
  vipLevels: z.array(z.enum(VIP_LEVELS, { error: '请选择有效的 VIP 等级' }), { error: '请选择有效的 VIP 等级' }).max(VIP_LEVELS.length, { error: '请选择有效的 VIP 等级' }).default([]),
  /** Credited deposits today (Beijing) at least this much, 0.0001 元; 0: no condition. */
  minDepositToday: z.number({ error: MONEY_MESSAGE }).int({ error: MONEY_MESSAGE }).min(0, { error: MONEY_MESSAGE }).max(1e13, { error: '金额过大' }).default(0),
  /** Only accounts registered before the packet starts. */
  registeredBeforeStart: z.boolean({ error: '参数无效' }).default(false),
});
export type RedPacketConditions = z.infer<typeof RedPacketConditionsSchema>;

export const CreateRedPacketBodySchema = z
  .object({
    title: requestText({ message: '请输入 1-40 个字符的标题', min: 1, max: 40 }).refine((t) => t.trim().length > 0, { error: '请输入 1-40 个字符的标题' }),
    description: requestText({ message: '说明不能超过 200 个字符', max: 200, kind: 'multiline' }).default(''),
    budget: money,
    count: z.number({ error: `红包个数须为 1–${MAX_RED_PACKET_COUNT} 的整数` }).int({ error: `红包个数须为 1–${MAX_RED_PACKET_COUNT} 的整数` }).min(1, { error: `红包个数须为 1–${MAX_RED_PACKET_COUNT} 的整数` }).max(MAX_RED_PACKET_COUNT, { error: `红包个数须为 1–${MAX_RED_PACKET_COUNT} 的整数` }),
    rule: z.enum(RED_PACKET_RULES, { error: '请选择拆分方式' }),
    min: money.nullable().optional(),
    max: money.nullable().optional(),
    startsAt: instant('请填写有效的开始时间'),
    endsAt: instant('请填写有效的结束时间'),
    conditions: RedPacketConditionsSchema.default({ vipLevels: [], minDepositToday: 0, registeredBeforeStart: false }),
    /** Required stake added per awarded 元, basis points (10000 = ×1). */
    stakeMultipleBp: z.number({ error: '打码倍数无效' }).int({ error: '打码倍数无效' }).min(0, { error: '打码倍数无效' }).max(1_000_000, { error: '打码倍数无效' }).default(10_000),
    reason: reasonText.optional(),
  })
  .superRefine((body, context) => {
    if (Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: '结束时间须晚于开始时间' });
    }
    const problem = splitProblem({ budget: body.budget, count: body.count, rule: body.rule, min: body.min ?? null, max: body.max ?? null });
    if (problem) context.addIssue({ code: 'custom', path: ['budget'], message: problem });
  });
export type CreateRedPacketBody = z.input<typeof CreateRedPacketBodySchema>;

export const RedPacketActionBodySchema = z.object({ reason: reasonText.optional() }).nullable().optional();
export const RedPacketActionParamsSchema = RedPacketIdParamsSchema.extend({
  action: z.enum(RED_PACKET_ACTIONS, { error: '不支持的操作' }),
});

export const AdminRedPacketSchema = PublicRedPacketSchema.extend({
  conditions: RedPacketConditionsSchema,
  stakeMultipleBp: z.number().int(),
  spent: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type AdminRedPacket = z.infer<typeof AdminRedPacketSchema>;
export const AdminRedPacketListSchema = z.object({ packets: z.array(AdminRedPacketSchema) });

export const AdminRedPacketClaimSchema = z.object({
  seq: z.number().int(),
  customerId: z.number().int(),
  username: z.string(),
  amount: z.number().int(),
  claimedAt: z.string(),
});
export const AdminRedPacketDetailSchema = z.object({
  packet: AdminRedPacketSchema,
  claims: z.array(AdminRedPacketClaimSchema),
});
export type AdminRedPacketDetail = z.infer<typeof AdminRedPacketDetailSchema>;
