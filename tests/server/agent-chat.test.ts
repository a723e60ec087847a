// Issue 21 item 3: conversations, live events after commit, read state, stored-XSS as text, bulk sends
// to the three recipient groups with many members, the per-agent limits under concurrent requests, and
// customerUpdatedMessage on creation, login and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CHAT_PATHS } from '../../src/shared/api/agent-chat.ts';
import { ERROR_CODES } from '../../src/shared/api/errors.ts';
import { BULK_SENDS_PER_HOUR } from '../../src/server/agent-chat/bulk.ts';
import { MESSAGES_PER_MINUTE } from '../../src/server/agent-chat/messages.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { call } from './agent-team-support.ts';

let server: TestServer;
let seq = 0;
let passwordHash: string;

interface Account {
  id: number;
  username: string;
  cookie: () => Promise<string>;
}

async function customer(type: 'PRIMARY_AGENT' | 'AGENT' | 'PLAYER', parent: Account | null, trial = false): Promise<Account> {
  const username = `cm${process.pid % 1000}x${seq++}`;
  const inserted = await server.db.database.pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group, test_mode)
     VALUES ($1, lower($1), $2, $1, $3, $4, 1900, $5) RETURNING id`,
    [username, passwordHash, type, parent?.id ?? null, trial ? 'USER_TEST' : null],
  );
  let cookie: Promise<string> | null = null;
  return { id: inserted.rows[0]!.id, username, cookie: () => (cookie ??= loginCookie(server.app, username)) };
}

async function eventsOf(customerId: number, type: string): Promise<Record<string, unknown>[]> {
  const rows = await server.db.database.pool.query<{ payload: Record<string, unknown> }>(
    'SELECT payload FROM live_events WHERE customer_id = $1 AND type = $2 ORDER BY id',
    [customerId, type],
  );
  return rows.rows.map((row) => row.payload);
}

beforeAll(async () => {
  server = await startTestServer();
  passwordHash = await hashPassword(DEMO_PASSWORD);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('a conversation', () => {
  it('delivers the message live, counts it unread, and marks it read', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    const member = await customer('PLAYER', agent);
    const sent = await call(server, 'POST', AGENT_CHAT_PATHS.messages(member.id), await agent.cookie(), { content: '第一行\n第二行' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ mine: true, content: '第一行\n第二行', read: false, bulk: false });

    await expect.poll(() => eventsOf(member.id, 'chatMessage')).toEqual([
      { channel: 'AGENT', messageId: sent.json().id, contactId: agent.id, from: agent.username, content: '第一行\n第二行' },
    ]);
    await expect.poll(() => eventsOf(member.id, 'unreadMessageCount')).toEqual([{ count: 1, channel: 'AGENT' }]);
    const unread = await call(server, 'GET', AGENT_CHAT_PATHS.unreadCount, await member.cookie());
    expect(unread.json()).toEqual({ count: 1 });

    const list = await call(server, 'GET', AGENT_CHAT_PATHS.messages(agent.id), await member.cookie());
    expect(list.json()).toMatchObject({
      items: [{ mine: false, content: '第一行\n第二行', read: false }],
      hasMore: false,
      contact: { id: agent.id, relation: 'UPLINE' },
    });
    const read = await call(server, 'PUT', AGENT_CHAT_PATHS.read(agent.id), await member.cookie());
    expect(read.json()).toEqual({ count: 0 });
    await expect.poll(() => eventsOf(member.id, 'unreadMessageCount')).toEqual([
      { count: 1, channel: 'AGENT' },
      { count: 0, channel: 'AGENT' },
    ]);
    const seenByAgent = await call(server, 'GET', AGENT_CHAT_PATHS.messages(member.id), await agent.cookie());
    expect(seenByAgent.json().items[0]).toMatchObject({ mine: true, read: true });
  });

  it('pages back through older messages, oldest first within a page', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    const member = await customer('PLAYER', agent);
    const values = Array.from({ length: 35 }, (_, i) => `(${agent.id}, ${member.id}, ${agent.id}, ${member.id}, 'm${i}')`).join(',');
    await server.db.database.pool.query(`INSERT INTO agent_chat_messages (agent_id, member_id, sender_id, recipient_id, content) VALUES ${values}`);
    const newest = await call(server, 'GET', AGENT_CHAT_PATHS.messages(member.id), await agent.cookie());
    const items = newest.json().items as { id: number; content: string }[];
    expect(items).toHaveLength(30);
    expect(items[0]!.content).toBe('m5');
    expect(items.at(-1)!.content).toBe('m34');
    expect(newest.json().hasMore).toBe(true);
    const older = await call(server, 'GET', `${AGENT_CHAT_PATHS.messages(member.id)}?before=${items[0]!.id}`, await agent.cookie());
    expect(older.json().items.map((item: { content: string }) => item.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.json().hasMore).toBe(false);
  });

  it('stores a script-like message as the exact text it is, never as markup', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    const member = await customer('PLAYER', agent);
    const payload = '<img src=x onerror="alert(1)"><script>alert(document.cookie)</script>&lt;b&gt;';
    const sent = await call(server, 'POST', AGENT_CHAT_PATHS.messages(agent.id), await member.cookie(), { content: payload });
    expect(sent.statusCode).toBe(200);
    const list = await call(server, 'GET', AGENT_CHAT_PATHS.messages(member.id), await agent.cookie());
    expect(list.headers['content-type']).toMatch(/application\/json/);
    expect(list.json().items[0].content).toBe(payload);
    const stored = await server.db.database.pool.query('SELECT content FROM agent_chat_messages WHERE sender_id = $1', [member.id]);
    expect(stored.rows[0].content).toBe(payload);
    // Remarks cannot hold markup at all (letters, digits, Chinese and spaces only).
    const remark = await call(server, 'PUT', AGENT_CHAT_PATHS.remark(member.id), await agent.cookie(), { remark: '<svg onload=alert(1)>' });
    expect(remark.statusCode).toBe(400);
    const notes = await server.db.database.pool.query('SELECT count(*)::int AS n FROM agent_chat_contacts WHERE agent_id = $1', [agent.id]);
    expect(notes.rows[0].n).toBe(0);
  });

  it('keeps messages append-only: only the read mark may be set, once', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    const member = await customer('PLAYER', agent);
    await call(server, 'POST', AGENT_CHAT_PATHS.messages(member.id), await agent.cookie(), { content: '原文' });
    const pool = server.db.database.pool;
    await expect(pool.query(`UPDATE agent_chat_messages SET content = '改' WHERE sender_id = $1`, [agent.id])).rejects.toThrow(/append-only/);
    await expect(pool.query('DELETE FROM agent_chat_messages WHERE sender_id = $1', [agent.id])).rejects.toThrow(/append-only/);
  });

  it('limits one sender’s messages per minute exactly, under concurrent requests', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    const member = await customer('PLAYER', agent);
    const cookie = await agent.cookie();
    const attempts = MESSAGES_PER_MINUTE + 10;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, i) => call(server, 'POST', AGENT_CHAT_PATHS.messages(member.id), cookie, { content: `m${i}` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(responses.find((response) => response.statusCode === 429)!.json().code).toBe(ERROR_CODES.RATE_LIMITED);
    const stored = await server.db.database.pool.query('SELECT count(*)::int AS n FROM agent_chat_messages WHERE sender_id = $1', [agent.id]);
    expect(stored.rows[0].n).toBe(MESSAGES_PER_MINUTE);
  });
});

describe('bulk sends', () => {
  it('reaches exactly ALL, ALL_DIRECT_MEMBER or ALL_INDIRECT_MEMBER of a large team, trial accounts aside', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    const direct: Account[] = [];
    const indirect: Account[] = [];
    for (let i = 0; i < 6; i++) {
      const sub = await customer('AGENT', agent);
      direct.push(sub);
      for (let j = 0; j < 6; j++) indirect.push(await customer('PLAYER', sub));
    }
    for (let i = 0; i < 8; i++) direct.push(await customer('PLAYER', agent));
    await customer('PLAYER', agent, true);
    const cookie = await agent.cookie();
    const expected = { ALL: [...direct, ...indirect], ALL_DIRECT_MEMBER: direct, ALL_INDIRECT_MEMBER: indirect };
    for (const [recipients, accounts] of Object.entries(expected)) {
      const response = await call(server, 'POST', AGENT_CHAT_PATHS.bulk, cookie, { recipients, content: `致${recipients}` });
      expect(response.statusCode, recipients).toBe(200);
      expect(response.json().recipientCount).toBe(accounts.length);
      const reached = await server.db.database.pool.query<{ recipient_id: number }>(
        `SELECT m.recipient_id FROM agent_chat_messages m JOIN agent_chat_bulk_sends b ON b.id = m.bulk_id
          WHERE b.id = $1 ORDER BY m.recipient_id`,
        [response.json().id],
      );
      expect(reached.rows.map((row) => row.recipient_id)).toEqual(accounts.map((account) => account.id).sort((a, b) => a - b));
    }
    // Every member of the team got the ALL message and its unread count live; an indirect one got three messages.
    const someone = indirect[0]!;
    await expect.poll(async () => (await eventsOf(someone.id, 'chatMessage')).map((event) => event.content)).toEqual(['致ALL', '致ALL_INDIRECT_MEMBER']);
    await expect.poll(async () => (await eventsOf(someone.id, 'unreadMessageCount')).at(-1)).toEqual({ count: 2, channel: 'AGENT' });
    const inbox = await call(server, 'GET', AGENT_CHAT_PATHS.messages(agent.id), await someone.cookie());
    expect(inbox.json().items.map((item: { bulk: boolean }) => item.bulk)).toEqual([true, true]);
  });

  it('refuses a send that reaches nobody, without using up the hourly allowance', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    await customer('PLAYER', agent);
    const response = await call(server, 'POST', AGENT_CHAT_PATHS.bulk, await agent.cookie(), { recipients: 'ALL_INDIRECT_MEMBER', content: 'hi' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('没有可以接收消息的会员');
    const slots = await server.db.database.pool.query(`SELECT count(*)::int AS n FROM rate_limit_events WHERE bucket = 'agent-chat-bulk' AND key = $1`, [
      String(agent.id),
    ]);
    expect(slots.rows[0].n).toBe(0);
  });

  it('allows exactly the hourly number of bulk sends per agent, under concurrent requests', async () => {
    const agent = await customer('PRIMARY_AGENT', null);
    await customer('PLAYER', agent);
    const cookie = await agent.cookie();
    const responses = await Promise.all(
      Array.from({ length: BULK_SENDS_PER_HOUR + 6 }, (_, i) => call(server, 'POST', AGENT_CHAT_PATHS.bulk, cookie, { recipients: 'ALL', content: `b${i}` })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(BULK_SENDS_PER_HOUR);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(6);
    const stored = await server.db.database.pool.query('SELECT count(*)::int AS n FROM agent_chat_bulk_sends WHERE agent_id = $1', [agent.id]);
    expect(stored.rows[0].n).toBe(BULK_SENDS_PER_HOUR);
  });
});

describe('customerUpdatedMessage', () => {
  it('tells every upline agent of a new member created by hand, then of its login and logout', async () => {
    const primary = await customer('PRIMARY_AGENT', null);
    const agent = await customer('AGENT', primary);
    const username = `cmnew${process.pid % 1000}${seq++}`;
    const created = await call(server, 'POST', '/ajax/agent/accounts', await agent.cookie(), {
      accountType: 'PLAYER',
      username,
      password: 'abc12345',
      prizeGroup: 1800,
    });
    expect(created.statusCode).toBe(200);
    const memberId = created.json().id as number;
    const isNew = { isNewCustomer: true, online: false, customerId: memberId, name: username };
    // The agents' own logins are news for their uplines too: only this member's events are looked at.
    const about = async (agentId: number) =>
      (await eventsOf(agentId, 'customerUpdatedMessage')).filter((event) => event.customerId === memberId);
    await expect.poll(() => about(agent.id)).toEqual([isNew]);
    await expect.poll(() => about(primary.id)).toEqual([isNew]);

    const cookie = await loginCookie(server.app, username, 'abc12345');
    await expect.poll(async () => (await about(agent.id)).at(-1)).toEqual({ ...isNew, isNewCustomer: false, online: true });
    await call(server, 'PUT', '/ajax/logout', cookie);
    await expect.poll(async () => (await about(agent.id)).at(-1)).toEqual({ ...isNew, isNewCustomer: false, online: false });
    await expect.poll(async () => (await about(primary.id)).length).toBe(3);
  });

  it('says nothing about trial accounts or customers without an upline', async () => {
    const root = await customer('PRIMARY_AGENT', null);
    await root.cookie();
    const trial = await customer('PLAYER', root, true);
    await trial.cookie();
    const marker = await customer('PLAYER', root);
    await marker.cookie();
    // The marker's login event is published after the others: once it is there, none came before it.
    await expect.poll(async () => (await eventsOf(root.id, 'customerUpdatedMessage')).length).toBe(1);
    expect((await eventsOf(root.id, 'customerUpdatedMessage'))[0]).toMatchObject({ customerId: marker.id, online: true });
  });
});
