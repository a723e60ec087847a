// Several API processes on one port (Node cluster): the primary prepares once — port and database
// checks, migrations, demo data — then forks `config.workers` workers (worker.ts), each with its own
// pool and its own app. Connections are spread by the primary (round-robin). A worker that dies is
// replaced; one that dies during start-up ends the start with its reason. Singleton jobs (the draw
// scheduler, settlement, the outbox relay…) run in whichever worker holds their lease
// (jobs/singletons.ts), so the primary runs none of them.
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { prepareServer, type RunningServer } from '../main.ts';
import { StartupError } from '../startup/errors.ts';
import { isWorkerMessage } from './messages.ts';

/** A worker that dies sooner than this after starting is restarted only after RESTART_DELAY_MS. */
const QUICK_DEATH_MS = 10_000;
const RESTART_DELAY_MS = 1_000;
/** Graceful stop of a worker before it is killed. */
const STOP_GRACE_MS = 15_000;

const WORKER_SCRIPT = fileURLToPath(new URL('./worker.ts', import.meta.url));

export interface ClusterServer extends RunningServer {
  /** The process ids of the running workers. */
  pids(): number[];
}

type Log = (line: string) => void;

export async function startCluster(config: Config, env: NodeJS.ProcessEnv = process.env, log: Log = (line) => process.stderr.write(`${line}\n`)): Promise<ClusterServer> {
  const poolMax = await prepareServer(config, log);
  cluster.setupPrimary({ exec: WORKER_SCRIPT, execArgv: process.execArgv });
  const workers = new Set<Worker>();
  let stopping = false;

  const fork = (): Promise<string> => {
    const worker = cluster.fork({ ...env, WORKERS: '1', DATABASE_POOL_MAX: String(poolMax) });
    const startedAt = Date.now();
    workers.add(worker);
    return new Promise((resolve, reject) => {
      let listening = false;
      worker.on('message', (message: unknown) => {
        if (!isWorkerMessage(message)) return;
        if (message.type === 'jinli:listening') {
          listening = true;
          resolve(message.url);
        } else reject(new StartupError(message.line));
      });
      worker.once('exit', (code, signal) => {
        workers.delete(worker);
        if (!listening) {
          reject(new StartupError(`API 进程启动失败（退出码 ${code ?? signal}）。`));
          return;
        }
        if (stopping) return;
        log(`API 进程 ${worker.process.pid} 意外退出（${signal ?? `退出码 ${code}`}），正在重启…`);
        const delay = Date.now() - startedAt < QUICK_DEATH_MS ? RESTART_DELAY_MS : 0;
        setTimeout(() => {
          if (!stopping) fork().catch((error: unknown) => log(`API 进程重启失败：${(error as Error).message}`));
        }, delay).unref();
      });
    });
  };

  const stopAll = async () => {
    stopping = true;
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };

  let urls: string[];
  try {
    urls = await Promise.all(Array.from({ length: config.workers }, fork));
  } catch (error) {
    await stopAll();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    url: urls[0]!,
    pids: () => [...workers].flatMap((worker) => (worker.process.pid === undefined ? [] : [worker.process.pid])),
    close: () => (closing ??= stopAll()),
  };
}
