/**
 * When the next reality check is due: the first whole multiple of the interval since the session
 * started that lies after both now and the last acknowledgement.
 */
export function nextRealityCheckAt(startedAt: number, intervalMinutes: number, after: number): number {
  const interval = intervalMinutes * 60_000;
  const elapsed = Math.max(0, after - startedAt);
  return startedAt + (Math.floor(elapsed / interval) + 1) * interval;
}
