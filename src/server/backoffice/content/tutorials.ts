// Payment tutorial pages in the back office: the fixed set of spec §2.1 routes, their text edited.
import type pg from 'pg';
import { tutorialPages } from '../../../shared/api/tutorials.ts';
import { CONTENT_MESSAGES, type AdminTutorial, type AdminTutorialDetail, type TutorialUpdate } from '../../../shared/backoffice/content.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import type { Audit } from '../core/api.ts';
import { cleanHtml, lockVersioned } from './writes.ts';

interface TutorialRow {
  key: string;
  title: string;
  html: string;
  updated_at: Date | null;
  version: number;
}

const COLUMNS = 'key, title, html, updated_at, version';
const PAGES = tutorialPages();
const LABELS = new Map(PAGES.map((page) => [page.key, page.label]));
const ORDER = new Map(PAGES.map((page, index) => [page.key, index]));

const summaryOf = (row: TutorialRow): AdminTutorial => ({
  key: row.key,
  label: LABELS.get(row.key) ?? row.key,
  title: row.title,
  updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
  version: row.version,
});
const detailOf = (row: TutorialRow): AdminTutorialDetail => ({ ...summaryOf(row), html: row.html });
const auditedOf = (row: TutorialRow) => ({ title: row.title, html: row.html, version: row.version });

/** Only the pages of the route contract; a key the routes no longer have is not offered. */
export async function listTutorials(db: Queryable): Promise<AdminTutorial[]> {
  const result = await db.query<TutorialRow>(`SELECT ${COLUMNS} FROM tutorial_pages`);
  return result.rows
    .filter((row) => ORDER.has(row.key))
    .sort((a, b) => ORDER.get(a.key)! - ORDER.get(b.key)!)
    .map(summaryOf);
}

export async function getTutorial(db: Queryable, key: string): Promise<AdminTutorialDetail> {
  const result = LABELS.has(key) ? await db.query<TutorialRow>(`SELECT ${COLUMNS} FROM tutorial_pages WHERE key = $1`, [key]) : null;
  const row = result?.rows[0];
  if (!row) throw errors.notFound(CONTENT_MESSAGES.tutorialMissing);
  return detailOf(row);
}

export async function updateTutorial(client: pg.PoolClient, audit: Audit, key: string, input: TutorialUpdate): Promise<AdminTutorialDetail> {
  if (!LABELS.has(key)) throw errors.notFound(CONTENT_MESSAGES.tutorialMissing);
  const before = await lockVersioned<TutorialRow>(
    client,
    `SELECT ${COLUMNS} FROM tutorial_pages WHERE key = $1 FOR UPDATE`,
    [key],
    input.version,
    CONTENT_MESSAGES.tutorialMissing,
  );
  const html = cleanHtml(input.html);
  const result = await client.query<TutorialRow>(
    `UPDATE tutorial_pages SET title = $2, html = $3, version = version + 1, updated_at = now() WHERE key = $1 RETURNING ${COLUMNS}`,
    [key, input.title, html],
  );
  const after = result.rows[0]!;
  await audit({ action: 'content.tutorial.update', targetType: 'tutorial_page', targetId: key, before: auditedOf(before), after: auditedOf(after) });
  return detailOf(after);
}
