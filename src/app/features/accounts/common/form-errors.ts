import type { FormErrors } from '@mantine/form';
import { ApiError } from '../../../lib/api/errors.ts';
import { toastError } from '../../../lib/notify.ts';

/** Spec §5: validation errors appear as toasts; the fields are marked as well. */
export function toastFirstFormError(errors: FormErrors): void {
  const first = Object.values(errors).find((message) => typeof message === 'string' && message !== '');
  if (typeof first === 'string') toastError(first);
}

/** The server's per-field messages (`fields`) marked on the form. */
export function serverFieldErrors(error: unknown): FormErrors {
  return error instanceof ApiError ? { ...error.fields } : {};
}
