/** A winner's name as others see it: 'player01' → 'pl***1'. */
export function maskPlayerName(username: string): string {
  const chars = [...username];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}
