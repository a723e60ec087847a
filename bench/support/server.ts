// The real server in its own process (`src/server/main.ts`, as `npm start` runs it), so that the
// load generator does not share its event loop. Production settings, scheduler off.
import { spawn } from 'node:child_process';
import { freePort } from '../../tests/support/ports.ts';
import { waitForHealth } from '../../tests/support/server-process.ts';

export interface BenchServer {
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  env?: Record<string, string>;
  /** e.g. ['--cpu-prof', '--cpu-prof-dir=…'] to profile the server (BENCH_SERVER_NODE_ARGS in the placement bench). */
  nodeArgs?: string[];
  /** The entry script; src/server/main.ts unless a diagnostic variant is wanted. */
  entry?: string;
}

export async function startBenchServer(databaseUrl: string, options: BenchServerOptions = {}): Promise<BenchServer> {
  const { env = {}, nodeArgs = [], entry = 'src/server/main.ts' } = options;
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DRAW_SCHEDULER: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}:\n${output}`);
  }
  return { url, pid: child.pid!, output: () => output, stop };
}
