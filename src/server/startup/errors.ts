// Start-up failures an operator fixes without touching the code — a database that cannot be reached,
// a port in use, a bad variable — end the process with one line that says what to change, no stack.
// Anything else is a bug and keeps its stack.
import { ConfigError } from '../config.ts';

export class StartupError extends Error {
  override name = 'StartupError';
}

/** The one line to print for a failure the operator can fix; null for anything else. */
export function startupFailureLine(error: unknown): string | null {
  if (error instanceof StartupError) return error.message;
  if (error instanceof ConfigError) {
    const [heading, ...issues] = error.message.split('\n').map((line) => line.trim());
    return issues.length > 0 ? `${heading} ${issues.join('; ')}` : heading!;
  }
  return null;
}

/**
 * Runs one start-up step. If it fails with a failure the operator can fix, `cleanup` runs (e.g. the
 * embedded database started earlier is stopped: it would outlive this process and hold its port) and
 * the process exits with that failure's line; any other error is rethrown after `cleanup`.
 */
export async function orExit<T>(step: () => T | Promise<T>, cleanup: () => Promise<void> = async () => {}): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await cleanup().catch(() => {});
    const line = startupFailureLine(error);
    if (line === null) throw error;
    process.stderr.write(`${line}\n`);
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
}
