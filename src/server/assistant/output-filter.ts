// An external model's answer is relayed a sentence at a time: each sentence is held until it ends and
// released only if the answer so far still keeps the rules (guard.ts). Once it does not, nothing more
// is released and the caller replaces the rest with the refusal.
import { outputBreaksRules } from './guard.ts';

const SENTENCE_END = /[。！？!?；;\n]/;

export class OutputFilter {
  private released = '';
  private pending = '';
  broken = false;

  /** Adds model text; returns what may be shown now ('' while a sentence is open or once broken). */
  push(text: string): string {
    if (this.broken) return '';
    this.pending += text;
    const end = lastIndexOf(this.pending, SENTENCE_END);
    if (end < 0) return '';
    return this.release(end + 1);
  }

  /** The model has finished: the last, unterminated sentence. */
  finish(): string {
    return this.broken ? '' : this.release(this.pending.length);
  }

  get shown(): string {
    return this.released;
  }

  private release(upTo: number): string {
    const candidate = this.pending.slice(0, upTo);
    if (outputBreaksRules(this.released + candidate)) {
      this.broken = true;
      this.pending = '';
      return '';
    }
    this.released += candidate;
    this.pending = this.pending.slice(upTo);
    return candidate;
  }
}

function lastIndexOf(text: string, pattern: RegExp): number {
  for (let i = text.length - 1; i >= 0; i--) if (pattern.test(text[i]!)) return i;
  return -1;
}
