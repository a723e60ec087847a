// Issue 21 item 3, access: every /ajax/chat route refuses the anonymous (401) and trial accounts (403,
// reads included); a member talks only with its direct parent (or an upline that wrote first), an
// agent only with its own team; bad input on every endpoint gets a Chinese message and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CHAT_PATHS, NOT_IN_TEAM_MESSAGE } from '../../src/shared/api/agent-chat.ts';
import { ERROR_CODES } from '../../src/shared/api/errors.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { call } from './agent-team-support.ts';

let server: TestServer;
let seq = 0;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const CHINESE = /[\u4e00-\u9fff]/;

async function customer(name: string, type: 'PRIMARY_AGENT' | 'AGENT' | 'PLAYER', parent: string | null, trial = false): Promise<void> {
  const username = `ca${process.pid % 1000}${name}${seq++}`.slice(0, 16);
  const inserted = await server.db.database.pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group, test_mode)
     VALUES ($1, lower($1), $2, $1, $3, $4, 1900, $5) RETURNING id`,
    [username, await hashPassword(DEMO_PASSWORD), type, parent ? ids[parent] : null, trial ? 'USER_TEST' : null],
  );
  ids[name] = inserted.rows[0]!.id;
  cookies[name] = await loginCookie(server.app, username);
}

async function messageCount(): Promise<number> {
  const result = await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_chat_messages');
  return result.rows[0]!.n;
}

const send = (who: string, contact: string | number, content = '你好') =>
  call(server, 'POST', AGENT_CHAT_PATHS.messages(typeof contact === 'number' ? contact : ids[contact]!), cookies[who]!, { content });

beforeAll(async () => {
  server = await startTestServer();
  // P → A → S → X, A → B; a stranger tree Q → Y; a trial account T.
  await customer('P', 'PRIMARY_AGENT', null);
  await customer('A', 'AGENT', 'P');
  await customer('S', 'AGENT', 'A');
  await customer('X', 'PLAYER', 'S');
  await customer('B', 'PLAYER', 'A');
  await customer('Q', 'PRIMARY_AGENT', null);
  await customer('Y', 'PLAYER', 'Q');
  await customer('T', 'PLAYER', 'A', true);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const chatRoutes = () => server.routes.filter((route) => route.url.startsWith('/ajax/chat') && route.method !== 'HEAD');
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('the /ajax/chat tiers', () => {
  it('every chat route declares a tier that refuses trial accounts; bulk is agent-only', () => {
    const routes = chatRoutes();
    expect(routes.length).toBe(7);
    for (const route of routes) expect(['nonTrial', 'agentOnly'], `${route.method} ${route.url}`).toContain(route.tier);
    expect(routes.find((route) => route.url === AGENT_CHAT_PATHS.bulk)?.tier).toBe('agentOnly');
  });

  it('anonymous 401 and trial 403 TRIAL_FORBIDDEN on every route, reads included', async () => {
    for (const route of chatRoutes()) {
      const method = route.method as 'GET' | 'POST' | 'PUT';
      const url = concrete(route.url);
      const anonymous = await server.app.inject({ method, url, headers: method === 'GET' ? {} : MUTATION_HEADERS });
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
      const trial = await call(server, method, url, cookies.T!, method === 'GET' ? undefined : { content: 'x' });
      expect(trial.statusCode, `trial ${method} ${url}`).toBe(403);
      expect(trial.json().code).toBe(ERROR_CODES.TRIAL_FORBIDDEN);
    }
  });

  it('a player cannot bulk-send (403 AGENT_ONLY)', async () => {
    const response = await call(server, 'POST', AGENT_CHAT_PATHS.bulk, cookies.B!, { recipients: 'ALL', content: '大家好' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ERROR_CODES.AGENT_ONLY);
  });
});

describe('who may talk to whom', () => {
  it('an agent talks with anyone of its team, direct or not, and with its own direct parent', async () => {
    expect((await send('A', 'B')).statusCode).toBe(200);
    expect((await send('A', 'X')).statusCode).toBe(200);
    expect((await send('A', 'P')).statusCode).toBe(200);
    expect((await send('B', 'A')).statusCode).toBe(200);
    expect((await send('X', 'S')).statusCode).toBe(200);
  });

  it('refuses, with the agent centre’s 404 and nothing stored, everyone outside', async () => {
    const before = await messageCount();
    const refused: [string, string | number][] = [
      ['A', 'Y'], // another team
      ['A', 'Q'], // another team's agent
      ['B', 'S'], // a sibling
      ['B', 'P'], // an upline above the direct parent that never wrote
      ['Y', 'A'],
      ['S', 'P'],
      ['A', 'T'], // a trial account is nobody's contact
      ['A', 'A'], // oneself
      ['A', 999_999_999], // nobody
    ];
    for (const [who, contact] of refused) {
      for (const response of [
        await send(who, contact),
        await call(server, 'GET', AGENT_CHAT_PATHS.messages(typeof contact === 'number' ? contact : ids[contact]!), cookies[who]!),
        await call(server, 'PUT', AGENT_CHAT_PATHS.read(typeof contact === 'number' ? contact : ids[contact]!), cookies[who]!),
      ]) {
        expect(response.statusCode, `${who} → ${contact}`).toBe(404);
        expect(response.json().message).toBe(NOT_IN_TEAM_MESSAGE);
      }
    }
    expect(await messageCount()).toBe(before);
  });

  it('a member may answer an upline agent above its parent only once that agent has written to it', async () => {
    expect((await send('X', 'A')).statusCode).toBe(200); // A wrote to X in the first test
    expect((await send('B', 'P')).statusCode).toBe(404);
    expect((await send('P', 'B')).statusCode).toBe(200);
    expect((await send('B', 'P')).statusCode).toBe(200);
  });

  it('the contact list holds exactly the team and the reachable uplines', async () => {
    const list = await call(server, 'GET', AGENT_CHAT_PATHS.contacts, cookies.A!);
    expect(list.statusCode).toBe(200);
    const contactIds = list.json().items.map((item: { id: number }) => item.id).sort();
    expect(contactIds).toEqual([ids.P, ids.S, ids.X, ids.B].sort());
    const member = await call(server, 'GET', AGENT_CHAT_PATHS.contacts, cookies.B!);
    expect(member.json().items.map((item: { id: number; relation: string }) => [item.id, item.relation])).toEqual(
      expect.arrayContaining([
        [ids.A, 'UPLINE'],
        [ids.P, 'UPLINE'],
      ]),
    );
    expect(member.json().items).toHaveLength(2);
  });

  it('the remark and status are the agent’s, on its own team only', async () => {
    const own = await call(server, 'PUT', AGENT_CHAT_PATHS.remark(ids.B!), cookies.A!, { remark: '老客户 VIP', status: '跟进中' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ remark: '老客户 VIP', status: '跟进中' });
    for (const [who, member] of [
      ['B', 'A'],
      ['A', 'Y'],
      ['A', 'P'],
      ['S', 'B'],
    ] as const) {
      const response = await call(server, 'PUT', AGENT_CHAT_PATHS.remark(ids[member]!), cookies[who]!, { remark: '改掉' });
      expect(response.statusCode, `${who} on ${member}`).toBe(404);
    }
    const rows = await server.db.database.pool.query('SELECT agent_id, member_id, remark FROM agent_chat_contacts');
    expect(rows.rows).toEqual([{ agent_id: ids.A, member_id: ids.B, remark: '老客户 VIP' }]);
  });
});

describe('bad input', () => {
  const BAD: { method: 'GET' | 'POST' | 'PUT'; url: () => string; payload?: unknown }[] = [
    { method: 'GET', url: () => `${AGENT_CHAT_PATHS.contacts}?page=0` },
    { method: 'GET', url: () => `${AGENT_CHAT_PATHS.contacts}?search=${encodeURIComponent('<script>')}` },
    { method: 'GET', url: () => `${AGENT_CHAT_PATHS.contacts}?search=${'a'.repeat(40)}` },
    { method: 'GET', url: () => `${AGENT_CHAT_PATHS.messages(ids.B!)}?before=abc` },
    { method: 'GET', url: () => AGENT_CHAT_PATHS.messages('abc') },
    { method: 'GET', url: () => AGENT_CHAT_PATHS.messages('-1') },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages(ids.B!), payload: { content: '' } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages(ids.B!), payload: { content: '   ' } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages(ids.B!), payload: { content: '字'.repeat(501) } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages(ids.B!), payload: { content: 'bell\u0007' } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages(ids.B!), payload: { content: 'nul\u0000' } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages(ids.B!), payload: { content: 42 } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages(ids.B!), payload: {} },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.messages('1e999'), payload: { content: 'hi' } },
    { method: 'PUT', url: () => AGENT_CHAT_PATHS.read('x'), payload: {} },
    { method: 'PUT', url: () => AGENT_CHAT_PATHS.remark(ids.B!), payload: { remark: '<b>x</b>' } },
    { method: 'PUT', url: () => AGENT_CHAT_PATHS.remark(ids.B!), payload: { remark: '一二三四五六七八九十一二三四五六七' } },
    { method: 'PUT', url: () => AGENT_CHAT_PATHS.remark(ids.B!), payload: { status: 'ok\u202e' } },
    { method: 'PUT', url: () => AGENT_CHAT_PATHS.remark(ids.B!), payload: { status: 17 } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.bulk, payload: { recipients: 'EVERYONE', content: 'hi' } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.bulk, payload: { recipients: 'ALL', content: '' } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.bulk, payload: { recipients: 'ALL', content: 'x'.repeat(501) } },
    { method: 'POST', url: () => AGENT_CHAT_PATHS.bulk, payload: { content: 'hi' } },
  ];

  it('every endpoint answers bad input with a Chinese message and changes nothing', async () => {
    const before = await messageCount();
    const notes = await server.db.database.pool.query('SELECT * FROM agent_chat_contacts ORDER BY member_id');
    for (const bad of BAD) {
      const response = await call(server, bad.method, bad.url(), cookies.A!, bad.payload);
      expect([400, 404], `${bad.method} ${bad.url()} ${JSON.stringify(bad.payload)}`).toContain(response.statusCode);
      expect(response.json().message, `${bad.method} ${bad.url()}`).toMatch(CHINESE);
    }
    expect(await messageCount()).toBe(before);
    expect((await server.db.database.pool.query('SELECT * FROM agent_chat_contacts ORDER BY member_id')).rows).toEqual(notes.rows);
    const bulks = await server.db.database.pool.query('SELECT count(*)::int AS n FROM agent_chat_bulk_sends');
    expect(bulks.rows[0].n).toBe(0);
  });

  it('says what is wrong in the words of the rules', async () => {
    const tooLong = await send('A', 'B', '字'.repeat(501));
    expect(tooLong.json().message).toBe('消息最多 500 个字');
    const blank = await send('A', 'B', '  ');
    expect(blank.json().message).toBe('消息不可以为空');
    const remark = await call(server, 'PUT', AGENT_CHAT_PATHS.remark(ids.B!), cookies.A!, { remark: '<b>x</b>' });
    expect(remark.json().message).toBe('最多 16 个字，仅支持中英文、数字和空格');
  });
});
