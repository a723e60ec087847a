// The back office's content endpoints (/ajax/backoffice/content/...): content.read to look,
// content.manage to change. Every write runs in withOperatorWrite (audited in its transaction);
// once it has committed, open apps are told what to refetch (contentChanged).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_CHANGED_EVENT, type ContentArea } from '../../../shared/api/content.ts';
import {
  AdminAnnouncementDetailSchema,
  AdminAnnouncementListSchema,
  AdminHelpPageDetailSchema,
  AdminHelpPageListSchema,
  AdminTutorialDetailSchema,
  AdminTutorialListSchema,
  AnnouncementIdParamsSchema,
  AnnouncementInputSchema,
  AnnouncementListQuerySchema,
  AnnouncementUpdateSchema,
  CONTENT_ADMIN_PATHS,
  HelpPageCreateSchema,
  HelpPageUpdateSchema,
  HelpSlugParamsSchema,
  PreviewInputSchema,
  PreviewSchema,
  TutorialKeyParamsSchema,
  TutorialUpdateSchema,
  VersionQuerySchema,
} from '../../../shared/backoffice/content.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import { requestText } from '../../../shared/validation/safe-text.ts';
import type { ServerContext } from '../../context.ts';
import { withOperatorWrite } from '../core/api.ts';
import {
  createAnnouncement,
  getAnnouncement,
  listAnnouncements,
  publishAnnouncement,
  updateAnnouncement,
  withdrawAnnouncement,
  type AnnouncementChange,
} from './announcements.ts';
import { createHelpPage, deleteHelpPage, getHelpPage, listHelpPages, updateHelpPage } from './help-pages.ts';
import { cleanHtml } from './writes.ts';
import { getTutorial, listTutorials, updateTutorial } from './tutorials.ts';

const read = { operator: { permission: 'content.read' as const } };
const manage = { operator: { permission: 'content.manage' as const } };
const path = (relative: string) => `${BACKOFFICE_API}${relative}`;

const StatusChangeSchema = z.object({
  version: z.number({ error: '缺少版本号，请刷新后重试' }).int({ error: '版本号无效' }).min(1, { error: '版本号无效' }).max(2_000_000_000, { error: '版本号无效' }),
  reason: requestText({ message: '原因不能超过 200 个字', max: 200 }).optional(),
});
const Ok = z.object({ ok: z.literal(true) });

export async function contentAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  /** After the commit: players' open apps refetch the area (the event is not part of the write). */
  const announce = async (area: ContentArea) => {
    await ctx.events.publish([{ customerId: null, type: CONTENT_CHANGED_EVENT, payload: { area } }]);
  };
  const afterAnnouncementChange = async ({ announcement, playersAffected }: AnnouncementChange) => {
    if (playersAffected) await announce('announcements');
    return announcement;
  };

  // ── Announcements ──────────────────────────────────────────────────────────────────────────────

  r.get(
    path(CONTENT_ADMIN_PATHS.announcements),
    { config: read, schema: { querystring: AnnouncementListQuerySchema, response: { 200: AdminAnnouncementListSchema } } },
    async (request) => listAnnouncements(pool, request.query),
  );

  r.get(
    path(CONTENT_ADMIN_PATHS.announcement(':id')),
    { config: read, schema: { params: AnnouncementIdParamsSchema, response: { 200: AdminAnnouncementDetailSchema } } },
    async (request) => getAnnouncement(pool, request.params.id),
  );

  r.post(
    path(CONTENT_ADMIN_PATHS.announcements),
    { config: manage, schema: { body: AnnouncementInputSchema, response: { 200: AdminAnnouncementDetailSchema } } },
    async (request) => withOperatorWrite(ctx, request, (client, audit) => createAnnouncement(client, audit, request.body)),
  );

  r.put(
    path(CONTENT_ADMIN_PATHS.announcement(':id')),
    { config: manage, schema: { params: AnnouncementIdParamsSchema, body: AnnouncementUpdateSchema, response: { 200: AdminAnnouncementDetailSchema } } },
    async (request) =>
      afterAnnouncementChange(await withOperatorWrite(ctx, request, (client, audit) => updateAnnouncement(client, audit, request.params.id, request.body))),
  );

  r.put(
    path(CONTENT_ADMIN_PATHS.publish(':id')),
    { config: manage, schema: { params: AnnouncementIdParamsSchema, body: StatusChangeSchema, response: { 200: AdminAnnouncementDetailSchema } } },
    async (request) =>
      afterAnnouncementChange(
        await withOperatorWrite(ctx, request, (client, audit) =>
          publishAnnouncement(client, audit, request.params.id, request.body.version, request.body.reason),
        ),
      ),
  );

  r.put(
    path(CONTENT_ADMIN_PATHS.withdraw(':id')),
    { config: manage, schema: { params: AnnouncementIdParamsSchema, body: StatusChangeSchema, response: { 200: AdminAnnouncementDetailSchema } } },
    async (request) =>
      afterAnnouncementChange(
        await withOperatorWrite(ctx, request, (client, audit) =>
          withdrawAnnouncement(client, audit, request.params.id, request.body.version, request.body.reason),
        ),
      ),
  );

  // ── Help pages ─────────────────────────────────────────────────────────────────────────────────

  r.get(path(CONTENT_ADMIN_PATHS.helpPages), { config: read, schema: { response: { 200: AdminHelpPageListSchema } } }, async () => ({
    items: await listHelpPages(pool),
  }));

  r.get(
    path(CONTENT_ADMIN_PATHS.helpPage('*')),
    { config: read, schema: { params: HelpSlugParamsSchema, response: { 200: AdminHelpPageDetailSchema } } },
    async (request) => getHelpPage(pool, request.params['*']),
  );

  r.post(
    path(CONTENT_ADMIN_PATHS.helpPages),
    { config: manage, schema: { body: HelpPageCreateSchema, response: { 200: AdminHelpPageDetailSchema } } },
    async (request) => {
      const page = await withOperatorWrite(ctx, request, (client, audit) => createHelpPage(client, audit, request.body));
      await announce('help');
      return page;
    },
  );

  r.put(
    path(CONTENT_ADMIN_PATHS.helpPage('*')),
    { config: manage, schema: { params: HelpSlugParamsSchema, body: HelpPageUpdateSchema, response: { 200: AdminHelpPageDetailSchema } } },
    async (request) => {
      const page = await withOperatorWrite(ctx, request, (client, audit) => updateHelpPage(client, audit, request.params['*'], request.body));
      await announce('help');
      return page;
    },
  );

  r.delete(
    path(CONTENT_ADMIN_PATHS.helpPage('*')),
    { config: manage, schema: { params: HelpSlugParamsSchema, querystring: VersionQuerySchema, response: { 200: Ok } } },
    async (request) => {
      await withOperatorWrite(ctx, request, (client, audit) => deleteHelpPage(client, audit, request.params['*'], request.query.version));
      await announce('help');
      return { ok: true as const };
    },
  );

  // ── Tutorials ──────────────────────────────────────────────────────────────────────────────────

  r.get(path(CONTENT_ADMIN_PATHS.tutorials), { config: read, schema: { response: { 200: AdminTutorialListSchema } } }, async () => ({
    items: await listTutorials(pool),
  }));

  r.get(
    path(CONTENT_ADMIN_PATHS.tutorial('*')),
    { config: read, schema: { params: TutorialKeyParamsSchema, response: { 200: AdminTutorialDetailSchema } } },
    async (request) => getTutorial(pool, request.params['*']),
  );

  r.put(
    path(CONTENT_ADMIN_PATHS.tutorial('*')),
    { config: manage, schema: { params: TutorialKeyParamsSchema, body: TutorialUpdateSchema, response: { 200: AdminTutorialDetailSchema } } },
    async (request) => {
      const page = await withOperatorWrite(ctx, request, (client, audit) => updateTutorial(client, audit, request.params['*'], request.body));
      await announce('tutorials');
      return page;
    },
  );

  // ── Preview: the HTML as it would be stored; nothing is written ────────────────────────────────

  r.post(
    path(CONTENT_ADMIN_PATHS.preview),
    { config: manage, schema: { body: PreviewInputSchema, response: { 200: PreviewSchema } } },
    async (request) => ({ html: cleanHtml(request.body.html) }),
  );
}
