// Runs the real server as a child process: for crash and multi-process tests, and (waitForHealth,
// stopServer) for the browser tests' global setup, the budget script and the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      STATIC_DIR: 'tests/support/no-static',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hasExited(server: ChildProcess): boolean {
  return server.exitCode !== null || server.signalCode !== null;
}

/** Resolves once `GET /ajax/health` on `base` answers; fails when `server` exits first or time runs out. */
export async function waitForHealth(base: string, server: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && hasExited(server)) throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it answered`);
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
  if (hasExited(server)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}
