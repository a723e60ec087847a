import { useServerSecond } from './server-clock.ts';
import './countdown.css';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "mm:ss", or "hh:mm:ss" from an hour on; never negative. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, seconds);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
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
    <span className="jl-countdown" role="timer" aria-label={`${label} ${text}`} data-long={text.length > 5 || undefined}>
      {text}
    </span>
  );
}
