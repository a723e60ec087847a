/** Only a web page may be opened or replace ours (never a `javascript:` or other scheme). */
export function safeGameUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
