// The built-in assistant: answers from the best passage(s) of the platform's own content when the
// match is good enough, naming each page it used; otherwise it says it does not know.
import type { Source } from '../../shared/api/assistant.ts';
import { UNKNOWN_ANSWER, type FixedAnswer } from './guard.ts';
import type { SearchIndex } from './search-index.ts';

/** Question words that say nothing about the subject (怎么玩 / 是什么 / 请问 …), dropped before searching. */
const FILLER = /请问|你好|您好|怎么样|怎么办|怎么弄|怎么|怎样|如何|什么是|是什么|什么|为什么|能不能|可不可以|可以|一下|介绍|告诉我|我想|我要|知道|哪里|在哪|多久|多长时间|吗|呢|吧|啊|呀|了|的|能|要/g;

/** Below this BM25 score, or with less than this share of the query's terms found, the answer is "I don't know". */
export const MIN_SCORE = 5;
export const MIN_COVERAGE = 0.4;
/** Further passages join the answer when they score this close to the best one. */
const CLOSE_SHARE = 0.9;
const MAX_PASSAGES = 2;

export function searchQuery(question: string): string {
  return question.normalize('NFKC').replace(FILLER, ' ');
}

export function builtinAnswer(index: SearchIndex, question: string): FixedAnswer {
  const hits = index.search(searchQuery(question), 5);
  const best = hits[0];
  if (!best || best.score < MIN_SCORE || best.coverage < MIN_COVERAGE) return UNKNOWN_ANSWER;
  const used = hits.filter((hit) => hit.coverage >= MIN_COVERAGE && hit.score >= best.score * CLOSE_SHARE).slice(0, MAX_PASSAGES);
  const text = used.map((hit) => `根据「${hit.passage.title}」：\n${hit.passage.text}`).join('\n\n');
  const sources: Source[] = [];
  for (const hit of used) {
    if (!sources.some((s) => s.href === hit.passage.href && s.title === hit.passage.title)) sources.push({ title: hit.passage.title, href: hit.passage.href });
  }
  return { kind: 'answer', text, sources };
}
