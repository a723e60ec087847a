// Reading and changing one customer's mail: the received and sent boxes, one mail, read state and
// deletion. Deleting hides the mail for this customer only (the recipient's row, or the sender's mark).
import {
  MAIL_MESSAGES,
  MAIL_RECIPIENT_LABELS,
  type MailBox,
  type MailDetail,
  type MailList,
  type MailListQuery,
  type MailSummary,
} from '../../shared/api/mail.ts';
import type { Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';

const PLATFORM_NAME = '平台';

interface MailRow {
  id: number;
  role: MailSummary['role'];
  recipient_group: keyof typeof MAIL_RECIPIENT_LABELS;
  subject: string;
  sender_name: string | null;
  recipient_name: string | null;
  recipient_count: number;
  created_at: Date;
  read: boolean;
  html?: string;
}

/** Columns of a mail seen by a customer; `$1` is the customer. */
const COLUMNS = `m.id::int AS id, m.role, m.recipient_group, m.subject, m.recipient_count, m.created_at,
  (SELECT username FROM customers WHERE id = m.sender_customer_id) AS sender_name,
  CASE WHEN m.recipient_group IN ('ONE_MEMBER', 'DIRECT_PARENT')
       THEN (SELECT c.username FROM mail_recipients r JOIN customers c ON c.id = r.customer_id WHERE r.mail_id = m.id LIMIT 1) END AS recipient_name`;

function summary(row: MailRow): MailSummary {
  const to =
    row.recipient_name ??
    (row.recipient_group === 'ALL_DIRECT_MEMBER'
      ? `${MAIL_RECIPIENT_LABELS.ALL_DIRECT_MEMBER}（${row.recipient_count}人）`
      : MAIL_RECIPIENT_LABELS[row.recipient_group]);
  return {
    id: row.id,
    role: row.role,
    subject: row.subject,
    from: row.sender_name ?? PLATFORM_NAME,
    to,
    createdAt: row.created_at.toISOString(),
    read: row.read,
    recipientCount: row.recipient_count,
  };
}

export async function listMail(db: Queryable, customerId: number, query: MailListQuery): Promise<MailList> {
  const offset = (query.page - 1) * query.size;
  const sql =
    query.box === 'received'
      ? `SELECT ${COLUMNS}, r.read_at IS NOT NULL AS read, count(*) OVER ()::int AS total
           FROM mail_recipients r JOIN mails m ON m.id = r.mail_id
          WHERE r.customer_id = $1 AND r.deleted_at IS NULL
          ORDER BY r.mail_id DESC LIMIT $2 OFFSET $3`
      : `SELECT ${COLUMNS}, true AS read, count(*) OVER ()::int AS total
           FROM mails m
          WHERE m.sender_customer_id = $1 AND m.sender_deleted_at IS NULL
          ORDER BY m.id DESC LIMIT $2 OFFSET $3`;
  const result = await db.query<MailRow & { total: number }>(sql, [customerId, query.size, offset]);
  let total = result.rows[0]?.total;
  if (total === undefined) total = offset === 0 ? 0 : await countBox(db, customerId, query.box);
  return {
    items: result.rows.map(summary),
    total,
    page: query.page,
    size: query.size,
  };
}

async function countBox(db: Queryable, customerId: number, box: MailBox): Promise<number> {
  const sql =
    box === 'received'
      ? `SELECT count(*)::int AS n FROM mail_recipients WHERE customer_id = $1 AND deleted_at IS NULL`
      : `SELECT count(*)::int AS n FROM mails WHERE sender_customer_id = $1 AND sender_deleted_at IS NULL`;
  return (await db.query<{ n: number }>(sql, [customerId])).rows[0]!.n;
}

/**
 * One mail the customer received or sent (and has not deleted); a received one is marked read.
 * `changed`: whether this call turned it from unread to read (the unread count moved).
 */
export async function openMail(db: Queryable, customerId: number, mailId: number): Promise<{ mail: MailDetail; changed: boolean }> {
  const received = await db.query<MailRow & { was_unread: boolean }>(
    `WITH target AS (
       SELECT mail_id, read_at FROM mail_recipients WHERE mail_id = $2 AND customer_id = $1 AND deleted_at IS NULL FOR UPDATE
     ), marked AS (
       UPDATE mail_recipients r SET read_at = now() FROM target t
        WHERE r.mail_id = t.mail_id AND r.customer_id = $1 AND t.read_at IS NULL RETURNING r.mail_id
     )
     SELECT ${COLUMNS}, m.html, true AS read, EXISTS (SELECT 1 FROM marked) AS was_unread
       FROM target t JOIN mails m ON m.id = t.mail_id`,
    [customerId, mailId],
  );
  const row = received.rows[0];
  if (row)
    return {
      mail: { ...summary(row), html: row.html!, box: 'received' },
      changed: row.was_unread,
    };
  const sent = await db.query<MailRow>(
    `SELECT ${COLUMNS}, m.html, true AS read FROM mails m WHERE m.id = $2 AND m.sender_customer_id = $1 AND m.sender_deleted_at IS NULL`,
    [customerId, mailId],
  );
  const own = sent.rows[0];
  if (!own) throw errors.notFound(MAIL_MESSAGES.missing);
  return {
    mail: { ...summary(own), html: own.html!, box: 'sent' },
    changed: false,
  };
}

/** Marks a received mail read; whether the unread count moved. */
export async function markRead(db: Queryable, customerId: number, mailId: number): Promise<boolean> {
  const result = await db.query<{ changed: boolean }>(
    `WITH target AS (SELECT read_at FROM mail_recipients WHERE mail_id = $2 AND customer_id = $1 AND deleted_at IS NULL),
          marked AS (UPDATE mail_recipients SET read_at = now() WHERE mail_id = $2 AND customer_id = $1 AND deleted_at IS NULL AND read_at IS NULL RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM marked) AS changed FROM target`,
    [customerId, mailId],
  );
  if (result.rowCount === 0) throw errors.notFound(MAIL_MESSAGES.missing);
  return result.rows[0]!.changed;
}

/** Hides a mail for this customer only; whether an unread received mail went (the unread count moved). */
export async function deleteMail(db: Queryable, customerId: number, mailId: number): Promise<boolean> {
  const received = await db.query<{ was_unread: boolean }>(
    `UPDATE mail_recipients SET deleted_at = now() WHERE mail_id = $2 AND customer_id = $1 AND deleted_at IS NULL
     RETURNING read_at IS NULL AS was_unread`,
    [customerId, mailId],
  );
  if (received.rowCount === 1) return received.rows[0]!.was_unread;
  const sent = await db.query(`UPDATE mails SET sender_deleted_at = now() WHERE id = $2 AND sender_customer_id = $1 AND sender_deleted_at IS NULL`, [
    customerId,
    mailId,
  ]);
  if (sent.rowCount !== 1) throw errors.notFound(MAIL_MESSAGES.missing);
  return false;
}

export async function unreadCount(db: Queryable, customerId: number): Promise<number> {
  return (await unreadCounts(db, [customerId])).get(customerId) ?? 0;
}

export async function unreadCounts(db: Queryable, customerIds: readonly number[]): Promise<Map<number, number>> {
  const result = await db.query<{ customer_id: number; n: number }>(
    `SELECT customer_id::int AS customer_id, count(*)::int AS n FROM mail_recipients
      WHERE customer_id = ANY($1::bigint[]) AND read_at IS NULL AND deleted_at IS NULL GROUP BY customer_id`,
    [customerIds],
  );
  return new Map(result.rows.map((row) => [row.customer_id, row.n]));
}
