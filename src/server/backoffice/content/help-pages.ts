// Help pages in the back office: list, read, create, edit, delete. The help index players see is
// built from these rows (src/server/content/store.ts).
import type pg from 'pg';
import {
  CONTENT_MESSAGES,
  type AdminHelpPage,
  type AdminHelpPageDetail,
  type HelpPageCreate,
  type HelpPageUpdate,
} from '../../../shared/backoffice/content.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import type { Audit } from '../core/api.ts';
import { cleanHtml, lockVersioned } from './writes.ts';

interface HelpRow {
  slug: string;
  section: string;
  position: number;
  title: string;
  summary: string | null;
  html: string;
  updated_at: Date;
  version: number;
}

const COLUMNS = 'slug, section, position, title, summary, html, updated_at, version';

const summaryOf = (row: HelpRow): AdminHelpPage => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  section: row.section,
  position: row.position,
  updatedAt: row.updated_at.toISOString(),
  version: row.version,
});
const detailOf = (row: HelpRow): AdminHelpPageDetail => ({ ...summaryOf(row), html: row.html });
const auditedOf = ({ updated_at: _updatedAt, ...row }: HelpRow) => row;

export async function listHelpPages(db: Queryable): Promise<AdminHelpPage[]> {
  const result = await db.query<HelpRow>(
    `SELECT ${COLUMNS} FROM help_pages ORDER BY min(position) OVER (PARTITION BY section), section, position, slug`,
  );
  return result.rows.map(summaryOf);
}

export async function getHelpPage(db: Queryable, slug: string): Promise<AdminHelpPageDetail> {
  const result = await db.query<HelpRow>(`SELECT ${COLUMNS} FROM help_pages WHERE slug = $1`, [slug]);
  const row = result.rows[0];
  if (!row) throw errors.notFound(CONTENT_MESSAGES.helpMissing);
  return detailOf(row);
}

export async function createHelpPage(client: pg.PoolClient, audit: Audit, input: HelpPageCreate): Promise<AdminHelpPageDetail> {
  const html = cleanHtml(input.html);
  // ON CONFLICT: of two operators creating one address at once, the second is told, not failed.
  const result = await client.query<HelpRow>(
    `INSERT INTO help_pages (slug, section, position, title, summary, html) VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (slug) DO NOTHING RETURNING ${COLUMNS}`,
    [input.slug, input.section, input.position, input.title, input.summary ?? null, html],
  );
  const row = result.rows[0];
  if (!row) throw errors.validation(CONTENT_MESSAGES.slugTaken, { slug: CONTENT_MESSAGES.slugTaken });
  await audit({ action: 'content.help.create', targetType: 'help_page', targetId: row.slug, before: null, after: auditedOf(row) });
  return detailOf(row);
}

function lockHelpPage(client: pg.PoolClient, slug: string, version: number): Promise<HelpRow> {
  return lockVersioned<HelpRow>(client, `SELECT ${COLUMNS} FROM help_pages WHERE slug = $1 FOR UPDATE`, [slug], version, CONTENT_MESSAGES.helpMissing);
}

export async function updateHelpPage(client: pg.PoolClient, audit: Audit, slug: string, input: HelpPageUpdate): Promise<AdminHelpPageDetail> {
  const before = await lockHelpPage(client, slug, input.version);
  const html = cleanHtml(input.html);
  const result = await client.query<HelpRow>(
    `UPDATE help_pages SET section = $2, position = $3, title = $4, summary = $5, html = $6, version = version + 1, updated_at = now()
      WHERE slug = $1 RETURNING ${COLUMNS}`,
    [slug, input.section, input.position, input.title, input.summary ?? null, html],
  );
  const after = result.rows[0]!;
  await audit({ action: 'content.help.update', targetType: 'help_page', targetId: slug, before: auditedOf(before), after: auditedOf(after) });
  return detailOf(after);
}

export async function deleteHelpPage(client: pg.PoolClient, audit: Audit, slug: string, version: number): Promise<void> {
  const before = await lockHelpPage(client, slug, version);
  await client.query('DELETE FROM help_pages WHERE slug = $1', [slug]);
  await audit({ action: 'content.help.delete', targetType: 'help_page', targetId: slug, before: auditedOf(before), after: null });
}

