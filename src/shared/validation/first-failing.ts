import type { z } from 'zod';

export interface Check<T> {
  readonly test: (value: T) => boolean;
  readonly message: string;
}

/**
 * A zod check reporting only the first of `checks` that fails. Its issue stops the checks after it
 * on this value, yet (unlike `abort: true`) lets an object's `when` refinements such as
 * `identical` still run, so a form shows every field's message at once.
 */
export function firstFailing<T>(checks: readonly Check<T>[]): z.core.CheckFn<T> {
  return (payload) => {
    const failed = checks.find((check) => !check.test(payload.value));
    if (failed) payload.issues.push({ code: 'custom', message: failed.message, input: payload.value });
  };
}
