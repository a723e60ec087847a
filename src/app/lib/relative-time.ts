// Built on first use: constructing an Intl formatter loads locale data, a cost the first render
// should not pay for a label that only shows when a value is stale.
let formatter: Intl.RelativeTimeFormat | null = null;
const relative = () => (formatter ??= new Intl.RelativeTimeFormat('zh-CN', { numeric: 'auto' }));

/** "5分钟前", "昨天": how old a last-known value is. */
export function formatAge(timestamp: number, now: number = Date.now()): string {
  const seconds = Math.round((timestamp - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return '刚刚';
  if (abs < 3600) return relative().format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative().format(Math.round(seconds / 3600), 'hour');
  return relative().format(Math.round(seconds / 86_400), 'day');
}
