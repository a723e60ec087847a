// Announcements, help and tutorial pages from the content API. Revalidated every 30 s while shown
// (a scheduled announcement has no event of its own) and at once on the contentChanged live event, so
// a published change reaches an open app within a minute. Offline, the service worker answers with
// the last answer it saw or the precached shipped default (sw/content-cache.ts), and the persisted
// query cache keeps what was last shown.
import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  AnnouncementsSchema,
  CONTENT_PATHS,
  ContentPageSchema,
  HelpIndexSchema,
  type ContentArea,
} from '../../../shared/api/content.ts';
import { apiGet } from '../../lib/api/client.ts';
import { SiteConfigSchema } from './content-schemas.ts';

export { HELP_SLUG } from '../../../shared/api/content.ts';

/** At most this old while on screen; with the request's own time, well inside a minute. */
export const CONTENT_REFRESH_MS = 30_000;
const SITE_STALE_MS = 60 * 60_000;

// Keys of their own (not those of the former build-time files), so a cache persisted in the old shape is never read as the new one.
export const CONTENT_QUERY_KEYS = {
  announcements: ['content', 'announcement-list'] as const,
  helpIndex: ['content', 'help-index'] as const,
  helpPages: ['content', 'help-page'] as const,
  tutorials: ['content', 'tutorial-page'] as const,
};

const contentQuery = <T, K extends QueryKey>(queryKey: K, apiPath: string, schema: z.ZodType<T>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet(apiPath, schema, signal),
    staleTime: CONTENT_REFRESH_MS,
    refetchInterval: CONTENT_REFRESH_MS,
  });

export const announcementsQueryOptions = () => contentQuery(CONTENT_QUERY_KEYS.announcements, CONTENT_PATHS.announcements, AnnouncementsSchema);

export const helpIndexQueryOptions = () => contentQuery(CONTENT_QUERY_KEYS.helpIndex, CONTENT_PATHS.helpIndex, HelpIndexSchema);

export const helpPageQueryOptions = (slug: string) =>
  contentQuery([...CONTENT_QUERY_KEYS.helpPages, slug] as const, CONTENT_PATHS.helpPage(slug), ContentPageSchema);

export const tutorialQueryOptions = (key: string) =>
  contentQuery([...CONTENT_QUERY_KEYS.tutorials, key] as const, CONTENT_PATHS.tutorial(key), ContentPageSchema);

/**
 * Whether the cached list (or, when it does not know the entry, the server asked once more) has it:
 * a deep link to an announcement or help page published after the list was cached still opens.
 */
async function knownTo<T>(cached: () => Promise<T>, fresh: () => Promise<T>, has: (data: T) => boolean): Promise<boolean> {
  if (has(await cached())) return true;
  try {
    return has(await fresh());
  } catch {
    return false;
  }
}

export const announcementExists = (queryClient: QueryClient, id: string) =>
  knownTo(
    () => queryClient.query({ ...announcementsQueryOptions(), staleTime: 'static' }),
    () => queryClient.fetchQuery({ ...announcementsQueryOptions(), staleTime: 0, retry: false }),
    ({ items }) => items.some((item) => item.id === id),
  );

export const helpPageExists = (queryClient: QueryClient, slug: string) =>
  knownTo(
    () => queryClient.query({ ...helpIndexQueryOptions(), staleTime: 'static' }),
    () => queryClient.fetchQuery({ ...helpIndexQueryOptions(), staleTime: 0, retry: false }),
    ({ sections }) => sections.some((section) => section.pages.some((page) => page.slug === slug)),
  );

/** The contentChanged live event: what the operator changed is fetched again where it is shown. */
export function applyContentChanged(queryClient: QueryClient, area: ContentArea): void {
  const keys: Record<ContentArea, readonly QueryKey[]> = {
    announcements: [CONTENT_QUERY_KEYS.announcements],
    help: [CONTENT_QUERY_KEYS.helpIndex, CONTENT_QUERY_KEYS.helpPages],
    tutorials: [CONTENT_QUERY_KEYS.tutorials],
  };
  for (const queryKey of keys[area]) void queryClient.invalidateQueries({ queryKey });
}

/** Site settings stay a shipped file (public/content/site.json); the operator does not edit them yet. */
export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'site'] as const,
    queryFn: ({ signal }) => apiGet('/content/site.json', SiteConfigSchema, signal),
    staleTime: SITE_STALE_MS,
  });
