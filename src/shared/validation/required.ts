// The generic "required" rule of spec §5: '{label}不可以为空', and '请选择至少一个{label}' for lists.
import { z } from 'zod';
import { firstFailing } from './first-failing.ts';
import { isSafeText, unsupportedCharactersMessage } from './safe-text.ts';

export function requiredMessage(label: string): string {
  return `${label}不可以为空`;
}

export function requiredListMessage(label: string): string {
  return `请选择至少一个${label}`;
}

/** Missing, null, or a string of only whitespace: what a form or a request body holds for "nothing". */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function requiredText(label: string): z.ZodType<string> {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .refine((text) => isSafeText(text), { error: unsupportedCharactersMessage(label) });
}

/**
 * Any value that must be given (a select, a date, a picked option): blank is refused with
 * '{label}不可以为空', anything else goes on to `schema` (default: a trimmed string).
 */
export function required(label: string): z.ZodType<string>;
export function required<T>(label: string, schema: z.ZodType<T>): z.ZodType<T>;
export function required(label: string, schema: z.ZodType = requiredText(label)): z.ZodType {
  return z
    .unknown()
    .check(firstFailing([{ test: (value) => !isBlank(value), message: requiredMessage(label) }]))
    .pipe(schema);
}

/** A list with at least one entry: '请选择至少一个{label}'. */
export function requiredList<T>(label: string, item: z.ZodType<T>): z.ZodType<T[]> {
  const message = requiredListMessage(label);
  return z.array(item, { error: message }).min(1, { error: message });
}
