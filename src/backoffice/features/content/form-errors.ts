// A refused write's messages: those of a field go under that field, the rest above the buttons.
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';

export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? { ...error.fields } : {};
}

/** The message for the alert, unless every message of the error already stands under a known field. */
export function formError(error: unknown, fields: readonly string[]): string | null {
  if (!error) return null;
  const known = fieldErrors(error);
  return fields.some((field) => known[field]) ? null : errorMessage(error);
}
