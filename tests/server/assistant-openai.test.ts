// The OpenAI-compatible adapter and the back office's assistant settings. The adapter is tested
// against a TEST DOUBLE of the external service: a tiny local HTTP server in this file that speaks
// the OpenAI chat-completions streaming format (`data: {choices:[{delta:{content}}]}` … `data: [DONE]`).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_STREAM_PATH, readWholeAnswer, type AssistantSettings } from '../../src/shared/api/assistant.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie } from '../support/operators.ts';
import { login } from './accounts-support.ts';

// ── The test double of the external OpenAI-compatible endpoint ──────────────────────────────────

interface SeenRequest {
  url: string;
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}
const seen: SeenRequest[] = [];

function scriptFor(question: string): { status: number; pieces: string[] } {
  if (question.includes('服务器坏了')) return { status: 500, pieces: [] };
  if (question.includes('幸运数字')) return { status: 200, pieces: ['好的。', '我建议你', '投注 3、', '5、8 这几个号码。', '祝你好运！'] };
  return { status: 200, pieces: ['五星直选', '要求五个位置', '全部猜中。', '顺序也要一致', '。'] };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

let upstream: Server;
let upstreamUrl: string;

function startUpstream(): Promise<void> {
  upstream = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      const body = JSON.parse(text) as SeenRequest['body'];
      seen.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      const question = body.messages.at(-1)?.content ?? '';
      if (question.includes('不回答')) return; // hangs: the adapter's timeout ends it
      const script = scriptFor(question);
      if (script.status !== 200) {
        response.writeHead(script.status, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of script.pieces) response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) =>
    upstream.listen(0, '127.0.0.1', () => {
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
      resolve();
    }),
  );
}

// ── The platform ────────────────────────────────────────────────────────────────────────────────

let server: TestServer;
let manager: string;
let support: string;
let player: string;

beforeAll(async () => {
  await startUpstream();
  server = await startTestServer();
  manager = await operatorCookie(server.app, 'OPERATIONS');
  support = await operatorCookie(server.app, 'SUPPORT');
  const account = await server.app.inject({ method: 'POST', url: '/ajax/test/accounts', headers: MUTATION_HEADERS, payload: { kind: 'PLAYER', alias: '外部助手' } });
  const { username, password } = account.json<{ username: string; password: string }>();
  player = await login(server, username, password);
});
afterAll(async () => {
  await server.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const SETTINGS = '/ajax/backoffice/assistant/settings';

async function currentSettings(cookie = manager) {
  const response = await server.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<AssistantSettings & { version: number; apiKeySet: boolean; usage: { questionsToday: number; customersToday: number } }>();
}

function save(cookie: string, payload: Record<string, unknown>) {
  return server.app.inject({ method: 'PUT', url: SETTINGS, headers: { ...MUTATION_HEADERS, cookie }, payload });
}

async function useUpstream(timeoutMs = 5000): Promise<void> {
  const { version } = await currentSettings();
  const response = await save(manager, {
    settings: { adapter: 'OPENAI', baseUrl: upstreamUrl, model: 'test-model', timeoutMs, perMinute: 1000, perDay: 100000 },
    apiKey: 'sk-test-secret',
    version,
    reason: '接入测试模型',
  });
  expect(response.statusCode).toBe(200);
}

async function ask(question: string) {
  const response = await server.app.inject({ method: 'POST', url: ASSISTANT_STREAM_PATH, headers: { ...MUTATION_HEADERS, cookie: player }, payload: { question } });
  expect(response.statusCode).toBe(200);
  return readWholeAnswer(response.body);
}

describe('back-office assistant settings', () => {
  it('starts with the built-in adapter and 10 a minute, 100 a day', async () => {
    expect(await currentSettings(support)).toMatchObject({ adapter: 'BUILTIN', perMinute: 10, perDay: 100, apiKeySet: false });
  });

  it('lets SUPPORT read but not change them', async () => {
    const { version } = await currentSettings(support);
    const response = await save(support, { settings: { adapter: 'BUILTIN', baseUrl: '', model: '', timeoutMs: 20000, perMinute: 5, perDay: 50 }, version, reason: '试试看' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an OpenAI adapter without an address, and a stale version, in Chinese', async () => {
    const { version } = await currentSettings();
    const missing = await save(manager, { settings: { adapter: 'OPENAI', baseUrl: '', model: '', timeoutMs: 20000, perMinute: 10, perDay: 100 }, version, reason: '缺少地址' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('使用 OpenAI 兼容接口时须填写接口地址和模型');
    const stale = await save(manager, { settings: { adapter: 'BUILTIN', baseUrl: '', model: '', timeoutMs: 20000, perMinute: 10, perDay: 100 }, version: version + 5, reason: '过期版本' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('设置已被其他操作员修改，请刷新后重试');
    expect((await currentSettings()).version).toBe(version);
  });

  it('saves with an audit row that never holds the key, and the key is never sent back', async () => {
    await useUpstream();
    const view = await currentSettings();
    expect(view).toMatchObject({ adapter: 'OPENAI', baseUrl: upstreamUrl, model: 'test-model', apiKeySet: true });
    expect(JSON.stringify(view)).not.toContain('sk-test-secret');
    const audit = await server.db.database.pool.query<{ after: unknown; reason: string }>(
      `SELECT after, reason FROM operator_audit_log WHERE action = 'assistant.settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.reason).toBe('接入测试模型');
    expect(audit.rows[0]!.after).toMatchObject({ adapter: 'OPENAI', apiKeySet: true });
    expect(JSON.stringify(audit.rows[0]!.after)).not.toContain('sk-test-secret');
  });
});

describe('the OpenAI-compatible adapter', () => {
  it('streams the model’s deltas with the rules as system prompt, the key as bearer and the matching pages as sources', async () => {
    await useUpstream();
    seen.length = 0;
    const answer = await ask('五星直选怎么玩');
    expect(answer.kind).toBe('answer');
    expect(answer.text).toBe('五星直选要求五个位置全部猜中。顺序也要一致。');
    expect(answer.deltas.length).toBeGreaterThan(1);
    expect(answer.sources.map((s) => s.href)).toContain('/game/regular/CQSSC');
    const request = seen.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test-secret');
    expect(request.body).toMatchObject({ model: 'test-model', stream: true });
    expect(request.body.messages[0]!.role).toBe('system');
    expect(request.body.messages[0]!.content).toContain('绝对不要预测开奖结果');
    expect(request.body.messages[0]!.content).toContain('五星直选');
    expect(request.body.messages[1]).toEqual({ role: 'user', content: '五星直选怎么玩' });
  });

  it('replaces an answer that suggests numbers with the refusal', async () => {
    await useUpstream();
    const answer = await ask('给我讲讲我的幸运数字');
    expect(answer.kind).toBe('refusal');
    expect(answer.text).not.toMatch(/3、\s*5/);
    expect(answer.text).toContain('不能预测开奖结果');
    expect(answer.sources.map((s) => s.href)).toContain('/draw-results');
  });

  it('refuses predictions before asking the model at all', async () => {
    await useUpstream();
    seen.length = 0;
    expect((await ask('下一期开什么号')).kind).toBe('refusal');
    expect(seen).toHaveLength(0);
  });

  it('ends the stream with an error event when the endpoint fails or does not answer in time', async () => {
    await useUpstream(1000);
    const failed = await ask('服务器坏了怎么办');
    expect(failed.order.at(-1)).toBe('error');
    expect(failed.error).toBe('助手暂时无法回答，请稍后再试或联系在线客服');
    const silent = await ask('这次你不回答');
    expect(silent.error).toBe('助手暂时无法回答，请稍后再试或联系在线客服');
  });

  it('answers the back office’s "try a question" box the same way, counting nothing', async () => {
    await useUpstream();
    const before = (await currentSettings()).usage.questionsToday;
    const response = await server.app.inject({ method: 'POST', url: '/ajax/backoffice/assistant/try', headers: { ...MUTATION_HEADERS, cookie: support }, payload: { question: '五星直选怎么玩' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'answer', text: '五星直选要求五个位置全部猜中。顺序也要一致。' });
    expect((await currentSettings()).usage.questionsToday).toBe(before);
  });
});
