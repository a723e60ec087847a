import { useServerSecond } from './server-clock.ts';
import './countdown.css';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

const DAY_S = 86_400;

/** "mm:ss", "hh:mm:ss" from an hour on, "N天 hh:mm:ss" from a day on (weekly draws); never negative. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, seconds);
  const days = Math.floor(s / DAY_S);
  const hours = Math.floor((s % DAY_S) / 3600);
  const clock = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  if (days > 0) return `${days}天 ${pad(hours)}:${clock}`;
  return hours > 0 ? `${pad(hours)}:${clock}` : clock;
}

export interface CountdownProps {
  /** Server-clock epoch milliseconds the countdown runs to. */
  to: number;
  /** Spoken with the value, e.g. 距封盘. */
  label: string;
}

/**
 * Time left until `to` on the server's clock. Tabular digits and a fixed width keep the layout still
 * while it counts; as a timer it is not announced every second.
 */
export function Countdown({ to, label }: CountdownProps) {
  const now = useServerSecond();
  const remaining = Math.ceil(to / 1000) - now;
  const text = formatRemaining(remaining);
  return (
    <span className="jl-countdown" role="timer" aria-label={`${label} ${text}`} data-long={text.length > 5 || undefined} data-days={remaining >= DAY_S || undefined}>
      {text}
    </span>
  );
}
