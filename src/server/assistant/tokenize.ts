// Terms for the assistant's search: Chinese text as overlapping character bigrams (a lone Han
// character stays a unigram), ASCII runs as lower-case words. No dictionary is needed, and 五星直选
// matches 五星 / 星直 / 直选 in "怎么玩五星直选".
const RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g;
const HAN = /^[\u3400-\u9fff\uf900-\ufaff]/;

export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const [run] of text.normalize('NFKC').toLowerCase().matchAll(RUN)) {
    if (!HAN.test(run)) {
      terms.push(run);
      continue;
    }
    const chars = [...run];
    if (chars.length === 1) terms.push(run);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  }
  return terms;
}
