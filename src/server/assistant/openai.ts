// The OpenAI-compatible adapter: POST {baseUrl}/chat/completions with stream: true, the rules as the
// system prompt and the built-in index's best passages as reference material; the streamed deltas
// are yielded as they arrive (server-sent `data:` lines, ending with `data: [DONE]`).
import type { Passage } from './search-index.ts';

export interface OpenAiConfig {
  baseUrl: string;
  model: string;
  apiKey: string;
  timeoutMs: number;
}

export const SYSTEM_PROMPT = [
  '你是锦鲤彩票平台的智能助手，只用简体中文回答，回答简洁。',
  '只根据下面提供的平台资料回答玩法、规则、账户和平台使用的问题；资料里没有的内容，直接说不知道，并建议联系在线客服或查看帮助中心。',
  '绝对不要预测开奖结果，不要推荐或暗示任何号码，不要说必中、稳赚、包中，不要介绍倍投、杀号、计划等投注技巧，不要鼓励多买或加大投注。',
  '开奖结果是随机的，并且可以在开奖结果页验证。玩家问到限额、停止游戏、冷静期、自我排除或沉迷时，请引导到「个人中心 › 理性娱乐」设置。',
].join('\n');

export class UpstreamError extends Error {}

function referenceMessage(passages: readonly Passage[]): string {
  if (passages.length === 0) return '平台资料：（没有找到相关资料）';
  return `平台资料：\n${passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n')}`;
}

/** The model's answer, delta by delta. Throws UpstreamError on an error status, a timeout or a broken stream. */
export async function* streamCompletion(config: OpenAiConfig, question: string, passages: readonly Passage[], signal: AbortSignal): AsyncGenerator<string> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        stream: true,
        messages: [
          { role: 'system', content: `${SYSTEM_PROMPT}\n\n${referenceMessage(passages)}` },
          { role: 'user', content: question },
        ],
      }),
      signal: combined,
    });
  } catch (error) {
    throw new UpstreamError(`request failed: ${String(error)}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamError(`status ${response.status}`);
  }
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const delta = deltaOf(data);
        if (delta) yield delta;
      }
    }
  } catch (error) {
    throw new UpstreamError(`stream failed: ${String(error)}`);
  }
}

function deltaOf(data: string): string | null {
  try {
    const parsed = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
    const content = parsed.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : null;
  } catch {
    return null;
  }
}
