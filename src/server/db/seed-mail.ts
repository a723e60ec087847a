// Demo data for mail (issue 21): a platform welcome to demo_player and a note from demo_agent to its
// direct members. Idempotent: runs at every `npm start` with SEED_DEMO; a mail is added only while no
// mail of that subject exists.
import type pg from 'pg';
import { withTransaction } from './pool.ts';

const WELCOME = '欢迎来到锦鲤';
const FROM_AGENT = '团队通知：本周活动安排';

async function seedOnce(pool: pg.Pool, subject: string, insert: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  await withTransaction(pool, async (client) => {
    // One seeding process at a time, so two starts at once cannot both add the mail.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('seed-mail'))`);
    const found = await client.query(`SELECT 1 FROM mails WHERE subject = $1`, [subject]);
    if (found.rowCount === 0) await insert(client);
  });
}

export async function seedDemoMail(pool: pg.Pool): Promise<void> {
  await seedOnce(pool, WELCOME, async (client) => {
    const mail = await client.query<{ id: number }>(
      `INSERT INTO mails (role, recipient_group, segment, subject, html, recipient_count)
       VALUES ('PLATFORM', 'SEGMENT', '会员 demo_player', $1, $2, 1) RETURNING id`,
      [WELCOME, '<p>欢迎您加入<strong>锦鲤</strong>！</p><p>如有任何问题，请随时联系在线客服。祝您游戏愉快。</p>'],
    );
    await client.query(`INSERT INTO mail_recipients (mail_id, customer_id) SELECT $1, id FROM customers WHERE username_key = 'demo_player'`, [
      mail.rows[0]!.id,
    ]);
  });
  await seedOnce(pool, FROM_AGENT, async (client) => {
    const mail = await client.query<{ id: number }>(
      `INSERT INTO mails (role, recipient_group, sender_customer_id, subject, html)
       SELECT 'PARENT', 'ALL_DIRECT_MEMBER', id, $1, $2 FROM customers WHERE username_key = 'demo_agent' RETURNING id`,
      [FROM_AGENT, '<p>各位成员好：</p><ul><li>周三晚上有充值加赠活动</li><li>周末团队排行榜结算</li></ul><p>有问题请给我发站内信。</p>'],
    );
    const id = mail.rows[0]?.id;
    if (id === undefined) return;
    const added = await client.query(
      `INSERT INTO mail_recipients (mail_id, customer_id)
       SELECT $1, t.descendant_id FROM customer_tree t JOIN customers a ON a.id = t.ancestor_id JOIN customers c ON c.id = t.descendant_id
        WHERE a.username_key = 'demo_agent' AND t.depth = 1 AND c.test_mode IS NULL`,
      [id],
    );
    await client.query(`UPDATE mails SET recipient_count = $2 WHERE id = $1`, [id, added.rowCount]);
  });
}
