// The AI assistant's player route, POST /sse/chatgpt, with the built-in adapter: answers from the
// engine's rules and the help pages with the page used, refuses predictions, points limits to the
// protection settings, says when it does not know, refuses bad input in Chinese, and limits each
// customer's questions atomically (fired at once from many connections).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASSISTANT_STREAM_PATH, readWholeAnswer, QUESTION_MESSAGE, RATE_LIMIT_DAY_MESSAGE, RATE_LIMIT_MINUTE_MESSAGE } from '../../src/shared/api/assistant.ts';
import { knowledgeFor } from '../../src/server/assistant/knowledge.ts';
import { takeQuestion } from '../../src/server/assistant/rate-limit.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { login } from './accounts-support.ts';

let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(async () => {
  await setLimits(100, 1000);
});

const pool = () => server.db.database.pool;

async function setLimits(perMinute: number, perDay: number): Promise<void> {
  await pool().query('UPDATE assistant_settings SET per_minute = $1, per_day = $2', [perMinute, perDay]);
}

async function account(kind: 'PLAYER' | 'TRIAL' = 'PLAYER'): Promise<{ id: number; cookie: string }> {
  const response = await server.app.inject({ method: 'POST', url: '/ajax/test/accounts', headers: MUTATION_HEADERS, payload: { kind, alias: '助手测试' } });
  expect(response.statusCode).toBe(200);
  const { username, password } = response.json<{ username: string; password: string }>();
  const id = (await pool().query<{ id: string }>('SELECT id FROM customers WHERE username = $1', [username])).rows[0]!.id;
  return { id: Number(id), cookie: await login(server, username, password) };
}

function ask(cookie: string | undefined, payload: unknown) {
  return server.app.inject({ method: 'POST', url: ASSISTANT_STREAM_PATH, headers: { ...MUTATION_HEADERS, ...(cookie ? { cookie } : {}) }, payload: payload as object });
}

async function answerTo(cookie: string, question: string) {
  const response = await ask(cookie, { question });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  return readWholeAnswer(response.body);
}

describe('the built-in assistant', () => {
  it('answers 怎么玩五星直选 from the engine rules, naming the game page it used', async () => {
    const { cookie } = await account();
    const answer = await answerTo(cookie, '怎么玩五星直选');
    expect(answer.kind).toBe('answer');
    expect(answer.deltas.length).toBeGreaterThan(1);
    expect(answer.text).toContain('五星直选');
    expect(answer.text).toContain('从万位、千位、百位、十位、个位中各选择1个号码组成一注');
    expect(answer.text).toContain('示例：');
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const source of answer.sources) {
      expect(source.title).toMatch(/玩法说明 · 五星直选/);
      expect(source.href).toBe('/game/regular/CQSSC');
    }
    expect(answer.order).toEqual([...answer.deltas.map(() => 'delta'), 'sources', 'done']);
  });

  it('refuses 下一期开什么号, explaining that draws are random and verifiable', async () => {
    const { cookie } = await account();
    for (const question of ['下一期开什么号', '帮我预测一下重庆时时彩', '推荐几个必中号码', '怎么倍投稳赚']) {
      const answer = await answerTo(cookie, question);
      expect(answer.kind, question).toBe('refusal');
      expect(answer.text).toContain('不能预测开奖结果');
      expect(answer.text).toContain('随机');
      expect(answer.sources.map((s) => s.href)).toContain('/draw-results');
    }
  });

  it('points questions about limits and stopping to the player-protection settings', async () => {
    const { cookie } = await account();
    for (const question of ['怎么设置亏损限额', '我想开启冷静期', '我好像沉迷了，怎么自我排除']) {
      const answer = await answerTo(cookie, question);
      expect(answer.kind, question).toBe('protection');
      expect(answer.text).toContain('个人中心 › 理性娱乐');
      expect(answer.sources.map((s) => s.href)).toEqual(['/account/center?tab=protection', '/help/responsible-gaming']);
    }
  });

  it('answers from a help page and from an announcement, with their links', async () => {
    const { cookie } = await account();
    const help = await answerTo(cookie, '充值多久到账');
    expect(help.kind).toBe('answer');
    expect(help.text).toContain('72 小时');
    expect(help.sources[0]).toEqual({ title: '充值与提现 · 充值未到账', href: '/help/deposit-withdrawal' });

    await pool().query(
      `INSERT INTO announcements (id, title, html, status, publish_at) VALUES ('assistant-test', '春节红包雨活动', '<p>春节期间每天晚上八点开启红包雨，登录即可参与。</p>', 'PUBLISHED', now() - interval '1 minute')`,
    );
    knowledgeFor(pool()).invalidate();
    const news = await answerTo(cookie, '春节红包雨什么时候开始');
    expect(news.kind).toBe('answer');
    expect(news.text).toContain('每天晚上八点');
    expect(news.sources).toContainEqual({ title: '公告 · 春节红包雨活动', href: '/announcement/assistant-test' });
  });

  it('says so when it does not know', async () => {
    const { cookie } = await account();
    const answer = await answerTo(cookie, '明天北京的天气怎么样');
    expect(answer.kind).toBe('unknown');
    expect(answer.text).toContain('没有找到');
    expect(answer.text).toContain('在线客服');
    expect(answer.sources).toEqual([{ title: '帮助中心', href: '/help' }]);
  });

  it('serves trial accounts and refuses anonymous callers', async () => {
    const trial = await account('TRIAL');
    expect((await answerTo(trial.cookie, '怎么玩五星直选')).kind).toBe('answer');
    const anonymous = await ask(undefined, { question: '怎么玩五星直选' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: '请先登录' });
  });

  it('refuses bad input with a Chinese message and counts nothing', async () => {
    const { id, cookie } = await account();
    for (const payload of [{}, { question: '' }, { question: '   ' }, { question: 'x'.repeat(501) }, { question: 42 }, { question: '五星\u0000直选' }, { question: '好', conversationId: '../x' }]) {
      const response = await ask(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ code: string; message: string; fields?: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION');
      expect(`${body.message}${Object.values(body.fields ?? {}).join('')}`).toMatch(/[\u4e00-\u9fff]/);
    }
    const blank = (await ask(cookie, { question: '   ' })).json<{ fields?: Record<string, string>; message: string }>();
    expect(blank.fields?.question ?? blank.message).toBe(QUESTION_MESSAGE);
    const counted = await pool().query('SELECT 1 FROM assistant_usage WHERE customer_id = $1', [id]);
    expect(counted.rowCount).toBe(0);
  });
});

describe('the per-customer rate limit', () => {
  it('lets exactly the daily limit through when questions are fired at once from many connections', async () => {
    await setLimits(1000, 5);
    const { id, cookie } = await account();
    const other = await account();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        fetch(`${baseUrl}${ASSISTANT_STREAM_PATH}`, {
          method: 'POST',
          headers: { ...MUTATION_HEADERS, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ question: '怎么玩五星直选' }),
        }).then(async (response) => ({ status: response.status, body: await response.text() })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(JSON.parse(answer.body)).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMIT_DAY_MESSAGE });
    const usage = await pool().query<{ day_count: number }>('SELECT day_count FROM assistant_usage WHERE customer_id = $1', [id]);
    expect(usage.rows[0]!.day_count).toBe(5);
    // Another customer's questions are counted apart.
    expect((await ask(other.cookie, { question: '怎么玩五星直选' })).statusCode).toBe(200);
  });

  it('counts the minute and the day in one statement, atomically across connections, and starts a new minute afresh', async () => {
    const { id } = await account();
    const at = new Date('2026-11-26T10:00:30Z');
    const results = await Promise.all(Array.from({ length: 30 }, () => takeQuestion(pool(), id, { perMinute: 7, perDay: 100 }, at)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(7);
    expect(results.filter((r) => r === 'minute')).toHaveLength(23);
    expect(await takeQuestion(pool(), id, { perMinute: 7, perDay: 100 }, new Date('2026-11-26T10:01:00Z'))).toBe('ok');
    // The Beijing day has 8 questions now; a limit of 8 a day refuses the next one as a daily refusal.
    expect(await takeQuestion(pool(), id, { perMinute: 7, perDay: 8 }, new Date('2026-11-26T10:02:00Z'))).toBe('day');
    // 16:00 UTC is midnight in Beijing: a new day.
    expect(await takeQuestion(pool(), id, { perMinute: 7, perDay: 8 }, new Date('2026-11-26T16:00:00Z'))).toBe('ok');
  });

  it('answers 429 with the minute message over the minute limit', async () => {
    await setLimits(1, 1000);
    const { cookie } = await account();
    const first = await ask(cookie, { question: '怎么玩五星直选' });
    const second = await ask(cookie, { question: '怎么玩五星直选' });
    // Both can fall in two calendar minutes only if the clock turns between them; then the second passes too.
    if (second.statusCode === 200) return;
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMIT_MINUTE_MESSAGE });
  });
});
