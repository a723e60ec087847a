// The AI assistant's contract (issue 21 item 4): the player's question to POST /sse/chatgpt and the
// events of its answer stream; the back office's settings and "try a question" calls.
import { z } from 'zod';
import { reasonText } from '../backoffice/auth.ts';
import { requestText } from '../validation/safe-text.ts';

export const ASSISTANT_STREAM_PATH = '/sse/chatgpt';

export const QUESTION_MAX = 500;
export const QUESTION_MESSAGE = `请输入 1-${QUESTION_MAX} 个字的问题`;
export const QUESTION_CHARACTERS_MESSAGE = '问题包含不支持的字符';

export const QuestionSchema = requestText({ message: QUESTION_MESSAGE, max: QUESTION_MAX, min: 1, kind: 'multiline', charactersMessage: QUESTION_CHARACTERS_MESSAGE }).refine(
  (text) => text.trim().length > 0,
  { error: QUESTION_MESSAGE },
);

export const AskBodySchema = z.object({
  question: QuestionSchema,
  /** The app's id for one chat window (letters, digits, '-'); only echoed, never stored. */
  conversationId: requestText({ message: '会话编号无效', max: 64 })
    .regex(/^[A-Za-z0-9-]{1,64}$/, { error: '会话编号无效' })
    .optional(),
});
export type AskBody = z.infer<typeof AskBodySchema>;

/** An answer's source: a page of the app the player can open. */
export const SourceSchema = z.object({ title: z.string(), href: z.string() });
export type Source = z.infer<typeof SourceSchema>;

/** The events of the answer stream, in order: delta*, sources, done — or error. */
export const ASSISTANT_EVENTS = { delta: 'delta', sources: 'sources', done: 'done', error: 'error' } as const;
export const DeltaEventSchema = z.object({ text: z.string() });
export const SourcesEventSchema = z.array(SourceSchema);
export const DoneEventSchema = z.object({ kind: z.enum(['answer', 'refusal', 'protection', 'unknown']) });
export const ErrorEventSchema = z.object({ message: z.string() });
export type AnswerKind = z.infer<typeof DoneEventSchema>['kind'];

export const RATE_LIMIT_MINUTE_MESSAGE = '提问太频繁了，请一分钟后再试';
export const RATE_LIMIT_DAY_MESSAGE = '今天的提问次数已用完，请明天再来';
export const ASSISTANT_FAILED_MESSAGE = '助手暂时无法回答，请稍后再试或联系在线客服';

// ── Back office ─────────────────────────────────────────────────────────────────────────────────

export const ASSISTANT_ADMIN_PATHS = {
  settings: '/assistant/settings',
  tryQuestion: '/assistant/try',
} as const;

export const ADAPTER_KINDS = ['BUILTIN', 'OPENAI'] as const;
export type AdapterKind = (typeof ADAPTER_KINDS)[number];
export const ADAPTER_LABELS: Record<AdapterKind, string> = { BUILTIN: '内置助手（平台内容）', OPENAI: 'OpenAI 兼容接口' };

const intIn = (min: number, max: number, message: string) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

export const AssistantSettingsSchema = z.object({
  adapter: z.enum(ADAPTER_KINDS, { error: '请选择助手类型' }),
  /** The OpenAI-compatible endpoint's base, e.g. https://api.example.com/v1 ('' while unused). */
  baseUrl: z.union([z.literal(''), requestText({ message: '请输入有效的 http(s) 接口地址', max: 300 }).url({ error: '请输入有效的 http(s) 接口地址' }).regex(/^https?:\/\//, { error: '请输入有效的 http(s) 接口地址' })]),
  model: requestText({ message: '模型名称最多 100 个字符', max: 100 }),
  timeoutMs: intIn(1000, 120_000, '超时时间须在 1000-120000 毫秒之间'),
  perMinute: intIn(1, 1000, '每分钟提问上限须在 1-1000 之间'),
  perDay: intIn(1, 100_000, '每日提问上限须在 1-100000 之间'),
});
export type AssistantSettings = z.infer<typeof AssistantSettingsSchema>;

export const AssistantSettingsViewSchema = AssistantSettingsSchema.extend({
  /** The key itself is never sent back. */
  apiKeySet: z.boolean(),
  version: z.number().int(),
  usage: z.object({ questionsToday: z.number().int(), customersToday: z.number().int() }),
});
export type AssistantSettingsView = z.infer<typeof AssistantSettingsViewSchema>;

export const UpdateAssistantSettingsBodySchema = z
  .object({
    settings: AssistantSettingsSchema,
    /** Omitted: keep the stored key; '' clears it. */
    apiKey: requestText({ message: 'API Key 最多 300 个字符', max: 300 }).optional(),
    version: z.number({ error: '版本号无效' }).int({ error: '版本号无效' }).min(1, { error: '版本号无效' }),
    reason: reasonText,
  })
  .refine((body) => body.settings.adapter !== 'OPENAI' || (body.settings.baseUrl !== '' && body.settings.model.trim() !== ''), {
    error: '使用 OpenAI 兼容接口时须填写接口地址和模型',
    path: ['settings', 'baseUrl'],
  });

export const TryQuestionBodySchema = z.object({ question: QuestionSchema });
export const TryAnswerSchema = z.object({ text: z.string(), sources: SourcesEventSchema, kind: DoneEventSchema.shape.kind });
export type TryAnswer = z.infer<typeof TryAnswerSchema>;

// ── Reading the answer stream (the app, tests) ──────────────────────────────────────────────────

export type AnswerEvent =
  | { type: 'delta'; text: string }
  | { type: 'sources'; sources: Source[] }
  | { type: 'done'; kind: AnswerKind }
  | { type: 'error'; message: string };

/** One `event:`/`data:` frame of the answer stream (the text between blank lines), or null when it is none of ours. */
export function parseAnswerFrame(frame: string): AnswerEvent | null {
  const event = /^event: ?(.+)$/m.exec(frame)?.[1];
  const data = /^data: ?(.*)$/m.exec(frame)?.[1];
  if (!event || data === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  switch (event) {
    case ASSISTANT_EVENTS.delta: {
      const parsed = DeltaEventSchema.safeParse(json);
      return parsed.success ? { type: 'delta', text: parsed.data.text } : null;
    }
    case ASSISTANT_EVENTS.sources: {
      const parsed = SourcesEventSchema.safeParse(json);
      return parsed.success ? { type: 'sources', sources: parsed.data } : null;
    }
    case ASSISTANT_EVENTS.done: {
      const parsed = DoneEventSchema.safeParse(json);
      return parsed.success ? { type: 'done', kind: parsed.data.kind } : null;
    }
    case ASSISTANT_EVENTS.error: {
      const parsed = ErrorEventSchema.safeParse(json);
      return parsed.success ? { type: 'error', message: parsed.data.message } : null;
    }
    default:
      return null;
  }
}

/** Splits what arrived so far into complete frames and the unfinished rest. */
export function splitFrames(buffer: string): { frames: string[]; rest: string } {
  const parts = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = parts.pop() ?? '';
  return { frames: parts, rest };
}

export interface WholeAnswer {
  order: AnswerEvent['type'][];
  deltas: string[];
  text: string;
  sources: Source[];
  kind: AnswerKind | null;
  error: string | null;
}

/** A finished answer stream read at once (the back office's preview, tests). */
export function readWholeAnswer(body: string): WholeAnswer {
  const answer: WholeAnswer = { order: [], deltas: [], text: '', sources: [], kind: null, error: null };
  for (const frame of splitFrames(`${body}\n\n`).frames) {
    const event = parseAnswerFrame(frame);
    if (!event) continue;
    answer.order.push(event.type);
    if (event.type === 'delta') answer.deltas.push(event.text);
    else if (event.type === 'sources') answer.sources = event.sources;
    else if (event.type === 'done') answer.kind = event.kind;
    else answer.error = event.message;
  }
  answer.text = answer.deltas.join('');
  return answer;
}
