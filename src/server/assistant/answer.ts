// One question, one answer, whichever adapter is configured: the guard first (predictions are refused,
// limits and stopping go to the protection settings), then the adapter. The text goes to `emit` piece
// by piece; the result names the answer's kind and its sources.
import type { AnswerKind, Source } from '../../shared/api/assistant.ts';
import { builtinAnswer, MIN_COVERAGE, MIN_SCORE, searchQuery } from './builtin.ts';
import { classifyQuestion, fixedAnswer, REFUSAL, type FixedAnswer } from './guard.ts';
import type { Knowledge } from './knowledge.ts';
import { streamCompletion } from './openai.ts';
import { OutputFilter } from './output-filter.ts';
import type { StoredAssistantSettings } from './settings.ts';

export interface AnswerResult {
  kind: AnswerKind;
  sources: Source[];
}

const PIECE = 24;

/** A ready text in pieces, so the app renders it the way it renders a model's stream. */
function emitInPieces(text: string, emit: (text: string) => void): void {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += PIECE) emit(chars.slice(i, i + PIECE).join(''));
}

function emitFixed(answer: FixedAnswer, emit: (text: string) => void): AnswerResult {
  emitInPieces(answer.text, emit);
  return { kind: answer.kind, sources: answer.sources };
}

export async function answerQuestion(
  settings: StoredAssistantSettings,
  knowledge: Knowledge,
  question: string,
  emit: (text: string) => void,
  signal: AbortSignal,
): Promise<AnswerResult> {
  const verdict = classifyQuestion(question);
  if (verdict) return emitFixed(fixedAnswer(verdict), emit);
  const index = await knowledge.index();
  if (settings.adapter === 'BUILTIN') return emitFixed(builtinAnswer(index, question), emit);

  const passages = index
    .search(searchQuery(question), 3)
    .filter((hit) => hit.score >= MIN_SCORE && hit.coverage >= MIN_COVERAGE)
    .map((hit) => hit.passage);
  const upstream = new AbortController();
  const onAbort = () => upstream.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const filter = new OutputFilter();
  try {
    for await (const delta of streamCompletion(settings, question, passages, upstream.signal)) {
      const shown = filter.push(delta);
      if (shown) emit(shown);
      if (filter.broken) break;
    }
    const rest = filter.finish();
    if (rest) emit(rest);
  } finally {
    signal.removeEventListener('abort', onAbort);
    upstream.abort();
  }
  if (filter.broken) {
    if (filter.shown) emit('\n\n');
    return emitFixed(REFUSAL, emit);
  }
  const sources: Source[] = [];
  for (const passage of passages) if (!sources.some((s) => s.href === passage.href)) sources.push({ title: passage.title, href: passage.href });
  return { kind: 'answer', sources };
}
