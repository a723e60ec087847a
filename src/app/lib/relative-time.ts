const formatter = new Intl.RelativeTimeFormat('zh-CN', { numeric: 'auto' });

/** "5分钟前", "昨天": how old a last-known value is. */
export function formatAge(timestamp: number, now: number = Date.now()): string {
  const seconds = Math.round((timestamp - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return '刚刚';
  if (abs < 3600) return formatter.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return formatter.format(Math.round(seconds / 3600), 'hour');
  return formatter.format(Math.round(seconds / 86_400), 'day');
}
