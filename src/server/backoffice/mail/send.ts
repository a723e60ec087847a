// Platform mail (role PLATFORM): an operator writes to everyone or a segment. One `mails` row and one
// `mail_recipients` row per customer of the segment (INSERT … SELECT from customers, trial accounts
// excluded), in the operator's audited transaction.
import type pg from 'pg';
import { MAIL_MESSAGES, MAIL_SEGMENT_LABELS, type AdminSendMail } from '../../../shared/api/mail.ts';
import { addRecipients, type SentMail } from '../../mail/send.ts';
import { cleanMailHtml } from '../../mail/sanitize.ts';
import { errors } from '../../http/errors.ts';
import type { Audit } from '../core/api.ts';

/** The segment as SQL over customers (`$2`: its one parameter, if any) and its label. */
function segmentQuery(body: AdminSendMail): {
  sql: string;
  params: unknown[];
  label: string;
} {
  const base = `SELECT id FROM customers WHERE test_mode IS NULL`;
  switch (body.segment) {
    case 'ALL':
      return { sql: base, params: [], label: MAIL_SEGMENT_LABELS.ALL };
    case 'AGENTS':
      return {
        sql: `${base} AND type <> 'PLAYER'`,
        params: [],
        label: MAIL_SEGMENT_LABELS.AGENTS,
      };
    case 'PLAYERS':
      return {
        sql: `${base} AND type = 'PLAYER'`,
        params: [],
        label: MAIL_SEGMENT_LABELS.PLAYERS,
      };
    case 'VIP':
      return {
        sql: `${base} AND vip_level = $2`,
        params: [body.vipLevel],
        label: `VIP 等级 ${body.vipLevel}`,
      };
    case 'USERNAME':
      return {
        sql: `${base} AND username_key = lower($2)`,
        params: [body.username],
        label: `会员 ${body.username}`,
      };
  }
}

export async function sendPlatformMail(client: pg.PoolClient, audit: Audit, operatorId: number, body: AdminSendMail): Promise<SentMail> {
  const html = cleanMailHtml(body.htmlContent);
  const segment = segmentQuery(body);
  const inserted = await client.query<{ id: number }>(
    `INSERT INTO mails (role, recipient_group, sender_operator_id, segment, subject, html) VALUES ('PLATFORM', 'SEGMENT', $1, $2, $3, $4) RETURNING id::int AS id`,
    [operatorId, segment.label, body.subject, html],
  );
  const mailId = inserted.rows[0]!.id;
  const recipientIds = await addRecipients(client, mailId, segment.sql, segment.params);
  if (recipientIds.length === 0) {
    if (body.segment === 'USERNAME')
      throw errors.validation(MAIL_MESSAGES.username, {
        username: MAIL_MESSAGES.username,
      });
    throw errors.validation(MAIL_MESSAGES.noRecipients);
  }
  await audit({
    action: 'mail.send',
    targetType: 'mail',
    targetId: mailId,
    before: null,
    after: {
      segment: segment.label,
      subject: body.subject,
      recipientCount: recipientIds.length,
    },
  });
  return { id: mailId, recipientCount: recipientIds.length, recipientIds };
}
