// The back office's content (issue 16 item 8): announcements, help pages and payment tutorials.
// Paths are relative to /ajax/backoffice. Every write names the `version` it was made from: a page
// changed by someone else meanwhile is refused (409), never overwritten unseen.
import { z } from 'zod';
import { ANNOUNCEMENT_ID, HELP_SLUG } from '../api/content.ts';
import { charLength, textRule } from '../validation/field-rule.ts';
import { htmlContent } from '../validation/content-rules.ts';
import { instant } from '../validation/instant.ts';
import { requestText } from '../validation/safe-text.ts';

export const CONTENT_ADMIN_PATHS = {
  announcements: '/content/announcements',
  announcement: (id: string) => `/content/announcements/${id}`,
  publish: (id: string) => `/content/announcements/${id}/publish`,
  withdraw: (id: string) => `/content/announcements/${id}/withdraw`,
  helpPages: '/content/help',
  helpPage: (slug: string) => `/content/help/${slug}`,
  tutorials: '/content/tutorials',
  tutorial: (key: string) => `/content/tutorials/${key}`,
  preview: '/content/preview',
} as const;

export const CONTENT_MESSAGES = {
  stale: '内容已被其他操作员修改，请刷新后重试',
  announcementMissing: '公告不存在',
  helpMissing: '帮助页面不存在',
  tutorialMissing: '教程页面不存在',
  slugTaken: '该页面地址已被使用',
  alreadyPublished: '公告已发布',
  notPublished: '公告未发布，无需撤回',
  expiryBeforePublish: '过期时间必须晚于发布时间',
  expiryPassed: '过期时间必须晚于现在',
  emptyAfterSanitising: '内容不可以为空（脚本、样式等不允许的内容已被移除）',
} as const;

// ── Fields ───────────────────────────────────────────────────────────────────────────────────────

const MAX_TITLE = 100;
const MAX_SUMMARY = 200;
const MAX_SECTION = 30;

const lengthRule = (label: string, max: number) =>
  textRule({ label, checks: [{ test: (text) => charLength(text) <= max, message: `${label}最多 ${max} 个字` }] });

export const titleRule = lengthRule('标题', MAX_TITLE);
export const summaryRule = lengthRule('简介', MAX_SUMMARY);
export const sectionRule = lengthRule('分组', MAX_SECTION);
export const htmlRule = htmlContent;

const VersionSchema = z.number({ error: '缺少版本号，请刷新后重试' }).int({ error: '版本号无效' }).min(1, { error: '版本号无效' }).max(2_000_000_000, { error: '版本号无效' });
export const VersionedSchema = z.object({ version: VersionSchema });
/** DELETE carries the version in the query string (`?version=3`). */
export const VersionQuerySchema = z.object({ version: z.coerce.number({ error: '缺少版本号，请刷新后重试' }).pipe(VersionSchema) });

const optionalInstant = (message: string) => instant(message).nullable().optional();

// ── Announcements ────────────────────────────────────────────────────────────────────────────────

/** What the list shows: the stored status read against the clock. */
export const ANNOUNCEMENT_STATES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'EXPIRED', 'WITHDRAWN'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];
export const ANNOUNCEMENT_STATE_LABELS: Record<AnnouncementState, string> = {
  DRAFT: '草稿',
  SCHEDULED: '待发布',
  PUBLISHED: '已发布',
  EXPIRED: '已过期',
  WITHDRAWN: '已撤回',
};

export const AnnouncementIdParamsSchema = z.object({
  id: requestText({ message: CONTENT_MESSAGES.announcementMissing, max: 64 }).regex(ANNOUNCEMENT_ID, CONTENT_MESSAGES.announcementMissing),
});

const announcementFields = {
  title: titleRule.required,
  html: htmlRule.required,
  pinned: z.boolean({ error: '请选择是否置顶' }),
  /** When it goes up once published; null/absent: at the moment it is published. */
  publishAt: optionalInstant('发布时间格式有误'),
  /** When it comes down by itself; null/absent: never. */
  expiresAt: optionalInstant('过期时间格式有误'),
};
function expiryAfterPublish(input: { publishAt?: string | null; expiresAt?: string | null }, context: z.RefinementCtx): void {
  if (input.publishAt && input.expiresAt && Date.parse(input.expiresAt) <= Date.parse(input.publishAt)) {
    context.addIssue({ code: 'custom', path: ['expiresAt'], message: CONTENT_MESSAGES.expiryBeforePublish });
  }
}
export const AnnouncementInputSchema = z.object(announcementFields).superRefine(expiryAfterPublish);
export type AnnouncementInput = z.infer<typeof AnnouncementInputSchema>;
export const AnnouncementUpdateSchema = z.object({ ...announcementFields, version: VersionSchema }).superRefine(expiryAfterPublish);
export type AnnouncementUpdate = z.infer<typeof AnnouncementUpdateSchema>;

export const AdminAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(ANNOUNCEMENT_STATES),
  pinned: z.boolean(),
  publishAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;
export const AdminAnnouncementDetailSchema = AdminAnnouncementSchema.extend({ html: z.string() });
export type AdminAnnouncementDetail = z.infer<typeof AdminAnnouncementDetailSchema>;

export const PAGE_SIZES = [10, 20, 50] as const;
export const AnnouncementListQuerySchema = z.object({
  state: z.enum(ANNOUNCEMENT_STATES, { error: '状态无效' }).optional(),
  page: z.coerce.number({ error: '页码无效' }).int({ error: '页码无效' }).min(1, { error: '页码无效' }).max(100_000, { error: '页码无效' }).default(1),
  pageSize: z.coerce
    .number({ error: '每页条数无效' })
    .int({ error: '每页条数无效' })
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { error: '每页条数无效' })
    .default(20),
});
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuerySchema>;
export const AdminAnnouncementListSchema = z.object({
  items: z.array(AdminAnnouncementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAnnouncementList = z.infer<typeof AdminAnnouncementListSchema>;

// ── Help pages ───────────────────────────────────────────────────────────────────────────────────

const SLUG_MESSAGE = '页面地址为 1～64 个小写字母、数字或 -，可用 / 分级';
export const HelpSlugParamsSchema = z.object({
  '*': requestText({ message: CONTENT_MESSAGES.helpMissing, max: 300 }).regex(HELP_SLUG, CONTENT_MESSAGES.helpMissing),
});

const helpFields = {
  title: titleRule.required,
  summary: summaryRule.optional,
  section: sectionRule.required,
  position: z.number({ error: '排序必须是 0～100000 的整数' }).int({ error: '排序必须是 0～100000 的整数' }).min(0, { error: '排序必须是 0～100000 的整数' }).max(100_000, { error: '排序必须是 0～100000 的整数' }),
  html: htmlRule.required,
};
export const HelpPageCreateSchema = z.object({
  slug: requestText({ message: SLUG_MESSAGE, min: 1, max: 300 }).regex(HELP_SLUG, SLUG_MESSAGE),
  ...helpFields,
});
export type HelpPageCreate = z.infer<typeof HelpPageCreateSchema>;
export const HelpPageUpdateSchema = z.object({ ...helpFields, version: VersionSchema });
export type HelpPageUpdate = z.infer<typeof HelpPageUpdateSchema>;

export const AdminHelpPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  section: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminHelpPage = z.infer<typeof AdminHelpPageSchema>;
export const AdminHelpPageDetailSchema = AdminHelpPageSchema.extend({ html: z.string() });
export type AdminHelpPageDetail = z.infer<typeof AdminHelpPageDetailSchema>;
export const AdminHelpPageListSchema = z.object({ items: z.array(AdminHelpPageSchema) });

// ── Tutorials ────────────────────────────────────────────────────────────────────────────────────

export const TutorialKeyParamsSchema = z.object({
  '*': requestText({ message: CONTENT_MESSAGES.tutorialMissing, max: 100 }),
});
export const TutorialUpdateSchema = z.object({ title: titleRule.required, html: htmlRule.required, version: VersionSchema });
export type TutorialUpdate = z.infer<typeof TutorialUpdateSchema>;

export const AdminTutorialSchema = z.object({
  key: z.string(),
  /** The route's title and tab, e.g. USDT 教程 · 注册. */
  label: z.string(),
  title: z.string(),
  updatedAt: z.string().nullable(),
  version: z.number().int(),
});
export type AdminTutorial = z.infer<typeof AdminTutorialSchema>;
export const AdminTutorialDetailSchema = AdminTutorialSchema.extend({ html: z.string() });
export type AdminTutorialDetail = z.infer<typeof AdminTutorialDetailSchema>;
export const AdminTutorialListSchema = z.object({ items: z.array(AdminTutorialSchema) });

// ── Preview ──────────────────────────────────────────────────────────────────────────────────────

export const PreviewInputSchema = z.object({ html: htmlRule.required });
/** The HTML exactly as it would be stored and shown. */
export const PreviewSchema = z.object({ html: z.string() });
