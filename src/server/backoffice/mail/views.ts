// What operators read: platform mails sent (with how many recipients read them) and members' mails to
// the platform (recipient group ADMIN).
import { MAIL_MESSAGES, type AdminMailDetail, type AdminMailList } from '../../../shared/api/mail.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';

interface Row {
  id: number;
  subject: string;
  from_name: string;
  to_name: string;
  created_at: Date;
  recipient_count: number;
  read_count: number;
  html?: string;
  total?: number;
}

const COLUMNS = `m.id::int AS id, m.subject, m.created_at, m.recipient_count,
  COALESCE((SELECT display_name FROM operators WHERE id = m.sender_operator_id), (SELECT username FROM customers WHERE id = m.sender_customer_id), '平台') AS from_name,
  COALESCE(m.segment, '平台客服') AS to_name,
  (SELECT count(*)::int FROM mail_recipients r WHERE r.mail_id = m.id AND r.read_at IS NOT NULL) AS read_count`;

const view = (row: Row) => ({
  id: row.id,
  subject: row.subject,
  from: row.from_name,
  to: row.to_name,
  createdAt: row.created_at.toISOString(),
  recipientCount: row.recipient_count,
  readCount: row.read_count,
});

export async function listAdminMail(db: Queryable, kind: 'sent' | 'inbox', page: number, size: number): Promise<AdminMailList> {
  const where = kind === 'sent' ? `m.role = 'PLATFORM'` : `m.recipient_group = 'ADMIN'`;
  const result = await db.query<Row>(`SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM mails m WHERE ${where} ORDER BY m.id DESC LIMIT $1 OFFSET $2`, [
    size,
    (page - 1) * size,
  ]);
  let total = result.rows[0]?.total ?? 0;
  if (result.rows.length === 0 && page > 1) total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mails m WHERE ${where}`)).rows[0]!.n;
  return { items: result.rows.map(view), total, page, size };
}

export async function adminMailDetail(db: Queryable, id: number): Promise<AdminMailDetail> {
  const result = await db.query<Row>(`SELECT ${COLUMNS}, m.html FROM mails m WHERE m.id = $1 AND (m.role = 'PLATFORM' OR m.recipient_group = 'ADMIN')`, [id]);
  const row = result.rows[0];
  if (!row) throw errors.notFound(MAIL_MESSAGES.missing);
  return { ...view(row), html: row.html! };
}
