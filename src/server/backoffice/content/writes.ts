// What every content write shares: the HTML as it may be stored, and the row locked at the version
// the operator saw (FOR UPDATE, so two concurrent saves of one version cannot both pass).
import type pg from 'pg';
import { CONTENT_MESSAGES } from '../../../shared/backoffice/content.ts';
import { errors } from '../../http/errors.ts';
import { hasVisibleText, sanitizeContentHtml } from '../../content/sanitize.ts';

/** The sanitised HTML; refused when nothing visible is left of it. */
export function cleanHtml(html: string): string {
  const clean = sanitizeContentHtml(html);
  if (!hasVisibleText(clean)) throw errors.validation(CONTENT_MESSAGES.emptyAfterSanitising, { html: CONTENT_MESSAGES.emptyAfterSanitising });
  return clean;
}

/** Runs a `SELECT … FOR UPDATE` of one row and checks its `version`: 404 without it, 409 when it moved on. */
export async function lockVersioned<Row extends { version: number }>(
  client: pg.PoolClient,
  sql: string,
  params: unknown[],
  version: number,
  missingMessage: string,
): Promise<Row> {
  const result = await client.query<Row>(sql, params);
  const row = result.rows[0];
  if (!row) throw errors.notFound(missingMessage);
  if (row.version !== version) throw errors.conflict(CONTENT_MESSAGES.stale);
  return row;
}
