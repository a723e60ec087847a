// `npm start`: build the PWA, start the database (embedded unless DATABASE_URL is set), migrate, seed
// the demo data, start the sandbox payment gateway (its own process, unless PAYMENT_GATEWAY=http) and
// the sandbox game provider (its own process), and serve PWA + API from WORKERS processes (default
// one per core; Node cluster, one port). Ctrl-C stops everything, the
// embedded database and both sandboxes included.
// A bad variable, a port in use or an unreachable DATABASE_URL ends it with one line, checked before
// the build where possible.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { DEMO_OPERATORS, DEMO_TOTP_SECRET } from '../src/server/backoffice/core/demo-operators.ts';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_REGISTRATION_ID } from '../src/server/db/seed.ts';
import { OPERATOR_ROLE_LABELS } from '../src/shared/backoffice/permissions.ts';
import { simulatedFeedNotice } from '../src/server/draws/sources.ts';
import { startServers } from '../src/server/main.ts';
import { orExit, StartupError } from '../src/server/startup/errors.ts';
import { assertPortFree } from '../src/server/startup/ports.ts';
import { EMBEDDED_DIR, EMBEDDED_PORT, localDatabase } from './local-database.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const startEnv: NodeJS.ProcessEnv = { NODE_ENV: 'production', PORT: '3000', LOG_LEVEL: 'warn', ...process.env };

// Before the build: the configuration (the embedded database's URL is not known yet) and the ports.
const planned = await orExit(() => loadConfig({ ...startEnv, DATABASE_URL: process.env.DATABASE_URL || 'postgres://embedded/jinli' }));
await orExit(() => assertPortFree({ port: planned.port, host: planned.host, user: '锦鲤服务', variable: 'PORT' }));
if (!process.env.DATABASE_URL) {
  await orExit(() => assertPortFree({ port: EMBEDDED_PORT, host: '127.0.0.1', user: '内置 PostgreSQL 数据库', variable: 'EMBEDDED_PG_PORT' }));
}
const withSandboxGateway = planned.payments.gateway === 'sandbox';
// The sandbox listens where PAYMENT_GATEWAY_URL points (default :3100) unless SANDBOX_GATEWAY_PORT says otherwise.
const gatewayPort = Number(process.env.SANDBOX_GATEWAY_PORT || new URL(planned.payments.gatewayUrl).port || 80);
if (withSandboxGateway) {
  await orExit(() => assertPortFree({ port: gatewayPort, host: '127.0.0.1', user: '沙箱支付网关', variable: 'SANDBOX_GATEWAY_PORT' }));
}
// The sandbox game provider listens where PROVIDER_SANDBOX_URL points (default :3200) unless SANDBOX_PROVIDER_PORT says otherwise.
const providerPort = Number(process.env.SANDBOX_PROVIDER_PORT || new URL(planned.providers.sandboxUrl).port || 80);
await orExit(() => assertPortFree({ port: providerPort, host: '127.0.0.1', user: '沙箱游戏服务商', variable: 'SANDBOX_PROVIDER_PORT' }));
const shownHost = planned.host === '0.0.0.0' || planned.host === '::' ? 'localhost' : planned.host;
startEnv.PUBLIC_URL ||= `http://${shownHost}:${planned.port}`;

if (process.env.SKIP_BUILD !== '1') {
  say('构建 PWA 与运营后台（vite build）…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Starts a sandbox script and resolves with the URL its start line prints. */
function startSandbox(script: string, startLine: RegExp, name: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, SANDBOX_EXIT_WITH_PARENT: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = startLine.exec(output)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new StartupError(`${name}没有启动（退出码 ${code}）。`)));
  });
}

const startSandboxGateway = () =>
  startSandbox('scripts/sandbox-gateway.ts', /沙箱支付网关已启动: (\S+)/, '沙箱支付网关', {
    SANDBOX_GATEWAY_HOST: '127.0.0.1',
    SANDBOX_GATEWAY_PORT: String(gatewayPort),
    SANDBOX_MERCHANT_ID: planned.payments.merchantId,
    SANDBOX_MERCHANT_SECRET: planned.payments.secret,
  });

const startSandboxProvider = () =>
  startSandbox('scripts/sandbox-provider.ts', /沙箱游戏服务商已启动: (\S+)/, '沙箱游戏服务商', {
    SANDBOX_PROVIDER_HOST: '127.0.0.1',
    SANDBOX_PROVIDER_PORT: String(providerPort),
    PROVIDER_MERCHANT_ID: planned.providers.merchantId,
    PROVIDER_SECRET: planned.providers.secret,
  });

const stopChild = async (child: ChildProcess | null) => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};
let gateway: ChildProcess | null = null;
let provider: ChildProcess | null = null;
const stopSandboxes = async () => {
  await stopChild(gateway);
  await stopChild(provider);
};

const database = await orExit(() => localDatabase(say));
if (withSandboxGateway) {
  const started = await orExit(() => startSandboxGateway(), () => database.stop());
  gateway = started.child;
  startEnv.PAYMENT_GATEWAY_URL = started.url;
}
const startedProvider = await orExit(() => startSandboxProvider(), async () => {
  await stopSandboxes();
  await database.stop();
});
provider = startedProvider.child;
startEnv.PROVIDER_SANDBOX_URL = startedProvider.url;
const serverEnv = { ...startEnv, DATABASE_URL: database.url };
const config = loadConfig(serverEnv);
// WORKERS API processes (default one per core) under Node cluster, or this one process (WORKERS=1).
const server = await orExit(() => startServers(config, serverEnv), async () => {
  await stopSandboxes();
  await database.stop();
});
database.closeFirst(() => server.close());

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
say('');
say(`锦鲤已启动: http://${shown}:${config.port}（${config.workers} 个 API 进程，WORKERS 可调整）`);
say(`数据库: ${database.embedded ? `内置 PostgreSQL（${path.relative(process.cwd(), EMBEDDED_DIR)}，端口 ${EMBEDDED_PORT}）` : 'DATABASE_URL'}`);
say(`演示账号（密码均为 ${DEMO_PASSWORD}）:`);
for (const c of DEMO_CUSTOMERS) say(`  ${c.username.padEnd(14)} ${c.alias}${c.trial ? '（试玩账号）' : ''}`);
say(`演示注册链接编号: ${DEMO_REGISTRATION_ID}`);
say(`运营后台: http://${shown}:${config.port}/backoffice/`);
if (config.seedDemo) {
  say(`  演示操作员（密码均为 ${DEMO_PASSWORD}）: ${DEMO_OPERATORS.map((o) => `${o.username}（${OPERATOR_ROLE_LABELS[o.role]}）`).join('、')}`);
  say(`  动态验证码: 把公开的演示密钥 ${DEMO_TOTP_SECRET} 添加到身份验证器应用，或运行 npm run operator -- code demo_admin`);
} else {
  say('  创建管理员: npm run operator -- create --username <用户名> --role SUPER_ADMIN');
}
say(simulatedFeedNotice(config));
say(
  withSandboxGateway
    ? `沙箱支付网关（沙箱，不产生真实资金往来）: ${config.payments.gatewayUrl}`
    : `支付网关: ${config.payments.http?.label ?? '第三方支付'}（PAYMENT_GATEWAY=http，${config.payments.gatewayUrl}）`,
);
say(`沙箱游戏服务商（沙箱，游戏页面均标注“沙箱”）: ${config.providers.sandboxUrl}`);
say('按 Ctrl-C 停止。');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  say('\n正在停止…');
  await server.close().catch(() => {});
  await stopSandboxes().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
