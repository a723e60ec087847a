// What players read: published announcements, the help index and pages, the tutorial pages.
import type { Announcement, ContentPage, HelpIndex } from '../../shared/api/content.ts';
import type { Queryable } from '../db/pool.ts';

export const HELP_INDEX_TITLE = '帮助中心';
/** More than a list screen shows; older announcements stay in the back office. */
const MAX_VISIBLE_ANNOUNCEMENTS = 100;

/** The condition of an announcement players see, `now` being the statement's time. */
export const ANNOUNCEMENT_VISIBLE_SQL = `status = 'PUBLISHED' AND publish_at <= now() AND (expires_at IS NULL OR expires_at > now())`;

export async function visibleAnnouncements(db: Queryable): Promise<Announcement[]> {
  const result = await db.query<{ id: string; title: string; html: string; pinned: boolean; publish_at: Date }>(
    `SELECT id, title, html, pinned, publish_at FROM announcements
      WHERE ${ANNOUNCEMENT_VISIBLE_SQL}
      ORDER BY pinned DESC, publish_at DESC, id
      LIMIT ${MAX_VISIBLE_ANNOUNCEMENTS}`,
  );
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    publishedAt: row.publish_at.toISOString(),
    pinned: row.pinned,
    html: row.html,
  }));
}

export async function helpIndex(db: Queryable): Promise<HelpIndex> {
  const result = await db.query<{ slug: string; section: string; title: string; summary: string | null }>(
    `SELECT slug, section, title, summary FROM help_pages
      ORDER BY min(position) OVER (PARTITION BY section), section, position, slug`,
  );
  const sections: HelpIndex['sections'] = [];
  for (const row of result.rows) {
    let section = sections[sections.length - 1];
    if (section?.title !== row.section) sections.push((section = { title: row.section, pages: [] }));
    section.pages.push({ slug: row.slug, title: row.title, ...(row.summary ? { summary: row.summary } : {}) });
  }
  return { title: HELP_INDEX_TITLE, sections };
}

export async function helpPage(db: Queryable, slug: string): Promise<ContentPage | null> {
  const result = await db.query<{ title: string; html: string; updated_at: Date }>(
    'SELECT title, html, updated_at FROM help_pages WHERE slug = $1',
    [slug],
  );
  const row = result.rows[0];
  return row ? { title: row.title, updatedAt: row.updated_at.toISOString(), html: row.html } : null;
}

export async function tutorialPage(db: Queryable, key: string): Promise<ContentPage | null> {
  const result = await db.query<{ title: string; html: string; updated_at: Date | null }>(
    'SELECT title, html, updated_at FROM tutorial_pages WHERE key = $1',
    [key],
  );
  const row = result.rows[0];
  if (!row) return null;
  return { title: row.title, ...(row.updated_at ? { updatedAt: row.updated_at.toISOString() } : {}), html: row.html };
}
