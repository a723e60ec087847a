// Turning a failed parse into what the user sees: one message for a toast, or one per field for a
// form and for the server's `{ code: 'VALIDATION', message, fields }`.
import type { z } from 'zod';

/** The first message, or null when the value is valid. */
export function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** `{ 'phoneVerification.phone': message }`: the first message of each field, by dotted path. */
export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
}

/**
 * The same from issues already at hand (a ZodError caught by the server). Issues about the whole
 * value (empty path) name no field; they reach the user through `firstError`.
 */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.path.length === 0) continue;
    const key = issue.path.map(String).join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}
