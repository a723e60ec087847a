// The "identical" rule of spec §5 for a value typed twice (password + confirmation).
import type { z } from 'zod';

export function identicalMessage(label: string): string {
  return `两次输入的${label}不一致`;
}

export interface IdenticalFields<Key extends string> {
  readonly field: Key;
  readonly confirmField: Key;
  /** '两次输入的{label}不一致' */
  readonly label: string;
}

/**
 * Adds '两次输入的{label}不一致' on `confirmField` when the two values differ. It is checked as soon as
 * both fields are valid on their own, even while other fields of the form still have errors.
 */
export function identical<Schema extends z.ZodObject>(
  schema: Schema,
  { field, confirmField, label }: IdenticalFields<keyof z.output<Schema> & string>,
): Schema {
  return schema.refine((value) => value[field] === value[confirmField], {
    error: identicalMessage(label),
    path: [confirmField],
    when: (payload) =>
      !payload.issues.some(({ path = [] }) => path.length === 0 || path[0] === field || path[0] === confirmField),
  });
}
