import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/client.ts';
import {
  AnnouncementsSchema,
  ContentPageSchema,
  HelpIndexSchema,
  SiteConfigSchema,
} from './content-schemas.ts';

const CONTENT_ROOT = '/content';
const CONTENT_STALE_MS = 60 * 60_000;

/** Help slugs are path segments of lowercase letters, digits and hyphens. */
export const HELP_SLUG = /^[a-z0-9-]{1,64}(?:\/[a-z0-9-]{1,64}){0,3}$/;

export const helpIndexQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'help', 'index'] as const,
    queryFn: ({ signal }) => apiGet(`${CONTENT_ROOT}/help/index.json`, HelpIndexSchema, signal),
    staleTime: CONTENT_STALE_MS,
  });

export const helpPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['content', 'help', slug] as const,
    queryFn: ({ signal }) => apiGet(`${CONTENT_ROOT}/help/${slug}.json`, ContentPageSchema, signal),
    staleTime: CONTENT_STALE_MS,
  });

export const tutorialQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['content', 'tutorial', key] as const,
    queryFn: ({ signal }) => apiGet(`${CONTENT_ROOT}/tutorials/${key}.json`, ContentPageSchema, signal),
    staleTime: CONTENT_STALE_MS,
  });

export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'announcements'] as const,
    queryFn: ({ signal }) => apiGet(`${CONTENT_ROOT}/announcements.json`, AnnouncementsSchema, signal),
    staleTime: 5 * 60_000,
  });

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'site'] as const,
    queryFn: ({ signal }) => apiGet(`${CONTENT_ROOT}/site.json`, SiteConfigSchema, signal),
    staleTime: CONTENT_STALE_MS,
  });
