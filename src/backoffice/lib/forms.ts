// A refused form: the server's per-field messages go on the fields, anything else above the form.
import type { FormErrors } from '@mantine/form';
import { ApiError, errorMessage } from '../../app/lib/api/errors.ts';

export interface FormFailure {
  fields: FormErrors;
  /** Shown above the form when no field carries it. */
  message: string | null;
}

export function formFailure(error: unknown, fieldNames: readonly string[]): FormFailure {
  if (error instanceof ApiError) {
    const fields: FormErrors = {};
    for (const [name, message] of Object.entries(error.fields)) if (fieldNames.includes(name)) fields[name] = message;
    const covered = Object.keys(fields).length > 0;
    return { fields, message: covered ? null : error.message };
  }
  return { fields: {}, message: errorMessage(error) };
}
