// Sending a customer's mail (spec §3.5 roles and recipient groups): an agent to all its direct members
// or one member of its team (PARENT), a member to its direct parent agent or to the platform (MEMBER).
// Fan-out: one `mails` row and one `mail_recipients` row per recipient, inserted by one INSERT … SELECT
// from the team tree in the sending transaction.
import type pg from 'pg';
import { MAIL_MESSAGES, type MailRecipientGroup, type MailRecipientOptions, type SendMail } from '../../shared/api/mail.ts';
import { assertTeamMember, teamIds } from '../agents/tree.ts';
import type { Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import { takeSendPlace } from './quota.ts';
import { cleanMailHtml } from './sanitize.ts';

export interface Sender {
  id: number;
  type: string;
}

export interface SentMail {
  id: number;
  recipientCount: number;
  recipientIds: number[];
}

const isAgent = (sender: Sender) => sender.type !== 'PLAYER';

async function parentOf(db: Queryable, customerId: number): Promise<{ id: number; username: string } | null> {
  const found = await db.query<{ id: number; username: string }>(
    `SELECT p.id::int AS id, p.username FROM customers c JOIN customers p ON p.id = c.parent_id WHERE c.id = $1`,
    [customerId],
  );
  return found.rows[0] ?? null;
}

/** Which groups the customer may write to, with the direct members and the parent to show. */
export async function recipientOptions(db: Queryable, sender: Sender): Promise<MailRecipientOptions> {
  const parent = await parentOf(db, sender.id);
  const groups: MailRecipientGroup[] = [];
  let members: MailRecipientOptions['members'] = [];
  if (isAgent(sender)) {
    groups.push('ALL_DIRECT_MEMBER', 'ONE_MEMBER');
    const found = await db.query<{ id: number; username: string }>(
      `SELECT c.id::int AS id, c.username FROM customers c WHERE c.id IN (${teamIds(1, 'direct')}) AND c.test_mode IS NULL ORDER BY c.username LIMIT 500`,
      [sender.id],
    );
    members = found.rows;
  }
  if (parent) groups.push('DIRECT_PARENT');
  groups.push('ADMIN');
  return { groups, members, parent: parent?.username ?? null };
}

/** Validates the recipients, takes a quota place, stores the mail and its recipient rows. */
export async function sendCustomerMail(client: pg.PoolClient, sender: Sender, body: SendMail): Promise<SentMail> {
  const html = cleanMailHtml(body.htmlContent);
  const role = body.recipientGroup === 'ALL_DIRECT_MEMBER' || body.recipientGroup === 'ONE_MEMBER' ? 'PARENT' : 'MEMBER';
  if (role === 'PARENT' && !isAgent(sender)) throw errors.forbidden(MAIL_MESSAGES.agentsOnly);
  let recipientSql: string | null = null;
  let params: unknown[] = [];
  switch (body.recipientGroup) {
    case 'ALL_DIRECT_MEMBER':
      recipientSql = `SELECT c.id FROM customers c WHERE c.id IN (${teamIds(2, 'direct')}) AND c.test_mode IS NULL`;
      params = [sender.id];
      break;
    case 'ONE_MEMBER':
      if (body.memberId === undefined)
        throw errors.validation(MAIL_MESSAGES.memberRequired, {
          memberId: MAIL_MESSAGES.memberRequired,
        });
      await assertTeamMember(client, sender.id, body.memberId);
      recipientSql = `SELECT $2::bigint`;
      params = [body.memberId];
      break;
    case 'DIRECT_PARENT': {
      const parent = await parentOf(client, sender.id);
      if (!parent) throw errors.validation(MAIL_MESSAGES.noParent);
      recipientSql = `SELECT $2::bigint`;
      params = [parent.id];
      break;
    }
    case 'ADMIN':
      break;
  }
  await takeSendPlace(client, sender.id);
  const inserted = await client.query<{ id: number }>(
    `INSERT INTO mails (role, recipient_group, sender_customer_id, subject, html) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
    [role, body.recipientGroup, sender.id, body.subject, html],
  );
  const mailId = inserted.rows[0]!.id;
  const recipientIds = recipientSql ? await addRecipients(client, mailId, recipientSql, params) : [];
  if (recipientSql && recipientIds.length === 0) throw errors.validation(MAIL_MESSAGES.noMembers);
  return { id: mailId, recipientCount: recipientIds.length, recipientIds };
}

/** Inserts one recipient row per id `selectSql` yields (`$1` is the mail), and records the count. */
export async function addRecipients(client: pg.PoolClient, mailId: number, selectSql: string, params: readonly unknown[]): Promise<number[]> {
  const rows = await client.query<{ customer_id: number }>(
    `INSERT INTO mail_recipients (mail_id, customer_id) SELECT $1, id FROM (${selectSql}) AS chosen(id) RETURNING customer_id::int AS customer_id`,
    [mailId, ...params],
  );
  const ids = rows.rows.map((row) => row.customer_id);
  await client.query(`UPDATE mails SET recipient_count = $2 WHERE id = $1`, [mailId, ids.length]);
  return ids;
}
