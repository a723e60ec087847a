// A port someone else holds (a second checkout, a server left running) is reported in one line that
// names the port and the variable that moves it, before anything is built or started.
import net from 'node:net';
import { StartupError } from './errors.ts';

/** True when binding `host:port` fails because another socket holds it. Other bind errors are left to the real bind. */
export function isPortInUse(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen({ port, host, exclusive: true });
  });
}

/** The first free port after `port`, to suggest one that works (null when none of the next 20 is). */
async function nextFreePort(port: number, host: string): Promise<number | null> {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65535); candidate++) {
    if (!(await isPortInUse(candidate, host))) return candidate;
  }
  return null;
}

export interface PortUse {
  port: number;
  host: string;
  /** Who needs the port, e.g. 「锦鲤服务」. */
  user: string;
  /** The environment variable that chooses another port, if there is one. */
  variable?: string;
}

export async function portInUseError({ port, host, user, variable }: PortUse): Promise<StartupError> {
  let remedy = '请停止占用它的程序';
  if (variable) {
    const free = await nextFreePort(port, host);
    remedy += `，或用环境变量 ${variable} 换一个端口${free === null ? '' : `（例如 ${variable}=${free}）`}`;
  }
  return new StartupError(`端口 ${port} 已被占用，${user}无法启动（可能是另一个检出目录或上次未退出的服务在用它）：${remedy}。`);
}

/** Throws the one-line StartupError when the port is taken; port 0 (any free port) always passes. */
export async function assertPortFree(use: PortUse): Promise<void> {
  if (use.port !== 0 && (await isPortInUse(use.port, use.host))) throw await portInUseError(use);
}

export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}
