// Registration links, registration domains and manual account creation of the agent centre (issue 19
// items 2 and 3, docs/agents/links.md): paths and bodies shared by the PWA and the server. Link and
// domain paths are spec §7's; manual creation lives under /ajax/agent like the rest of the agent API.
import { z } from 'zod';
import { prizeGroupSchema } from '../agent/prize-groups.ts';
import { MALFORMED_REQUEST_MESSAGE } from '../validation/first-login.ts';
import { rules } from '../validation/rules.ts';

const encode = encodeURIComponent;

export const AGENT_LINK_PATHS = {
  links: '/ajax/registration-link',
  link: (id: string) => `/ajax/registration-link/${encode(id)}`,
  deleteLink: (id: string) => `/ajax/registration-link/${encode(id)}/delete`,
  remarks: (id: string) => `/ajax/registration-link/${encode(id)}/remarks`,
  inactive: '/ajax/registration-link/inactive',
  domains: '/ajax/registration-domain',
  accounts: '/ajax/agent/accounts',
} as const;

/** The team's depth: a primary agent is level 1; nobody sits below level 5. */
export const MAX_TEAM_LEVELS = 5;
/** Active (neither expired nor deleted) links one agent may hold at once. */
export const MAX_ACTIVE_LINKS = 100;
export const LINK_PAGE_SIZE_MAX = 50;

/** What an account made by a link or by hand is: spec §3.1 types an agent may create. */
export const NEW_ACCOUNT_TYPES = ['PLAYER', 'AGENT'] as const;
export type NewAccountType = (typeof NEW_ACCOUNT_TYPES)[number];
export const NEW_ACCOUNT_TYPE_NAMES: Record<NewAccountType, string> = { PLAYER: '会员', AGENT: '代理' };

/** Spec §3.5 link retention periods; PERMANENT never expires. */
export const LINK_RETENTIONS = ['ONE_DAY', 'SEVEN_DAY', 'FIFTEEN_DAY', 'PERMANENT'] as const;
export type LinkRetention = (typeof LINK_RETENTIONS)[number];
export const LINK_RETENTION_NAMES: Record<LinkRetention, string> = {
  ONE_DAY: '1 天',
  SEVEN_DAY: '7 天',
  FIFTEEN_DAY: '15 天',
  PERMANENT: '永久',
};
export const LINK_RETENTION_DAYS: Record<LinkRetention, number | null> = { ONE_DAY: 1, SEVEN_DAY: 7, FIFTEEN_DAY: 15, PERMANENT: null };

export const LINK_STATES = ['ACTIVE', 'EXPIRED', 'DELETED'] as const;
export type LinkState = (typeof LINK_STATES)[number];
export const LINK_STATE_NAMES: Record<LinkState, string> = { ACTIVE: '有效', EXPIRED: '已过期', DELETED: '已删除' };

export const LINK_MESSAGES = {
  accountType: '请选择开户类型',
  retention: '请选择链接有效期',
  prizeGroupAboveOwn: (own: number) => `奖金组不能高于您自己的奖金组（${own}）`,
  tooDeepAgent: `团队最多 ${MAX_TEAM_LEVELS} 级，您不能再开设下级代理`,
  tooDeep: `团队最多 ${MAX_TEAM_LEVELS} 级，您不能再开设下级账号`,
  tooManyLinks: `有效链接最多 ${MAX_ACTIVE_LINKS} 个，请先删除不再使用的链接`,
  linkDeleted: '该链接已删除，不能修改备注',
  linkNotFound: '注册链接不存在',
  manualRate: '开户过于频繁，请稍后再试',
} as const;

const malformed = { error: MALFORMED_REQUEST_MESSAGE };

const accountTypeSchema = z.enum(NEW_ACCOUNT_TYPES, { error: LINK_MESSAGES.accountType });
const retentionSchema = z.enum(LINK_RETENTIONS, { error: LINK_MESSAGES.retention });

/** `POST /ajax/registration-link`. */
export const CreateLinkSchema = z.object(
  {
    accountType: accountTypeSchema,
    prizeGroup: prizeGroupSchema,
    retention: retentionSchema,
    remark: rules.regLinkRemark.optional,
  },
  malformed,
);
export type CreateLinkInput = z.input<typeof CreateLinkSchema>;

/** `PUT /ajax/registration-link/{id}/remarks`: blank clears the remark. */
export const LinkRemarkSchema = z.object({ remark: rules.regLinkRemark.optional }, malformed);

/** A link id in a path: what the server makes (12 URL-safe characters) or the demo link's name. */
export const LinkIdParamsSchema = z.object({
  id: z.string({ error: LINK_MESSAGES.linkNotFound }).min(1, { error: LINK_MESSAGES.linkNotFound }).max(64, { error: LINK_MESSAGES.linkNotFound }).regex(/^[A-Za-z0-9_-]+$/, { error: LINK_MESSAGES.linkNotFound }),
});

const pageNumber = (fallback: number, max: number) =>
  z.coerce
    .number({ error: '页码无效' })
    .int({ error: '页码无效' })
    .min(1, { error: '页码无效' })
    .max(max, { error: '页码无效' })
    .default(fallback);

/** `GET /ajax/registration-link?page=&pageSize=&state=`: newest first. */
export const LinkListQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(20, LINK_PAGE_SIZE_MAX),
  state: z.enum(LINK_STATES, { error: '链接状态无效' }).optional(),
});
export type LinkListQuery = z.input<typeof LinkListQuerySchema>;

export const AgentLinkSchema = z.object({
  id: z.string(),
  accountType: z.enum(NEW_ACCOUNT_TYPES),
  prizeGroup: z.number().int(),
  retention: z.enum(LINK_RETENTIONS),
  remark: z.string(),
  registrationCount: z.number().int(),
  state: z.enum(LINK_STATES),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
});
export type AgentLink = z.infer<typeof AgentLinkSchema>;

export const LinkListSchema = z.object({
  items: z.array(AgentLinkSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Active links the agent holds now (at most MAX_ACTIVE_LINKS). */
  activeCount: z.number().int(),
  /** What the team's depth still allows the agent to create (MAX_TEAM_LEVELS). */
  canCreatePlayers: z.boolean(),
  canCreateAgents: z.boolean(),
});
export type LinkList = z.infer<typeof LinkListSchema>;

export const DeletedCountSchema = z.object({ deleted: z.number().int() });

/** `GET /ajax/registration-domain`: the operator's enabled registration domains. */
export const RegistrationDomainListSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), domain: z.string() })),
});
export type RegistrationDomainList = z.infer<typeof RegistrationDomainListSchema>;

/** `POST /ajax/agent/accounts`: manual creation (手动开户). */
export const ManualAccountSchema = z.object(
  {
    accountType: accountTypeSchema,
    username: rules.username.required,
    password: rules.password.required,
    prizeGroup: prizeGroupSchema,
  },
  malformed,
);
export type ManualAccountInput = z.input<typeof ManualAccountSchema>;

export const CreatedAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  accountType: z.enum(NEW_ACCOUNT_TYPES),
  prizeGroup: z.number().int(),
});
export type CreatedAccount = z.infer<typeof CreatedAccountSchema>;

/** The URL a visitor opens: the main site with a registerId query (spec §7 page navigations). */
export function registrationUrl(origin: string, linkId: string): string {
  return `${origin.replace(/\/+$/, '')}/?registerId=${encode(linkId)}`;
}

/** An operator's domain as an origin: https, since a real registration domain serves TLS. */
export function domainOrigin(domain: string): string {
  return `https://${domain}`;
}
