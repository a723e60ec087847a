// Bodies whose schema depends on the customer (first login) are checked in the handler; the error
// has the same shape as a failed route schema: the first Chinese message, and one per field.
import type { z } from 'zod';
import { MALFORMED_REQUEST_MESSAGE, fieldErrorsFromIssues } from '../../shared/validation/index.ts';
import { errors, type AppError } from '../http/errors.ts';

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? MALFORMED_REQUEST_MESSAGE;
  throw errors.validation(/[\u4e00-\u9fff]/.test(message) ? message : MALFORMED_REQUEST_MESSAGE, fieldErrorsFromIssues(result.error.issues));
}

/** A validation error about one field. */
export function fieldError(field: string, message: string): AppError {
  return errors.validation(message, { [field]: message });
}
