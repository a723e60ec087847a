// Campaigns (活动, issue 22 item 1; docs/campaigns/campaigns.md): the player API and the back office's,
// shared by the server, the PWA and the back office.
import { z } from 'zod';
import { CAMPAIGN_DISPLAY_TABS, CAMPAIGN_TAGS, CLAIM_STATES, FESTIVALS } from '../enums.ts';
import { CAMPAIGN_SUBTYPES, CLAIM_LIMITS, CampaignRulesSchema, percentAllowed, RewardSchema } from '../campaigns/rules.ts';
import { htmlContent } from '../validation/content-rules.ts';
import { textRule, charLength } from '../validation/field-rule.ts';
import { yuan } from '../money.ts';

export const CAMPAIGN_PATHS = {
  list: '/ajax/campaign',
  claims: '/ajax/campaign/claims',
  detail: (id: number | string) => `/ajax/campaign/${id}`,
  claim: (id: number | string) => `/ajax/campaign/${id}/claim`,
} as const;

export const CAMPAIGN_ADMIN_PATHS = {
  campaigns: '/ajax/backoffice/campaigns',
  campaign: (id: number | string) => `/ajax/backoffice/campaigns/${id}`,
  status: (id: number | string) => `/ajax/backoffice/campaigns/${id}/status`,
  grants: (id: number | string) => `/ajax/backoffice/campaigns/${id}/grants`,
  claims: '/ajax/backoffice/campaign-claims',
  approve: (id: number | string) => `/ajax/backoffice/campaign-claims/${id}/approve`,
  reject: (id: number | string) => `/ajax/backoffice/campaign-claims/${id}/reject`,
  report: '/ajax/backoffice/campaign-report',
  reportCsv: '/ajax/backoffice/campaign-report.csv',
} as const;

/** A pending claim above this amount needs a second operator (four-eyes, kind campaigns.claim.large). */
export const CLAIM_FOUR_EYES_THRESHOLD = yuan(1_000);
export const LARGE_CLAIM_APPROVAL = 'campaigns.claim.large';

export const DISPLAY_TAB_CODES = CAMPAIGN_DISPLAY_TABS.map((tab) => tab.code) as [string, ...string[]];
export const CAMPAIGN_PHASES = ['DRAFT', 'SCHEDULED', 'ACTIVE', 'PAUSED', 'ENDED'] as const;
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];
export const CAMPAIGN_PHASE_LABELS: Record<CampaignPhase, string> = {
  DRAFT: '草稿',
  SCHEDULED: '未开始',
  ACTIVE: '进行中',
  PAUSED: '已暂停',
  ENDED: '已结束',
};
export const BONUS_STATUSES = ['PAID', 'REJECTED', 'WAITING_FOR_APPROVAL', 'NOT_ACHIEVED'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];
export const BONUS_STATUS_LABELS: Record<BonusStatus, string> = {
  PAID: '已派发',
  REJECTED: '已拒绝',
  WAITING_FOR_APPROVAL: '等待审核',
  NOT_ACHIEVED: '未达成',
};
export const CLAIM_STATE_LABELS: Record<(typeof CLAIM_STATES)[number], string> = {
  CLAIMABLE: '可领取',
  CLAIMED: '已领取',
  PENDING: '审核中',
  NOT_CLAIMABLE: '未达成',
};

export const CAMPAIGN_MESSAGES = {
  notFound: '活动不存在',
  badTab: '活动分类不存在',
  loginFirst: '登录后参加',
  trial: '试玩账号不能参加活动',
  notStarted: '活动尚未开始',
  ended: '活动已结束',
  paused: '活动已暂停',
  budget: '活动奖金已发放完毕',
  alreadyClaimed: '本期已领取，请勿重复领取',
  period: '结束时间必须晚于开始时间',
  percentNotAllowed: '该类型活动只能设置固定金额奖励',
  bannerColor: '颜色格式有误，例如 #E03131',
  reason: '请填写原因',
  usernames: '请填写至少一个账号',
  notManual: '只有人工派发或推广活动可以设置名单',
  notEditable: '已结束的活动不能修改',
  claimNotPending: '该申请已处理',
} as const;

export const CampaignQuerySchema = z.object({
  tab: z.enum(DISPLAY_TAB_CODES, { error: CAMPAIGN_MESSAGES.badTab }).optional(),
});
export const CampaignIdParamsSchema = z.object({
  id: z.coerce.number({ error: CAMPAIGN_MESSAGES.notFound }).int(CAMPAIGN_MESSAGES.notFound).positive(CAMPAIGN_MESSAGES.notFound).max(Number.MAX_SAFE_INTEGER, CAMPAIGN_MESSAGES.notFound),
});

export const ClaimViewStateSchema = z.object({
  state: z.enum(CLAIM_STATES),
  /** Why NOT_CLAIMABLE (or what PENDING waits for), in Chinese. */
  reason: z.string().nullable(),
  /** The bonus a claim now would pay (CLAIMABLE), or the claim's (CLAIMED / PENDING). */
  amount: z.number().int().nullable(),
});
export type ClaimViewState = z.infer<typeof ClaimViewStateSchema>;

export const CampaignSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtype: z.enum(CAMPAIGN_SUBTYPES),
  displayTab: z.string(),
  tag: z.enum(CAMPAIGN_TAGS),
  festival: z.enum(FESTIVALS).nullable(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  phase: z.enum(CAMPAIGN_PHASES),
  bannerColor: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  reward: RewardSchema,
  stakeMultipleBp: z.number().int(),
  needsApproval: z.boolean(),
  claimLimit: z.enum(CLAIM_LIMITS),
  claim: ClaimViewStateSchema,
});
export type CampaignSummary = z.infer<typeof CampaignSummarySchema>;

export const CampaignListSchema = z.object({ campaigns: z.array(CampaignSummarySchema) });
export type CampaignList = z.infer<typeof CampaignListSchema>;

export const CampaignDetailSchema = CampaignSummarySchema.extend({
  descriptionHtml: z.string(),
  /** The rules in plain Chinese lines (rendered as text). */
  ruleLines: z.array(z.string()),
});
export type CampaignDetail = z.infer<typeof CampaignDetailSchema>;

export const ClaimRecordSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  campaignTitle: z.string(),
  amount: z.number().int(),
  requiredStake: z.number().int(),
  status: z.enum(BONUS_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type ClaimRecord = z.infer<typeof ClaimRecordSchema>;
export const ClaimRecordListSchema = z.object({ claims: z.array(ClaimRecordSchema) });

export const ClaimResultSchema = z.object({ claim: ClaimRecordSchema, balance: z.number().int().nullable() });
export type ClaimResult = z.infer<typeof ClaimResultSchema>;

// ── Back office ─────────────────────────────────────────────────────────────────────────────────

export const campaignTitle = textRule({
  label: '活动标题',
  checks: [{ test: (text) => charLength(text) <= 60, message: '活动标题最多 60 个字' }],
});
const reasonRule = textRule({ label: '原因', kind: 'multiline', checks: [{ test: (text) => charLength(text) <= 200, message: '原因最多 200 个字' }] });
const epochMs = z.number({ error: '请选择时间' }).int('请选择时间').min(0, '请选择时间').max(8.64e15, '请选择时间');

export const CampaignInputSchema = z
  .object({
    title: campaignTitle.required,
    /** Omitted: the subtype's tab (CAMPAIGN_TAB_OF_SUBTYPE), or 节日活动 when a festival is set. */
    displayTab: z.enum(DISPLAY_TAB_CODES, { error: CAMPAIGN_MESSAGES.badTab }).optional(),
    tag: z.enum(CAMPAIGN_TAGS).default('NONE'),
    festival: z.enum(FESTIVALS).nullable().default(null),
    startsAt: epochMs,
    endsAt: epochMs,
    descriptionHtml: htmlContent.required,
    bannerColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, CAMPAIGN_MESSAGES.bannerColor).nullable().default(null),
    bannerImageUrl: z.string().regex(/^(https:\/\/|\/)[^\s"'<>]{1,500}$/, '图片地址必须以 https:// 或 / 开头').nullable().default(null),
    rules: CampaignRulesSchema,
    reward: RewardSchema,
    stakeMultipleBp: z.number({ error: '打码倍数有误' }).int('打码倍数有误').min(0, '打码倍数有误').max(1_000_000, '打码倍数有误').default(10_000),
    needsApproval: z.boolean().default(false),
    budget: z.number({ error: '预算有误' }).int('预算有误').positive('预算有误').max(1e14, '预算有误').nullable().default(null),
    sortOrder: z.number().int().min(-1000).max(1000).default(0),
  })
  .superRefine((input, issues) => {
    if (input.endsAt <= input.startsAt) issues.addIssue({ code: 'custom', path: ['endsAt'], message: CAMPAIGN_MESSAGES.period });
    if (input.reward.kind === 'PERCENT' && !percentAllowed(input.rules.subtype)) {
      issues.addIssue({ code: 'custom', path: ['reward'], message: CAMPAIGN_MESSAGES.percentNotAllowed });
    }
  });
export type CampaignInput = z.input<typeof CampaignInputSchema>;
export type CampaignInputParsed = z.output<typeof CampaignInputSchema>;

export const AdminCampaignSchema = CampaignSummarySchema.omit({ claim: true }).extend({
  status: z.enum(['DRAFT', 'SCHEDULED', 'PAUSED', 'ENDED']),
  descriptionHtml: z.string(),
  rules: CampaignRulesSchema,
  budget: z.number().int().nullable(),
  committed: z.number().int(),
  sortOrder: z.number().int(),
  claimsPaid: z.number().int(),
  claimsPending: z.number().int(),
});
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;
export const AdminCampaignListSchema = z.object({ campaigns: z.array(AdminCampaignSchema) });

export const STATUS_ACTIONS = ['PUBLISH', 'PAUSE', 'RESUME', 'END'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];
export const StatusActionSchema = z.object({ action: z.enum(STATUS_ACTIONS, { error: '操作无效' }), reason: reasonRule.optional });

export const AdminClaimSchema = ClaimRecordSchema.extend({
  username: z.string(),
  customerId: z.number().int(),
  qualifyingRef: z.string().nullable(),
  qualifyingAmount: z.number().int(),
  needsSecondApproval: z.boolean(),
  approvalId: z.number().int().nullable(),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
export const AdminClaimListSchema = z.object({ claims: z.array(AdminClaimSchema) });
export const AdminClaimQuerySchema = z.object({
  status: z.enum(['PAID', 'REJECTED', 'WAITING_FOR_APPROVAL']).default('WAITING_FOR_APPROVAL'),
  campaignId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const ApproveClaimSchema = z.object({ reason: reasonRule.optional });
export const RejectClaimSchema = z.object({ reason: reasonRule.required });
export const ApproveResultSchema = z.object({
  /** PAID at once, or FOUR_EYES: a second operator must approve the filed request. */
  outcome: z.enum(['PAID', 'FOUR_EYES']),
  approvalId: z.number().int().nullable(),
});

export const GrantsInputSchema = z.object({
  usernames: z.array(z.string().trim().min(1).max(64)).min(1, CAMPAIGN_MESSAGES.usernames).max(500, '一次最多 500 个账号'),
  amount: z.number().int().positive().max(1e13).nullable().default(null),
});
export const GrantSchema = z.object({ customerId: z.number().int(), username: z.string(), amount: z.number().int().nullable(), createdAt: z.number().int() });
export const GrantListSchema = z.object({ grants: z.array(GrantSchema), unknownUsernames: z.array(z.string()) });

export const ReportRowSchema = z.object({
  campaignId: z.number().int(),
  title: z.string(),
  subtype: z.enum(CAMPAIGN_SUBTYPES),
  claimsPaid: z.number().int(),
  amountPaid: z.number().int(),
  requiredStakeAdded: z.number().int(),
  claimsPending: z.number().int(),
  amountPending: z.number().int(),
  claimsRejected: z.number().int(),
  budget: z.number().int().nullable(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;
export const ReportSchema = z.object({ rows: z.array(ReportRowSchema) });
