// Content (issue 16 item 8): the shipped defaults seeded into the database and served to the PWA; the
// back office's announcements (draft, schedule, pin, expire, publish, withdraw), help and tutorial
// pages; HTML sanitised before it is stored; bad input refused in Chinese with nothing changed; every
// write audited; concurrent saves of one version resolved to one winner; a live event for open apps.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementsSchema, CONTENT_CHANGED_EVENT, ContentPageSchema, HelpIndexSchema } from '../../src/shared/api/content.ts';
import { tutorialPages } from '../../src/shared/api/tutorials.ts';
import {
  AdminAnnouncementDetailSchema,
  AdminAnnouncementListSchema,
  AdminHelpPageDetailSchema,
  AdminTutorialDetailSchema,
  AdminTutorialListSchema,
  CONTENT_MESSAGES,
  type AdminAnnouncementDetail,
} from '../../src/shared/backoffice/content.ts';
import { sanitizeContentHtml } from '../../src/server/content/sanitize.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';

const BO = '/ajax/backoffice/content';
let server: TestServer;
let editor: string;
let support: string;

beforeAll(async () => {
  server = await startTestServer();
  editor = await operatorCookie(server.app, 'OPERATIONS');
  support = await operatorCookie(server.app, 'SUPPORT');
});
afterAll(() => server?.close());

const shipped = (file: string): unknown => JSON.parse(readFileSync(new URL(`../../public/content/${file}`, import.meta.url), 'utf8'));
const pool = () => server.db.database.pool;

async function get(url: string, cookie?: string) {
  return server.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
}
async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = editor) {
  return server.app.inject({ method, url, headers: operatorHeaders(cookie), ...(payload === undefined ? {} : { payload: payload as object }) });
}
const playerAnnouncementIds = async () => AnnouncementsSchema.parse((await get('/ajax/content/announcements')).json()).items.map((item) => item.id);

async function createDraft(fields: Partial<Record<string, unknown>> = {}): Promise<AdminAnnouncementDetail> {
  const response = await send('POST', `${BO}/announcements`, { title: '测试公告', html: '<p>正文</p>', pinned: false, ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return AdminAnnouncementDetailSchema.parse(response.json());
}
async function publish(announcement: { id: string; version: number }) {
  const response = await send('PUT', `${BO}/announcements/${announcement.id}/publish`, { version: announcement.version });
  expect(response.statusCode, response.body).toBe(200);
  return AdminAnnouncementDetailSchema.parse(response.json());
}
const auditRows = async (targetType: string, targetId: string) =>
  (
    await pool().query<{ action: string; before: unknown; after: unknown; operator_role: string }>(
      'SELECT action, before, after, operator_role FROM operator_audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id',
      [targetType, targetId],
    )
  ).rows;
const contentEvents = async () =>
  (await pool().query<{ payload: unknown }>('SELECT payload FROM live_events WHERE type = $1 ORDER BY id', [CONTENT_CHANGED_EVENT])).rows.map((row) => row.payload);

describe('the shipped defaults', () => {
  it('are what a fresh database serves, byte for byte the precached files', async () => {
    expect((await get('/ajax/content/announcements')).json()).toEqual(shipped('announcements.json'));
    expect((await get('/ajax/content/help')).json()).toEqual(shipped('help/index.json'));
    for (const section of HelpIndexSchema.parse(shipped('help/index.json')).sections) {
      for (const page of section.pages) {
        expect((await get(`/ajax/content/help/${page.slug}`)).json(), page.slug).toEqual(shipped(`help/${page.slug}.json`));
      }
    }
    for (const { key } of tutorialPages()) {
      expect((await get(`/ajax/content/tutorials/${key}`)).json(), key).toEqual(shipped(`tutorials/${key}.json`));
    }
  });

  it('are already what the sanitiser would store', () => {
    const pages = [
      ...AnnouncementsSchema.parse(shipped('announcements.json')).items,
      ...tutorialPages().map(({ key }) => ContentPageSchema.parse(shipped(`tutorials/${key}.json`))),
    ];
    for (const page of pages) expect(sanitizeContentHtml(page.html)).toBe(page.html);
  });

  it('answers an unknown page with a Chinese 404, revalidated on every read', async () => {
    for (const url of ['/ajax/content/help/no-such-page', '/ajax/content/help/UPPER', '/ajax/content/tutorials/usdt/nope', '/ajax/content/tutorials/../x']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await get('/ajax/content/announcements')).headers['cache-control']).toBe('no-cache');
  });
});

describe('sanitising', () => {
  it('removes scripts, event handlers, styles and javascript: links before storing', async () => {
    const draft = await createDraft({
      html: '<p onclick="steal()">好<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">坏链接</a><a href="JaVaScRiPt:alert(4)">大写</a><a href="//evil.example/x">协议相对</a><a href="https://example.com/a?b=1" onmouseover="x()" style="color:red">外链</a><a href="/help/terms">站内</a><style>p{}</style><iframe src="https://evil.example"></iframe>',
    });
    expect(draft.html).toBe(
      '<p>好</p><a>坏链接</a><a>大写</a><a>协议相对</a><a href="https://example.com/a?b=1">外链</a><a href="/help/terms">站内</a>',
    );
    const stored = await pool().query<{ html: string }>('SELECT html FROM announcements WHERE id = $1', [draft.id]);
    expect(stored.rows[0]!.html).toBe(draft.html);
  });

  it('previews exactly what would be stored, writing nothing', async () => {
    const before = (await pool().query('SELECT count(*)::int AS n FROM operator_audit_log')).rows[0].n;
    const response = await send('POST', `${BO}/preview`, { html: '<h2>标题</h2><script>x</script><p>段落</p>' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ html: '<h2>标题</h2><p>段落</p>' });
    expect((await pool().query('SELECT count(*)::int AS n FROM operator_audit_log')).rows[0].n).toBe(before);
  });

  it('refuses HTML with nothing left to show once sanitised', async () => {
    const response = await send('POST', `${BO}/announcements`, { title: '空', html: '<script>alert(1)</script>', pinned: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.html).toBe(CONTENT_MESSAGES.emptyAfterSanitising);
  });
});

describe('what players see', () => {
  it('never a draft; a published one at once, pinned first', async () => {
    const draft = await createDraft({ title: '草稿公告' });
    expect(await playerAnnouncementIds()).not.toContain(draft.id);
    expect(draft.state).toBe('DRAFT');

    const published = await publish(await createDraft({ title: '置顶公告', pinned: true }));
    expect(published.state).toBe('PUBLISHED');
    const ids = await playerAnnouncementIds();
    expect(ids[0]).toBe(published.id);
    expect(ids).not.toContain(draft.id);
  });

  it('a scheduled one only from its time, an expiring one only until then', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await publish(await createDraft({ title: '定时公告', publishAt: inAnHour }));
    expect(scheduled.state).toBe('SCHEDULED');
    expect(scheduled.publishAt).toBe(inAnHour);
    expect(await playerAnnouncementIds()).not.toContain(scheduled.id);
    // The clock reaches the scheduled time.
    await pool().query(`UPDATE announcements SET publish_at = now() - interval '1 second' WHERE id = $1`, [scheduled.id]);
    expect(await playerAnnouncementIds()).toContain(scheduled.id);

    const expiring = await publish(await createDraft({ title: '限时公告', expiresAt: inAnHour }));
    expect(await playerAnnouncementIds()).toContain(expiring.id);
    await pool().query(`UPDATE announcements SET publish_at = now() - interval '2 hours', expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    expect(await playerAnnouncementIds()).not.toContain(expiring.id);
    const expired = AdminAnnouncementDetailSchema.parse((await get(`${BO}/announcements/${expiring.id}`, editor)).json());
    expect(expired.state).toBe('EXPIRED');
  });

  it('withdrawn: gone for players, and it can be published again', async () => {
    const published = await publish(await createDraft({ title: '撤回公告' }));
    const withdrawn = await send('PUT', `${BO}/announcements/${published.id}/withdraw`, { version: published.version, reason: '内容有误' });
    expect(withdrawn.statusCode).toBe(200);
    const after = AdminAnnouncementDetailSchema.parse(withdrawn.json());
    expect(after.state).toBe('WITHDRAWN');
    expect(await playerAnnouncementIds()).not.toContain(published.id);
    await publish(after);
    expect(await playerAnnouncementIds()).toContain(published.id);
  });

  it('the back-office list filters by state and pages', async () => {
    await createDraft({ title: '列表草稿' });
    const drafts = AdminAnnouncementListSchema.parse((await get(`${BO}/announcements?state=DRAFT&pageSize=10`, support)).json());
    expect(drafts.items.length).toBeGreaterThan(0);
    expect(drafts.items.every((item) => item.state === 'DRAFT')).toBe(true);
    const beyond = AdminAnnouncementListSchema.parse((await get(`${BO}/announcements?page=999`, support)).json());
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBeGreaterThan(0);
  });
});

describe('audit and live events', () => {
  it('records who changed what, before and after, and tells open apps', async () => {
    const eventsBefore = (await contentEvents()).length;
    const draft = await createDraft({ title: '审计公告' });
    const edited = await send('PUT', `${BO}/announcements/${draft.id}`, { title: '审计公告（改）', html: '<p>新正文</p>', pinned: true, version: draft.version });
    expect(edited.statusCode).toBe(200);
    // Drafts are nobody's business but the back office's: no event yet.
    expect((await contentEvents()).length).toBe(eventsBefore);
    const published = await publish(AdminAnnouncementDetailSchema.parse(edited.json()));
    expect((await contentEvents()).slice(eventsBefore)).toEqual([{ area: 'announcements' }]);

    const rows = await auditRows('announcement', draft.id);
    expect(rows.map((row) => row.action)).toEqual(['content.announcement.create', 'content.announcement.update', 'content.announcement.publish']);
    expect(rows.every((row) => row.operator_role === 'OPERATIONS')).toBe(true);
    expect(rows[1]!.before).toMatchObject({ title: '审计公告', html: '<p>正文</p>', pinned: false });
    expect(rows[1]!.after).toMatchObject({ title: '审计公告（改）', html: '<p>新正文</p>', pinned: true });
    expect(rows[2]!.after).toMatchObject({ status: 'PUBLISHED', publishAt: published.publishAt });
  });

  it('help pages: create, edit, delete, each audited, the index follows', async () => {
    const created = await send('POST', `${BO}/help`, { slug: 'faq/bonus', title: '红利说明', summary: '常见问题', section: '常见问题', position: 100, html: '<p>红利</p>' });
    expect(created.statusCode, created.body).toBe(200);
    const page = AdminHelpPageDetailSchema.parse(created.json());
    const index = HelpIndexSchema.parse((await get('/ajax/content/help')).json());
    expect(index.sections.at(-1)).toEqual({ title: '常见问题', pages: [{ slug: 'faq/bonus', title: '红利说明', summary: '常见问题' }] });
    expect(ContentPageSchema.parse((await get('/ajax/content/help/faq/bonus')).json()).html).toBe('<p>红利</p>');

    const edited = await send('PUT', `${BO}/help/faq/bonus`, { title: '红利规则', section: '常见问题', position: 100, html: '<p>新规则</p>', version: page.version });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await send('DELETE', `${BO}/help/faq/bonus?version=${page.version + 1}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get('/ajax/content/help/faq/bonus')).statusCode).toBe(404);
    expect((await auditRows('help_page', 'faq/bonus')).map((row) => row.action)).toEqual(['content.help.create', 'content.help.update', 'content.help.delete']);
    expect((await contentEvents()).slice(-3)).toEqual([{ area: 'help' }, { area: 'help' }, { area: 'help' }]);
  });

  it('tutorials: the fixed pages of the routes, their text edited and audited', async () => {
    const list = AdminTutorialListSchema.parse((await get(`${BO}/tutorials`, support)).json());
    expect(list.items.map((item) => item.key)).toEqual(tutorialPages().map((page) => page.key));
    const page = AdminTutorialDetailSchema.parse((await get(`${BO}/tutorials/usdt/register`, support)).json());
    expect(page.label).toBe('USDT 教程 · 注册');
    const edited = await send('PUT', `${BO}/tutorials/usdt/register`, { title: '注册', html: '<p>运营方发布的说明</p>', version: page.version });
    expect(edited.statusCode, edited.body).toBe(200);
    const served = ContentPageSchema.parse((await get('/ajax/content/tutorials/usdt/register')).json());
    expect(served.html).toBe('<p>运营方发布的说明</p>');
    expect(served.updatedAt).toBeDefined();
    expect((await auditRows('tutorial_page', 'usdt/register')).map((row) => row.action)).toEqual(['content.tutorial.update']);
    expect((await send('PUT', `${BO}/tutorials/usdt/nope`, { title: 'x', html: '<p>x</p>', version: 1 })).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const snapshot = async () =>
    (
      await pool().query<{ state: string }>(
        `SELECT (SELECT json_agg(a ORDER BY id)::text FROM announcements a) || (SELECT json_agg(h ORDER BY slug)::text FROM help_pages h)
             || (SELECT json_agg(t ORDER BY key)::text FROM tutorial_pages t) || (SELECT count(*) FROM operator_audit_log)::text AS state`,
      )
    ).rows[0]!.state;

  it('gets a Chinese 400 and changes nothing', async () => {
    const draft = await createDraft({ title: '校验公告' });
    const lapsed = await createDraft({ title: '已过期草稿', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const before = await snapshot();
    const cases: [string, string, unknown][] = [
      ['POST', `${BO}/announcements`, { title: '', html: '<p>x</p>', pinned: false }],
      ['POST', `${BO}/announcements`, { title: '标'.repeat(101), html: '<p>x</p>', pinned: false }],
      ['POST', `${BO}/announcements`, { title: '标题', html: '', pinned: false }],
      ['POST', `${BO}/announcements`, { title: '标题', html: '<p>x</p>', pinned: 'yes' }],
      ['POST', `${BO}/announcements`, { title: '标题', html: '<p>x</p>', pinned: false, publishAt: '明天' }],
      // Valid ISO instants PostgreSQL cannot hold (year 0) or outside 1900–9999.
      ['POST', `${BO}/announcements`, { title: '标题', html: '<p>x</p>', pinned: false, publishAt: '0000-01-01T00:00:00Z', expiresAt: null }],
      ['POST', `${BO}/announcements`, { title: '标题', html: '<p>x</p>', pinned: false, expiresAt: '1899-12-31T23:59:59+08:00' }],
      ['PUT', `${BO}/announcements/${draft.id}`, { title: '标题', html: '<p>x</p>', pinned: false, publishAt: '0000-01-01T00:00:00Z', version: draft.version }],
      ['POST', `${BO}/announcements`, { title: '标题', html: '<p>x</p>', pinned: false, publishAt: '2030-01-02T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }],
      ['POST', `${BO}/announcements`, { title: 'a\u0000b', html: '<p>x</p>', pinned: false }],
      ['PUT', `${BO}/announcements/${draft.id}`, { title: '标题', html: '<p>x</p>', pinned: false }],
      ['PUT', `${BO}/announcements/${draft.id}/publish`, { version: 'one' }],
      ['PUT', `${BO}/announcements/${lapsed.id}/publish`, { version: lapsed.version }],
      ['POST', `${BO}/help`, { slug: 'Bad Slug', title: '标题', section: '分组', position: 1, html: '<p>x</p>' }],
      ['POST', `${BO}/help`, { slug: 'terms', title: '重复', section: '分组', position: 1, html: '<p>x</p>' }],
      ['POST', `${BO}/help`, { slug: 'ok-slug', title: '标题', section: '分组', position: -1, html: '<p>x</p>' }],
      ['PUT', `${BO}/tutorials/usdt/register`, { title: '标题', html: '<p>x</p>', version: 0 }],
      ['DELETE', `${BO}/help/terms?version=abc`, undefined],
      ['POST', `${BO}/preview`, { html: 42 }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(method as 'POST', url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().message, url).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await snapshot()).toBe(before);
  });

  it('a stale version or a state that forbids the action is a Chinese 409', async () => {
    const published = await publish(await createDraft({ title: '冲突公告' }));
    const stale = await send('PUT', `${BO}/announcements/${published.id}`, { title: '旧版本', html: '<p>x</p>', pinned: false, version: published.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONTENT_MESSAGES.stale);
    const twice = await send('PUT', `${BO}/announcements/${published.id}/publish`, { version: published.version });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CONTENT_MESSAGES.alreadyPublished);
    const draft = await createDraft();
    const notPublished = await send('PUT', `${BO}/announcements/${draft.id}/withdraw`, { version: draft.version });
    expect(notPublished.json().message).toBe(CONTENT_MESSAGES.notPublished);
  });
});

describe('access', () => {
  it('content.read may look, content.manage may change; customers and strangers may not', async () => {
    expect((await get(`${BO}/announcements`, support)).statusCode).toBe(200);
    expect((await send('POST', `${BO}/announcements`, { title: '客服', html: '<p>x</p>', pinned: false }, support)).statusCode).toBe(403);
    const finance = await operatorCookie(server.app, 'FINANCE');
    expect((await get(`${BO}/announcements`, finance)).statusCode).toBe(403);
    const player = await loginCookie(server.app, 'demo_player');
    expect((await get(`${BO}/announcements`, player)).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: `${BO}/preview`, headers: MUTATION_HEADERS, payload: { html: '<p>x</p>' } })).statusCode).toBe(401);
  });
});

describe('concurrent saves', () => {
  const CONCURRENT = 8;

  it('of one version: exactly one wins, the rest are told, one audit row', async () => {
    const draft = await createDraft({ title: '并发公告' });
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        send('PUT', `${BO}/announcements/${draft.id}`, { title: `并发 ${i}`, html: `<p>${i}</p>`, pinned: false, version: draft.version }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(409)]);
    const rows = await auditRows('announcement', draft.id);
    expect(rows.map((row) => row.action)).toEqual(['content.announcement.create', 'content.announcement.update']);
    const stored = await pool().query<{ version: number; title: string }>('SELECT version, title FROM announcements WHERE id = $1', [draft.id]);
    expect(stored.rows[0]!.version).toBe(draft.version + 1);
    expect((rows[1]!.after as { title: string }).title).toBe(stored.rows[0]!.title);
  });

  it('publishing at once from many connections publishes once', async () => {
    const draft = await createDraft({ title: '并发发布' });
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () => send('PUT', `${BO}/announcements/${draft.id}/publish`, { version: draft.version })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(CONCURRENT - 1);
    expect((await auditRows('announcement', draft.id)).filter((row) => row.action === 'content.announcement.publish')).toHaveLength(1);
  });

  it('creating one help address at once creates it once', async () => {
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        send('POST', `${BO}/help`, { slug: 'race', title: `竞争 ${i}`, section: '测试', position: 500, html: '<p>x</p>' }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 400).every((r) => r.json().fields.slug === CONTENT_MESSAGES.slugTaken)).toBe(true);
    expect(await auditRows('help_page', 'race')).toHaveLength(1);
  });
});
