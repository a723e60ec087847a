// An audit row's before → after, field by field when both are records (what changed is marked),
// else as one pair.
export interface DiffRow {
  /** '' when the values are not records. */
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) || !isRecord(after)) {
    return [{ field: '', before: before ?? null, after: after ?? null, changed: !same(before ?? null, after ?? null) }];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ field, before: before[field], after: after[field], changed: !same(before[field], after[field]) }));
}

/** A value in one table cell: strings as they are, the rest as JSON; '—' for nothing. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
