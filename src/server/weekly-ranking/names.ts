/** A username as the ranking shows it: 'abcdef9' → 'ab***9', short names keep only their first letter. */
export function maskName(username: string): string {
  const chars = [...username];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}
