// Announcements in the back office: list, read, create (a draft), edit, publish (now or at a set
// time), withdraw. Each write locks the row, checks the version the operator saw, and records its
// audit row in the same transaction.
import type pg from 'pg';
import {
  CONTENT_MESSAGES,
  type AdminAnnouncement,
  type AdminAnnouncementDetail,
  type AdminAnnouncementList,
  type AnnouncementInput,
  type AnnouncementListQuery,
  type AnnouncementState,
  type AnnouncementUpdate,
} from '../../../shared/backoffice/content.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import type { Audit } from '../core/api.ts';
import { cleanHtml, lockVersioned } from './writes.ts';

interface AnnouncementRow {
  id: string;
  title: string;
  html: string;
  status: 'DRAFT' | 'PUBLISHED' | 'WITHDRAWN';
  pinned: boolean;
  publish_at: Date | null;
  expires_at: Date | null;
  updated_at: Date;
  version: number;
  state: AnnouncementState;
}

const COLUMNS = `id, title, html, status, pinned, publish_at, expires_at, updated_at, version,
  CASE
    WHEN status = 'DRAFT' THEN 'DRAFT'
    WHEN status = 'WITHDRAWN' THEN 'WITHDRAWN'
    WHEN expires_at IS NOT NULL AND expires_at <= now() THEN 'EXPIRED'
    WHEN publish_at > now() THEN 'SCHEDULED'
    ELSE 'PUBLISHED'
  END AS state`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function summaryOf(row: AnnouncementRow): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    state: row.state,
    pinned: row.pinned,
    publishAt: iso(row.publish_at),
    expiresAt: iso(row.expires_at),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

const detailOf = (row: AnnouncementRow): AdminAnnouncementDetail => ({ ...summaryOf(row), html: row.html });

/** What the audit log keeps of an announcement: everything an operator can change. */
const auditedOf = (row: AnnouncementRow) => ({
  title: row.title,
  html: row.html,
  status: row.status,
  pinned: row.pinned,
  publishAt: iso(row.publish_at),
  expiresAt: iso(row.expires_at),
  version: row.version,
});

export async function listAnnouncements(db: Queryable, query: AnnouncementListQuery): Promise<AdminAnnouncementList> {
  const result = await db.query<AnnouncementRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM (SELECT ${COLUMNS} FROM announcements) a
      WHERE $1::text IS NULL OR state = $1
      ORDER BY pinned DESC, COALESCE(publish_at, updated_at) DESC, id DESC
      LIMIT $2 OFFSET $3`,
    [query.state ?? null, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const total = result.rows[0]?.total ?? (query.page > 1 ? await countAnnouncements(db, query.state) : 0);
  return { items: result.rows.map(summaryOf), total, page: query.page, pageSize: query.pageSize };
}

/** The total when the asked page is past the end (the window count has no row to ride on). */
async function countAnnouncements(db: Queryable, state: AnnouncementState | undefined): Promise<number> {
  const result = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT ${COLUMNS} FROM announcements) a WHERE $1::text IS NULL OR state = $1`,
    [state ?? null],
  );
  return result.rows[0]!.total;
}

export async function getAnnouncement(db: Queryable, id: string): Promise<AdminAnnouncementDetail> {
  const result = await db.query<AnnouncementRow>(`SELECT ${COLUMNS} FROM announcements WHERE id = $1`, [id]);
  const row = result.rows[0];
  if (!row) throw errors.notFound(CONTENT_MESSAGES.announcementMissing);
  return detailOf(row);
}

function lockAnnouncement(client: pg.PoolClient, id: string, version: number): Promise<AnnouncementRow> {
  return lockVersioned<AnnouncementRow>(client, `SELECT ${COLUMNS} FROM announcements WHERE id = $1 FOR UPDATE`, [id], version, CONTENT_MESSAGES.announcementMissing);
}

export async function createAnnouncement(client: pg.PoolClient, audit: Audit, input: AnnouncementInput): Promise<AdminAnnouncementDetail> {
  const html = cleanHtml(input.html);
  const result = await client.query<AnnouncementRow>(
    `INSERT INTO announcements (title, html, pinned, publish_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [input.title, html, input.pinned, input.publishAt ?? null, input.expiresAt ?? null],
  );
  const row = result.rows[0]!;
  await audit({ action: 'content.announcement.create', targetType: 'announcement', targetId: row.id, before: null, after: auditedOf(row) });
  return detailOf(row);
}

export interface AnnouncementChange {
  announcement: AdminAnnouncementDetail;
  /** Whether players could see it before or can see it now (then open apps are told to refetch). */
  playersAffected: boolean;
}

export async function updateAnnouncement(client: pg.PoolClient, audit: Audit, id: string, input: AnnouncementUpdate): Promise<AnnouncementChange> {
  const before = await lockAnnouncement(client, id, input.version);
  const html = cleanHtml(input.html);
  // A published announcement keeps its time unless a new one is given: it never loses it.
  const publishAt = input.publishAt ?? (before.status === 'PUBLISHED' ? iso(before.publish_at) : null);
  if (publishAt && input.expiresAt && Date.parse(input.expiresAt) <= Date.parse(publishAt)) {
    throw errors.validation(CONTENT_MESSAGES.expiryBeforePublish, { expiresAt: CONTENT_MESSAGES.expiryBeforePublish });
  }
  const result = await client.query<AnnouncementRow>(
    `UPDATE announcements SET title = $2, html = $3, pinned = $4, publish_at = $5, expires_at = $6, version = version + 1, updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, input.title, html, input.pinned, publishAt, input.expiresAt ?? null],
  );
  const after = result.rows[0]!;
  await audit({ action: 'content.announcement.update', targetType: 'announcement', targetId: id, before: auditedOf(before), after: auditedOf(after) });
  return { announcement: detailOf(after), playersAffected: before.status === 'PUBLISHED' };
}

export async function publishAnnouncement(client: pg.PoolClient, audit: Audit, id: string, version: number, reason?: string): Promise<AnnouncementChange> {
  const before = await lockAnnouncement(client, id, version);
  if (before.status === 'PUBLISHED') throw errors.conflict(CONTENT_MESSAGES.alreadyPublished);
  // A time already past (a draft saved long ago) means now: it goes up with today's date. One already
  // expired is refused (the database's clock decides, in the same statement).
  const result = await client.query<AnnouncementRow>(
    `UPDATE announcements
        SET status = 'PUBLISHED', publish_at = GREATEST(COALESCE(publish_at, now()), now()), version = version + 1, updated_at = now()
      WHERE id = $1 AND (expires_at IS NULL OR expires_at > GREATEST(COALESCE(publish_at, now()), now()))
      RETURNING ${COLUMNS}`,
    [id],
  );
  if (result.rows.length === 0) throw errors.validation(CONTENT_MESSAGES.expiryPassed, { expiresAt: CONTENT_MESSAGES.expiryPassed });
  const after = result.rows[0]!;
  await audit({ action: 'content.announcement.publish', targetType: 'announcement', targetId: id, before: auditedOf(before), after: auditedOf(after), reason: reason ?? null });
  return { announcement: detailOf(after), playersAffected: true };
}

export async function withdrawAnnouncement(client: pg.PoolClient, audit: Audit, id: string, version: number, reason?: string): Promise<AnnouncementChange> {
  const before = await lockAnnouncement(client, id, version);
  if (before.status !== 'PUBLISHED') throw errors.conflict(CONTENT_MESSAGES.notPublished);
  const result = await client.query<AnnouncementRow>(
    `UPDATE announcements SET status = 'WITHDRAWN', version = version + 1, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  const after = result.rows[0]!;
  await audit({ action: 'content.announcement.withdraw', targetType: 'announcement', targetId: id, before: auditedOf(before), after: auditedOf(after), reason: reason ?? null });
  return { announcement: detailOf(after), playersAffected: true };
}
