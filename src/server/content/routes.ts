// The PWA's content API (no login needed): announcements players may see, the help index and pages,
// the tutorial pages. Answers are revalidated on every read (no-cache): a published change must reach
// an open app within a minute, and the app keeps its own last-known copy for offline use.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnnouncementsSchema, CONTENT_PATHS, ContentPageSchema, HELP_SLUG, HelpIndexSchema } from '../../shared/api/content.ts';
import { isTutorialKey } from '../../shared/api/tutorials.ts';
import { requestText } from '../../shared/validation/safe-text.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { helpIndex, helpPage, tutorialPage, visibleAnnouncements } from './store.ts';

const PAGE_MISSING = '页面不存在';
const PagePath = z.object({ '*': requestText({ message: PAGE_MISSING, max: 300 }) });

export async function contentRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
  });

  r.get(CONTENT_PATHS.announcements, { schema: { response: { 200: AnnouncementsSchema } } }, async () => ({
    items: await visibleAnnouncements(pool),
  }));

  r.get(CONTENT_PATHS.helpIndex, { schema: { response: { 200: HelpIndexSchema } } }, async () => helpIndex(pool));

  r.get(CONTENT_PATHS.helpPage('*'), { schema: { params: PagePath, response: { 200: ContentPageSchema } } }, async (request) => {
    const slug = request.params['*'];
    const page = HELP_SLUG.test(slug) ? await helpPage(pool, slug) : null;
    if (!page) throw errors.notFound(PAGE_MISSING);
    return page;
  });

  r.get(CONTENT_PATHS.tutorial('*'), { schema: { params: PagePath, response: { 200: ContentPageSchema } } }, async (request) => {
    const key = request.params['*'];
    const page = isTutorialKey(key) ? await tutorialPage(pool, key) : null;
    if (!page) throw errors.notFound(PAGE_MISSING);
    return page;
  });
}
