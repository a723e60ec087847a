// One text field rule of spec §5 in its two forms: `required` (blank refused) and `optional`
// (blank accepted and read as undefined). Non-blank values meet the same checks in both forms.
import { z } from 'zod';
import { firstFailing, type Check } from './first-failing.ts';
import { isBlank, requiredMessage } from './required.ts';
import { safeTextCheck, unsupportedCharactersMessage, type TextKind } from './safe-text.ts';

export interface FieldRule<T> {
  /** The field's Chinese name, used in '{label}不可以为空'. */
  readonly label: string;
  /** Blank (missing, null, '' or only spaces) is refused with '{label}不可以为空' unless the rule says otherwise. */
  readonly required: z.ZodType<T>;
  /** Blank is accepted and parsed as undefined; anything else must pass `required`. */
  readonly optional: z.ZodOptional<z.ZodType<T | undefined>>;
}

export type TextCheck = Check<string>;

export interface TextRuleSpec {
  readonly label: string;
  /** Applied in order to the non-blank value; the first that fails gives the message. */
  readonly checks: readonly [TextCheck, ...TextCheck[]];
  /** For rules whose spec message already covers blank (alias). */
  readonly blankMessage?: string;
  /** Passwords: surrounding spaces are part of what was typed, so the value is not trimmed. */
  readonly keepWhitespace?: boolean;
  /**
   * Which characters the field may hold besides its own checks (safe-text.ts); default `line`.
   * Names a person reads as someone's identity (alias, real name, remarks) are `name`.
   */
  readonly kind?: TextKind;
}

export function matches(pattern: RegExp, message: string): TextCheck {
  return { test: (text) => pattern.test(text), message };
}

/** Length in characters as a person counts them (code points), so an emoji or rare 汉字 counts once. */
export function charLength(text: string): number {
  return [...text].length;
}

/** `requiredSchema` that also accepts what `isEmpty` calls blank, parsed as undefined. */
export function optionalForm<T>(
  requiredSchema: z.ZodType<T>,
  isEmpty: (value: unknown) => boolean = isBlank,
): z.ZodOptional<z.ZodType<T | undefined>> {
  return z.preprocess((value) => (isEmpty(value) ? undefined : value), requiredSchema.optional()).optional();
}

export function textRule(spec: TextRuleSpec): FieldRule<string> {
  const blankMessage = spec.blankMessage ?? requiredMessage(spec.label);
  const formatMessage = spec.checks[0].message;
  let schema = z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? blankMessage : formatMessage) })
    .check(firstFailing([{ test: (text) => text.trim() !== '', message: blankMessage }]));
  if (!spec.keepWhitespace) schema = schema.trim();
  // After the field's own checks, so that a spec §5 message comes first wherever it already refuses the value.
  schema = schema.check(firstFailing([...spec.checks, safeTextCheck(unsupportedCharactersMessage(spec.label), spec.kind)]));
  return { label: spec.label, required: schema, optional: optionalForm(schema) };
}
