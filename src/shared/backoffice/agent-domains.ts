// The back office's registration domains (issue 19, 推广域名): the domains agents build their link
// URLs on. Paths are relative to /ajax/backoffice. A domain is added once and then enabled or
// disabled, never removed, so a link URL already handed out keeps a record of its domain.
import { z } from 'zod';
import { rules } from '../validation/rules.ts';
import { requestText } from '../validation/safe-text.ts';

export const AGENT_DOMAINS_ADMIN_PATHS = {
  domains: '/agents/domains',
  domain: (id: number | string) => `/agents/domains/${id}`,
} as const;

export const DOMAIN_MESSAGES = {
  duplicate: '该域名已存在',
  notFound: '域名不存在',
  enabled: '请选择启用或停用',
} as const;

const ReasonSchema = requestText({ message: '原因不能超过 200 个字', max: 200 }).optional();

/** A host name as spec §5's `domain` rule has it; lower-cased before the check. */
export const AddDomainSchema = z.object({
  domain: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), rules.domain.required.pipe(z.string().max(253, '域名过长'))),
  reason: ReasonSchema,
});
export type AddDomainInput = z.input<typeof AddDomainSchema>;

export const SetDomainEnabledSchema = z.object({ enabled: z.boolean({ error: DOMAIN_MESSAGES.enabled }), reason: ReasonSchema });

export const DomainIdParamsSchema = z.object({
  id: z.coerce.number({ error: DOMAIN_MESSAGES.notFound }).int({ error: DOMAIN_MESSAGES.notFound }).min(1, { error: DOMAIN_MESSAGES.notFound }).max(Number.MAX_SAFE_INTEGER, { error: DOMAIN_MESSAGES.notFound }),
});

export const AdminDomainSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  enabled: z.boolean(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminDomain = z.infer<typeof AdminDomainSchema>;
export const AdminDomainListSchema = z.object({ items: z.array(AdminDomainSchema) });
