// The content pages' server state. A write refreshes every content view (lists and editors).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AdminAnnouncementDetailSchema,
  AdminAnnouncementListSchema,
  AdminHelpPageDetailSchema,
  AdminHelpPageListSchema,
  AdminTutorialDetailSchema,
  AdminTutorialListSchema,
  CONTENT_ADMIN_PATHS,
  type AnnouncementState,
} from '../../../shared/backoffice/content.ts';
import { boGet } from '../../lib/api.ts';

export const CONTENT_KEY = ['backoffice', 'content'] as const;

export const announcementsQuery = (state: AnnouncementState | undefined, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'announcements', state ?? 'all', page, pageSize],
    queryFn: ({ signal }) => boGet(CONTENT_ADMIN_PATHS.announcements, AdminAnnouncementListSchema, { state, page, pageSize }, signal),
    // Scheduled ones go up and expiring ones come down by the clock alone.
    refetchInterval: 30_000,
  });

export const announcementQuery = (id: string) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'announcement', id],
    queryFn: ({ signal }) => boGet(CONTENT_ADMIN_PATHS.announcement(id), AdminAnnouncementDetailSchema, undefined, signal),
  });

export const helpPagesQuery = () =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'help'],
    queryFn: ({ signal }) => boGet(CONTENT_ADMIN_PATHS.helpPages, AdminHelpPageListSchema, undefined, signal),
  });

export const helpPageQuery = (slug: string) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'help', slug],
    queryFn: ({ signal }) => boGet(CONTENT_ADMIN_PATHS.helpPage(slug), AdminHelpPageDetailSchema, undefined, signal),
  });

export const tutorialsQuery = () =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'tutorials'],
    queryFn: ({ signal }) => boGet(CONTENT_ADMIN_PATHS.tutorials, AdminTutorialListSchema, undefined, signal),
  });

export const tutorialQuery = (key: string) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'tutorials', key],
    queryFn: ({ signal }) => boGet(CONTENT_ADMIN_PATHS.tutorial(key), AdminTutorialDetailSchema, undefined, signal),
  });

export function refreshContent(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
}
