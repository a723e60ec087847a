/** A short, readable test title for a value, even a 50000-character one. */
export function show(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const chars = [...value];
  return chars.length > 24 ? `'${chars.slice(0, 12).join('')}…' (${chars.length} chars)` : `'${value}'`;
}
