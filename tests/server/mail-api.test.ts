// 站内信 (issue 21 item 1): who may write to whom (an agent to its direct members or one team member,
// a member to its direct parent or the platform, never outside; trial accounts not at all), the boxes,
// read state, deletion and paging, the unread count and its live event, sanitised bodies, bad input
// answered in Chinese with nothing changed, the sending quota under concurrency, and platform mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_ADMIN_PATHS, MAIL_PATHS } from '../../src/shared/api/mail.ts';
import { BACKOFFICE_API } from '../../src/shared/backoffice/session.ts';
import { MAIL_SEND_LIMIT } from '../../src/server/mail/quota.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { addCustomer, idOf, type Member } from './agent-team-support.ts';

let server: TestServer;
/** agent → (sub-agent → deep player), player1, player2; a foreign agent with its own player; a trial account. */
let agent: Member;
let subAgent: Member;
let deepPlayer: Member;
let player1: Member;
let player2: Member;
let foreignAgent: Member;
let foreignPlayer: Member;
let trial: Member;

beforeAll(async () => {
  server = await startTestServer();
  const primary = await idOf(server, 'demo_primary');
  agent = await addCustomer(server, {
    parentId: primary,
    type: 'AGENT',
    prizeGroup: 1956,
    prefix: 'mag',
  });
  subAgent = await addCustomer(server, {
    parentId: agent.id,
    type: 'AGENT',
    prizeGroup: 1954,
    prefix: 'msub',
  });
  deepPlayer = await addCustomer(server, {
    parentId: subAgent.id,
    prizeGroup: 1940,
    prefix: 'mdeep',
  });
  player1 = await addCustomer(server, {
    parentId: agent.id,
    prizeGroup: 1940,
    prefix: 'mp1',
  });
  player2 = await addCustomer(server, {
    parentId: agent.id,
    prizeGroup: 1940,
    prefix: 'mp2',
  });
  foreignAgent = await addCustomer(server, {
    parentId: primary,
    type: 'AGENT',
    prizeGroup: 1950,
    prefix: 'mfa',
  });
  foreignPlayer = await addCustomer(server, {
    parentId: foreignAgent.id,
    prizeGroup: 1940,
    prefix: 'mfp',
  });
  trial = await addCustomer(server, {
    parentId: agent.id,
    prizeGroup: 1940,
    prefix: 'mtr',
    trial: true,
  });
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(member: Member, method: Method, url: string, payload?: unknown) {
  const cookie = await member.cookie();
  return server.app.inject({
    method,
    url,
    headers: method === 'GET' ? { cookie } : { ...MUTATION_HEADERS, cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const send = (member: Member, body: Record<string, unknown>) =>
  call(member, 'POST', MAIL_PATHS.list, {
    subject: '测试',
    htmlContent: '<p>你好</p>',
    ...body,
  });
const unread = async (member: Member) => (await call(member, 'GET', MAIL_PATHS.unreadCount)).json().count as number;
const received = async (member: Member, query = '') => (await call(member, 'GET', `${MAIL_PATHS.list}?box=received${query}`)).json();
const mailCount = async () => (await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mails')).rows[0]!.n;
const lastUnreadEvent = async (customerId: number) =>
  (
    await server.db.database.pool.query<{ payload: { count: number } }>(
      `SELECT payload FROM live_events WHERE customer_id = $1 AND type = 'unreadMailCount' ORDER BY id DESC LIMIT 1`,
      [customerId],
    )
  ).rows[0]?.payload.count;

const eventCount = async (customerId: number) =>
  (
    await server.db.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM live_events WHERE customer_id = $1 AND type = 'unreadMailCount'`, [
      customerId,
    ])
  ).rows[0]!.n;

describe('an agent writing to its team', () => {
  it('mails all direct members: each gets it unread, the count is published, the deep member does not', async () => {
    const before1 = await unread(player1);
    const sent = await send(agent, {
      recipientGroup: 'ALL_DIRECT_MEMBER',
      subject: '团队通知',
      htmlContent: '<p>本周<strong>活动</strong></p>',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().recipientCount).toBe(3); // subAgent, player1, player2 — not the trial account
    expect(await unread(player1)).toBe(before1 + 1);
    await expect.poll(() => lastUnreadEvent(player1.id)).toBe(before1 + 1);
    expect((await received(deepPlayer)).items.map((m: { subject: string }) => m.subject)).not.toContain('团队通知');
    const item = (await received(player2)).items.find((m: { subject: string }) => m.subject === '团队通知');
    expect(item).toMatchObject({
      role: 'PARENT',
      from: agent.username,
      read: false,
    });
    const sentBox = (await call(agent, 'GET', `${MAIL_PATHS.list}?box=sent`)).json();
    expect(sentBox.items[0]).toMatchObject({
      subject: '团队通知',
      to: '全部直属下级（3人）',
      recipientCount: 3,
    });
  });

  it('mails one member anywhere in its team, but not outside it (404, nothing stored)', async () => {
    const ok = await send(agent, {
      recipientGroup: 'ONE_MEMBER',
      memberId: deepPlayer.id,
      subject: '单独通知',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await received(deepPlayer)).items[0]).toMatchObject({
      subject: '单独通知',
      role: 'PARENT',
    });
    const count = await mailCount();
    const outside = await send(agent, {
      recipientGroup: 'ONE_MEMBER',
      memberId: foreignPlayer.id,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('该会员不存在或不在您的团队中');
    const missing = await send(agent, { recipientGroup: 'ONE_MEMBER' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请选择收件的下级会员');
    expect(await mailCount()).toBe(count);
    expect((await received(foreignPlayer)).total).toBe(0);
  });
});

describe('a member writing upwards', () => {
  it('mails its direct parent (role MEMBER) and the platform; never its members (it has none)', async () => {
    const toParent = await send(player1, {
      recipientGroup: 'DIRECT_PARENT',
      subject: '请教问题',
    });
    expect(toParent.statusCode, toParent.body).toBe(200);
    expect((await received(agent)).items[0]).toMatchObject({
      subject: '请教问题',
      role: 'MEMBER',
      from: player1.username,
    });
    // The agent's own parent (demo_primary) did not get it.
    const count = await mailCount();
    const down = await send(player1, { recipientGroup: 'ALL_DIRECT_MEMBER' });
    expect(down.statusCode).toBe(403);
    expect(down.json().message).toBe('只有代理可以给下级发送站内信');
    const one = await send(player1, {
      recipientGroup: 'ONE_MEMBER',
      memberId: player2.id,
    });
    expect(one.statusCode).toBe(403);
    expect(await mailCount()).toBe(count);
    const toAdmin = await send(player1, {
      recipientGroup: 'ADMIN',
      subject: '给平台的建议',
    });
    expect(toAdmin.statusCode, toAdmin.body).toBe(200);
    expect(toAdmin.json().recipientCount).toBe(0);
  });

  it('offers the groups that fit the caller', async () => {
    expect((await call(player1, 'GET', MAIL_PATHS.recipients)).json()).toEqual({
      groups: ['DIRECT_PARENT', 'ADMIN'],
      members: [],
      parent: agent.username,
    });
    const options = (await call(agent, 'GET', MAIL_PATHS.recipients)).json();
    expect(options.groups).toEqual(['ALL_DIRECT_MEMBER', 'ONE_MEMBER', 'DIRECT_PARENT', 'ADMIN']);
    expect(options.members.map((m: { username: string }) => m.username).sort()).toEqual([subAgent.username, player1.username, player2.username].sort());
  });
});

describe('a trial account', () => {
  it('can neither read nor send mail', async () => {
    for (const [method, url] of [
      ['GET', MAIL_PATHS.list],
      ['GET', MAIL_PATHS.unreadCount],
      ['GET', MAIL_PATHS.recipients],
      ['POST', MAIL_PATHS.list],
      ['DELETE', MAIL_PATHS.mail(1)],
    ] as const) {
      const response = await call(trial, method, url, method === 'POST' ? { recipientGroup: 'DIRECT_PARENT', subject: 'x', htmlContent: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'TRIAL_FORBIDDEN',
        message: '试玩账号不能使用站内信',
      });
    }
  });
});

describe('reading, deleting and paging', () => {
  it('opens a mail (marks it read, publishes the new count), deletes it for this customer only', async () => {
    const sent = await send(agent, {
      recipientGroup: 'ALL_DIRECT_MEMBER',
      subject: '阅读测试',
    });
    const id = sent.json().id as number;
    const before = await unread(player2);
    const opened = await call(player2, 'GET', MAIL_PATHS.mail(id));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      id,
      box: 'received',
      read: true,
      html: '<p>你好</p>',
    });
    expect(await unread(player2)).toBe(before - 1);
    await expect.poll(() => lastUnreadEvent(player2.id)).toBe(before - 1);
    expect((await call(player2, 'PUT', MAIL_PATHS.read(id))).statusCode).toBe(200);
    expect(await unread(player2)).toBe(before - 1);

    expect((await call(player2, 'DELETE', MAIL_PATHS.mail(id))).statusCode).toBe(200);
    expect((await call(player2, 'GET', MAIL_PATHS.mail(id))).statusCode).toBe(404);
    expect((await call(player2, 'DELETE', MAIL_PATHS.mail(id))).statusCode).toBe(404);
    // Still there for the others and for the sender.
    expect((await call(player1, 'GET', MAIL_PATHS.mail(id))).statusCode).toBe(200);
    expect((await call(agent, 'GET', MAIL_PATHS.mail(id))).json()).toMatchObject({ box: 'sent' });
    // Strangers cannot open, mark or delete it.
    for (const [method, url] of [
      ['GET', MAIL_PATHS.mail(id)],
      ['PUT', MAIL_PATHS.read(id)],
      ['DELETE', MAIL_PATHS.mail(id)],
    ] as const) {
      const response = await call(foreignPlayer, method, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('站内信不存在');
    }
  });

  it('reading and deleting one mail from many connections at once counts it once', async () => {
    const id = (await send(agent, { recipientGroup: 'ONE_MEMBER', memberId: player2.id, subject: '并发阅读' })).json().id as number;
    const before = await unread(player2);
    // The send's own count goes out after its commit: count the events once it is in, not before.
    await expect.poll(() => lastUnreadEvent(player2.id)).toBe(before);
    const eventsBefore = await eventCount(player2.id);
    const opens = await Promise.all(Array.from({ length: 12 }, () => call(player2, 'GET', MAIL_PATHS.mail(id))));
    expect(opens.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await unread(player2)).toBe(before - 1);
    // Exactly one call turned it read, so exactly one new count was published.
    await expect.poll(() => eventCount(player2.id)).toBe(eventsBefore + 1);
    const deletes = await Promise.all(Array.from({ length: 12 }, () => call(player2, 'DELETE', MAIL_PATHS.mail(id))));
    expect(deletes.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(deletes.filter((r) => r.statusCode === 404)).toHaveLength(11);
  });

  it('deleting an unread mail lowers the count and publishes it', async () => {
    const id = (
      await send(agent, {
        recipientGroup: 'ONE_MEMBER',
        memberId: player1.id,
        subject: '删除测试',
      })
    ).json().id as number;
    const before = await unread(player1);
    expect((await call(player1, 'DELETE', MAIL_PATHS.mail(id))).statusCode).toBe(200);
    expect(await unread(player1)).toBe(before - 1);
    await expect.poll(() => lastUnreadEvent(player1.id)).toBe(before - 1);
  });

  it('pages the received box newest first', async () => {
    const receiver = await addCustomer(server, {
      parentId: foreignAgent.id,
      prizeGroup: 1940,
      prefix: 'mpage',
    });
    for (let i = 1; i <= 3; i++)
      expect(
        (
          await send(foreignAgent, {
            recipientGroup: 'ONE_MEMBER',
            memberId: receiver.id,
            subject: `第${i}封`,
          })
        ).statusCode,
      ).toBe(200);
    const first = await received(receiver, '&size=2&page=1');
    expect(first).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(first.items.map((m: { subject: string }) => m.subject)).toEqual(['第3封', '第2封']);
    const second = await received(receiver, '&size=2&page=2');
    expect(second.items.map((m: { subject: string }) => m.subject)).toEqual(['第1封']);
    expect(await received(receiver, '&size=2&page=5')).toMatchObject({
      items: [],
      total: 3,
    });
  });
});

describe('stored XSS', () => {
  it('drops scripts, event handlers and javascript: links before storing', async () => {
    const html =
      '<p onclick="alert(1)">hi<script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">link</a><a href="https://example.com" onmouseover="x()">ok</a></p><svg onload="alert(5)"></svg><iframe src="https://evil.example"></iframe>';
    const id = (
      await send(agent, {
        recipientGroup: 'ONE_MEMBER',
        memberId: player1.id,
        subject: '<b>标题</b>',
        htmlContent: html,
      })
    ).json().id as number;
    const stored = (await server.db.database.pool.query<{ html: string; subject: string }>('SELECT html, subject FROM mails WHERE id = $1', [id])).rows[0]!;
    expect(stored.html).not.toMatch(/script|onerror|onclick|onload|onmouseover|javascript:|<img|<svg|<iframe|alert\(2\)/i);
    expect(stored.html).toContain('hi');
    expect(stored.html).toContain('<a href="https://example.com">ok</a>');
    // The subject is plain text: stored as typed, rendered as text.
    expect(stored.subject).toBe('<b>标题</b>');
  });

  it('refuses a body with nothing visible left after sanitising, storing nothing', async () => {
    const count = await mailCount();
    const response = await send(agent, {
      recipientGroup: 'ALL_DIRECT_MEMBER',
      htmlContent: '<script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('内容不可以为空（脚本、样式等不允许的内容已被移除）');
    expect(await mailCount()).toBe(count);
  });
});

describe('bad input', () => {
  it('gets a Chinese message and changes nothing', async () => {
    const count = await mailCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ recipientGroup: 'NOBODY' }, '请选择收件人'],
      [{ recipientGroup: 'DIRECT_PARENT', subject: '' }, '标题不可以为空'],
      [{ recipientGroup: 'DIRECT_PARENT', subject: '长'.repeat(51) }, '标题最多 50 个字'],
      [{ recipientGroup: 'DIRECT_PARENT', htmlContent: '' }, '内容不可以为空'],
      [
        {
          recipientGroup: 'DIRECT_PARENT',
          htmlContent: `<p>${'长'.repeat(50_001)}</p>`,
        },
        '内容过长',
      ],
      [{ recipientGroup: 'DIRECT_PARENT', htmlContent: '<p>a\u0000b</p>' }, '内容包含不支持的字符'],
      [{ recipientGroup: 'ONE_MEMBER', memberId: 'abc' }, '站内信不存在'],
    ];
    for (const [body, message] of cases) {
      const response = await send(player1, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    for (const url of [
      `${MAIL_PATHS.list}?box=trash`,
      `${MAIL_PATHS.list}?page=0`,
      `${MAIL_PATHS.list}?size=1000`,
      MAIL_PATHS.mail('abc'),
      MAIL_PATHS.mail('-1'),
    ]) {
      const response = await call(player1, 'GET', url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await mailCount()).toBe(count);
  });
});

describe('the sending quota', () => {
  it('lets exactly the limit through when many sends race from many connections', async () => {
    const sender = await addCustomer(server, {
      parentId: foreignAgent.id,
      prizeGroup: 1940,
      prefix: 'mrate',
    });
    await sender.cookie();
    const attempts = MAIL_SEND_LIMIT + 8;
    const results = await Promise.all(Array.from({ length: attempts }, (_, i) => send(sender, { recipientGroup: 'DIRECT_PARENT', subject: `并发${i}` })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAIL_SEND_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(attempts - MAIL_SEND_LIMIT);
    expect(results.find((r) => r.statusCode === 429)!.json().message).toBe('发送过于频繁，请稍后再试');
    const stored = await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mails WHERE sender_customer_id = $1', [sender.id]);
    expect(stored.rows[0]!.n).toBe(MAIL_SEND_LIMIT);
  });

  it('gives the place back when a send is refused after taking it', async () => {
    const lonely = await addCustomer(server, {
      parentId: foreignAgent.id,
      type: 'AGENT',
      prizeGroup: 1940,
      prefix: 'mlone',
    });
    for (let i = 0; i < MAIL_SEND_LIMIT + 2; i++)
      expect((await send(lonely, { recipientGroup: 'ALL_DIRECT_MEMBER' })).json().message).toBe('您还没有直属下级，无法发送');
    expect((await send(lonely, { recipientGroup: 'DIRECT_PARENT' })).statusCode).toBe(200);
  });
});

describe('platform mail from the back office', () => {
  it('sends to a segment (audited), lists it with read counts, shows the members’ mails to the platform', async () => {
    const cookie = await operatorCookie(server.app, 'OPERATIONS');
    const before = await unread(foreignPlayer);
    const sent = await server.app.inject({
      method: 'POST',
      url: `${BACKOFFICE_API}${MAIL_ADMIN_PATHS.sent}`,
      headers: operatorHeaders(cookie),
      payload: {
        segment: 'USERNAME',
        username: foreignPlayer.username,
        subject: '平台通知',
        htmlContent: '<p>系统维护</p><script>x</script>',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().recipientCount).toBe(1);
    expect(await unread(foreignPlayer)).toBe(before + 1);
    const mine = (await received(foreignPlayer)).items[0];
    expect(mine).toMatchObject({
      subject: '平台通知',
      role: 'PLATFORM',
      from: '平台',
    });
    await call(foreignPlayer, 'GET', MAIL_PATHS.mail(mine.id));
    const audit = await server.db.database.pool.query(`SELECT 1 FROM operator_audit_log WHERE action = 'mail.send' AND target_id = $1`, [
      String(sent.json().id),
    ]);
    expect(audit.rowCount).toBe(1);
    const list = await server.app.inject({
      method: 'GET',
      url: `${BACKOFFICE_API}${MAIL_ADMIN_PATHS.sent}`,
      headers: { cookie },
    });
    expect(list.json().items[0]).toMatchObject({
      subject: '平台通知',
      recipientCount: 1,
      readCount: 1,
    });
    const detail = await server.app.inject({
      method: 'GET',
      url: `${BACKOFFICE_API}${MAIL_ADMIN_PATHS.mail(sent.json().id)}`,
      headers: { cookie },
    });
    expect(detail.json().html).toBe('<p>系统维护</p>');
    const inbox = await server.app.inject({
      method: 'GET',
      url: `${BACKOFFICE_API}${MAIL_ADMIN_PATHS.inbox}`,
      headers: { cookie },
    });
    expect(inbox.json().items.map((m: { subject: string }) => m.subject)).toContain('给平台的建议');

    const unknown = await server.app.inject({
      method: 'POST',
      url: `${BACKOFFICE_API}${MAIL_ADMIN_PATHS.sent}`,
      headers: operatorHeaders(cookie),
      payload: {
        segment: 'USERNAME',
        username: 'nobody_here',
        subject: '平台通知',
        htmlContent: '<p>x</p>',
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('该会员不存在');
    const vip = await server.app.inject({
      method: 'POST',
      url: `${BACKOFFICE_API}${MAIL_ADMIN_PATHS.sent}`,
      headers: operatorHeaders(cookie),
      payload: { segment: 'VIP', subject: 'x', htmlContent: 'x' },
    });
    expect(vip.statusCode).toBe(400);
    expect(vip.json().message).toBe('请选择 VIP 等级');
  });

  it('refuses operators without mail.send', async () => {
    const cookie = await operatorCookie(server.app, 'FINANCE');
    const response = await server.app.inject({
      method: 'POST',
      url: `${BACKOFFICE_API}${MAIL_ADMIN_PATHS.sent}`,
      headers: operatorHeaders(cookie),
      payload: { segment: 'ALL', subject: 'x', htmlContent: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});
