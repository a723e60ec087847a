// A real HAProxy (/usr/sbin/haproxy, foreground) in front of the given API processes, run from the
// documented deploy/haproxy/jinli.cfg with loopback addresses (src/server/cluster/haproxy-config.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderHaproxyConfig } from '../../src/server/cluster/haproxy-config.ts';
import { freePort } from '../../tests/support/ports.ts';

export interface BenchHaproxy {
  url: string;
  port: number;
  /** Names (api1, api2…) of the servers its health checks see UP. */
  upServers(): Promise<string[]>;
  output(): string;
  stop(): Promise<void>;
}

export async function startHaproxy(serverUrls: readonly string[], maxconn = 9_000): Promise<BenchHaproxy> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'jinli-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const config = renderHaproxyConfig({ bind: `127.0.0.1:${port}`, stats: `127.0.0.1:${statsPort}`, servers: serverUrls.map((u) => new URL(u).host), logToStderr: true });
  // Each connection takes two descriptors: within this host's open-file limit (20,000).
  writeFileSync(file, config.replace(/maxconn 60000/, `maxconn ${maxconn}`));
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const upServers = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((row) => row.split(','))
      .filter((c) => c[at('pxname')] === 'jinli_api' && c[at('svname')]!.startsWith('api') && c[at('status')] === 'UP')
      .map((c) => c[at('svname')]!);
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await upServers().catch(() => []);
    if (up.length === serverUrls.length) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy did not see every server up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, port, upServers, output: () => output, stop };
}
