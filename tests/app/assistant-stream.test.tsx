// The PWA's reader of POST /sse/chatgpt: frames cut anywhere between network chunks arrive whole and
// in order, a stream cut before `done` ends with an error, and a refusal before the stream is the
// server's Chinese message.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerEvent } from '../../src/shared/api/assistant.ts';
import { askAssistant, STREAM_CUT_MESSAGE } from '../../src/app/features/assistant/ask-stream.ts';
import { ApiError } from '../../src/app/lib/api/errors.ts';
import { isAppPath } from '../../src/app/features/assistant/use-assistant-chat.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function answerWith(chunks: string[], status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(streamOf(chunks), { status, headers: { 'content-type': 'text/event-stream' } }));
}

async function collect(): Promise<AnswerEvent[]> {
  const events: AnswerEvent[] = [];
  await askAssistant({ question: '怎么玩五星直选' }, (event) => events.push(event), new AbortController().signal);
  return events;
}

afterEach(() => vi.restoreAllMocks());

describe('askAssistant', () => {
  it('reads frames split across chunks, in order', async () => {
    const fetch = answerWith(['event: delta\ndata: {"text":"五星', '直选"}\n', '\nevent: sources\ndata: [{"title":"玩法","href":"/game/regular/CQSSC"}]\n\nevent: done\ndata: {"kind":"answer"}\n\n']);
    expect(await collect()).toEqual([
      { type: 'delta', text: '五星直选' },
      { type: 'sources', sources: [{ title: '玩法', href: '/game/regular/CQSSC' }] },
      { type: 'done', kind: 'answer' },
    ]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/sse/chatgpt');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['x-jinli-request']).toBe('1');
  });

  it('ends a stream cut before done with an error', async () => {
    answerWith(['event: delta\ndata: {"text":"五星"}\n\nevent: del']);
    expect(await collect()).toEqual([
      { type: 'delta', text: '五星' },
      { type: 'error', message: STREAM_CUT_MESSAGE },
    ]);
  });

  it('throws the server’s refusal before the stream', async () => {
    answerWith(['{"code":"RATE_LIMITED","message":"提问太频繁了，请一分钟后再试"}'], 429);
    await expect(collect()).rejects.toEqual(new ApiError(429, 'RATE_LIMITED', '提问太频繁了，请一分钟后再试'));
  });

  it('links only app paths', () => {
    expect(isAppPath('/help/terms')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
  });
});
