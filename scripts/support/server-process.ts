// Our server as a child process of a measurement or a test run (scripts/budget.ts, the browser tests'
// global setup): waiting until it answers, and stopping it so that the database it uses can be
// stopped after it.
import type { ChildProcess } from 'node:child_process';

function exited(server: ChildProcess): boolean {
  return server.exitCode !== null || server.signalCode !== null;
}

/** Resolves once `GET /ajax/health` on `base` answers; fails when `server` exits first or time runs out. */
export async function waitForHealth(base: string, server: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && exited(server)) throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it answered`);
    try {
      if ((await fetch(new URL('/ajax/health', base))).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server at ${base} did not answer within ${timeoutMs / 1000} s`);
}

/** Ends the server (SIGTERM, SIGKILL after 10 s) and resolves when it has exited. */
export function stopServer(server: ChildProcess): Promise<void> {
  if (exited(server)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}
