// The one rule for text that reaches the server: characters no form can type and no column should
// hold are refused with a Chinese message, never passed on (PostgreSQL refuses a NUL byte outright,
// which once turned a typo'd request into a 500). Every request string of src/shared/api is built
// from `requestText` or a `textRule`, both of which apply it; the server applies `isStorableText` to
// whatever a route-local schema lets through (src/server/http/validator.ts).
import { z } from 'zod';
import type { Check } from './first-failing.ts';

/**
 * - `line`: one line of text (most fields): no control characters at all (C0, DEL, C1).
 * - `multiline`: as `line`, but tab and line breaks are allowed (rich text, messages).
 * - `name`: as `line`, and nothing that makes a name display as something else: bidi overrides,
 *   embeddings, isolates and marks, invisible fillers, and zero-width joiners that join nothing.
 */
export type TextKind = 'line' | 'multiline' | 'name';

/** For text without a field name (a hand-made request). */
export const UNSUPPORTED_CHARACTERS_MESSAGE = '提交的内容包含不支持的字符';

export function unsupportedCharactersMessage(label: string): string {
  return `${label}包含不支持的字符`;
}

// A UTF-16 surrogate without its partner: not a character, and not encodable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// What no field may hold whatever its kind (tab, LF and CR aside).
const NEVER_STORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;
const C1_CONTROLS = /[\u0080-\u009F]/;
// Bidi formatting (ALM, LRM, RLM, LRE…RLO, LRI…PDI) and characters that draw nothing at all.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE = /[\u00AD\u115F\u1160\u180E\u200B\u2060-\u2064\u3164\uFEFF\uFFA0]/;
// ZWNJ and ZWJ shape scripts and emoji sequences (👨‍👩‍👧) when they stand between two visible characters.
const JOINER = /[\u200C\u200D]/;
const VISIBLE_NEIGHBOUR = /[^\s\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2060-\u2064\uFEFF\u3164\uFFA0]/u;

function hasLoneJoiner(text: string): boolean {
  const chars = [...text];
  return chars.some((char, i) => {
    if (!JOINER.test(char)) return false;
    const before = chars[i - 1];
    const after = chars[i + 1];
    return before === undefined || after === undefined || !VISIBLE_NEIGHBOUR.test(before) || !VISIBLE_NEIGHBOUR.test(after);
  });
}

/** Whether any field may hold `text`: no NUL or other C0 control but tab/LF/CR, no DEL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !NEVER_STORABLE.test(text) && !LONE_SURROGATE.test(text);
}

/** Whether `text` is acceptable for a field of this kind. */
export function isSafeText(text: string, kind: TextKind = 'line'): boolean {
  if (!isStorableText(text) || C1_CONTROLS.test(text)) return false;
  if (kind !== 'multiline' && LINE_BREAKS_AND_TABS.test(text)) return false;
  if (kind === 'name') return !BIDI_CONTROLS.test(text) && !INVISIBLE.test(text) && !hasLoneJoiner(text);
  return true;
}

export function safeTextCheck(message: string, kind: TextKind = 'line'): Check<string> {
  return { test: (text) => isSafeText(text, kind), message };
}

export interface RequestTextOptions {
  /** Used for every failure but unsupported characters: a wrong type, too short, too long. */
  readonly message: string;
  readonly max: number;
  readonly min?: number;
  readonly kind?: TextKind;
  /** The unsupported-characters message; default '提交的内容包含不支持的字符'. */
  readonly charactersMessage?: string;
}

/**
 * A string of a request (an id, a key, a token, a code) that has no spec §5 rule of its own. Chain
 * `.regex()`, `.optional()` as usual; the character rule is already on it.
 */
export function requestText({ message, max, min = 0, kind = 'line', charactersMessage }: RequestTextOptions): z.ZodString {
  const error = { error: message };
  return z
    .string(error)
    .min(min, error)
    .max(max, error)
    .refine((text) => isSafeText(text, kind), { error: charactersMessage ?? UNSUPPORTED_CHARACTERS_MESSAGE });
}
