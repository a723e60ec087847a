const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' in Beijing time, as the server's own messages say it. */
export function formatBeijingTime(epochMs: number): string {
  const beijing = new Date(epochMs + 8 * 3_600_000);
  return `${beijing.getUTCFullYear()}-${pad(beijing.getUTCMonth() + 1)}-${pad(beijing.getUTCDate())} ${pad(beijing.getUTCHours())}:${pad(beijing.getUTCMinutes())}`;
}

/** '1 小时 05 分钟', '25 分钟'. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} 小时 ${pad(minutes % 60)} 分钟` : `${minutes} 分钟`;
}
