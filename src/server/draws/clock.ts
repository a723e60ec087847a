// The scheduler's clock. Production reads the system clock; tests and the crash test drive time.
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * `scaled:<virtualStartMs>:<realStartMs>:<speed>` — virtual time that started at virtualStartMs when
 * the wall clock read realStartMs and runs `speed` times faster. Every process given the same spec
 * agrees on the time, so a restarted process continues where the killed one was.
 */
export function parseClock(spec: string | undefined): Clock {
  if (!spec || spec === 'system') return systemClock;
  const match = /^scaled:(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(spec);
  if (!match) throw new Error(`DRAW_CLOCK must be "system" or "scaled:<virtualStart>:<realStart>:<speed>", got ${spec}`);
  const virtualStart = Number(match[1]);
  const realStart = Number(match[2]);
  const speed = Number(match[3]);
  return { now: () => virtualStart + Math.floor((Date.now() - realStart) * speed) };
}
