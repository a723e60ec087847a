import type { AnnouncementState } from '../../../shared/backoffice/content.ts';

export { ANNOUNCEMENT_STATE_LABELS } from '../../../shared/backoffice/content.ts';

export const ANNOUNCEMENT_STATE_COLORS: Record<AnnouncementState, string> = {
  DRAFT: 'gray',
  SCHEDULED: 'blue',
  PUBLISHED: 'green',
  EXPIRED: 'orange',
  WITHDRAWN: 'red',
};

export const CONTENT_PATHS_UI = {
  announcements: '/content/announcements',
  newAnnouncement: '/content/announcements/new',
  announcement: (id: string) => `/content/announcements/${id}`,
  helpPages: '/content/help',
  /** The editor; `slug` absent: a new page. Slugs may hold '/', so they travel in the query. */
  helpEditor: '/content/help/edit',
  tutorials: '/content/tutorials',
  tutorialEditor: '/content/tutorials/edit',
} as const;
