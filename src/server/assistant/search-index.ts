// A small BM25 index over the assistant's passages, rebuilt whole when its content changes (a few
// hundred passages: building takes milliseconds).
import { tokenize } from './tokenize.ts';

export interface Passage {
  /** Where the passage comes from: the page title shown as the source. */
  title: string;
  /** In-app link to that page. */
  href: string;
  /** What the passage says, as plain text. */
  text: string;
  /** Extra words that should find the passage (a method's full name, its group) but are not shown. */
  keywords?: string;
}

export interface Hit {
  passage: Passage;
  score: number;
}

const K1 = 1.2;
const B = 0.75;
/** The title and keywords count this many times over the body. */
const TITLE_WEIGHT = 3;

interface Doc {
  passage: Passage;
  terms: Map<string, number>;
  length: number;
}

export class SearchIndex {
  private readonly docs: Doc[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(passages: readonly Passage[]) {
    this.docs = passages.map((passage) => {
      const terms = new Map<string, number>();
      const add = (text: string, weight: number) => {
        for (const term of tokenize(text)) terms.set(term, (terms.get(term) ?? 0) + weight);
      };
      add(`${passage.title} ${passage.keywords ?? ''}`, TITLE_WEIGHT);
      add(passage.text, 1);
      let length = 0;
      for (const count of terms.values()) length += count;
      return { passage, terms, length };
    });
    for (const doc of this.docs) for (const term of doc.terms.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    this.averageLength = this.docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, this.docs.length);
  }

  get size(): number {
    return this.docs.length;
  }

  /** The best passages for `query`, best first, with the share of the query's terms each matched. */
  search(query: string, limit = 3): (Hit & { coverage: number })[] {
    const queryTerms = [...new Set(tokenize(query))];
    if (queryTerms.length === 0) return [];
    const n = this.docs.length;
    const hits: (Hit & { coverage: number })[] = [];
    for (const doc of this.docs) {
      let score = 0;
      let matched = 0;
      for (const term of queryTerms) {
        const tf = doc.terms.get(term);
        if (!tf) continue;
        matched++;
        const df = this.documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / this.averageLength));
      }
      if (score > 0) hits.push({ passage: doc.passage, score, coverage: matched / queryTerms.length });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
