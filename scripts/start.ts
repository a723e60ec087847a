// `npm start`: build the PWA, start the database (embedded unless DATABASE_URL is set), migrate, seed
// the demo data, and serve PWA + API. Ctrl-C stops everything, the embedded database included.
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../src/server/config.ts';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_REGISTRATION_ID } from '../src/server/db/seed.ts';
import { startServer } from '../src/server/main.ts';
import { localDatabase } from './local-database.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

if (process.env.SKIP_BUILD !== '1') {
  say('构建 PWA（vite build）…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = await localDatabase(say);
const config = loadConfig({ NODE_ENV: 'production', PORT: '3000', LOG_LEVEL: 'warn', ...process.env, DATABASE_URL: database.url });
let server;
try {
  server = await startServer(config);
} catch (error) {
  await database.stop();
  throw error;
}

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
say('');
say(`锦鲤已启动: http://${shown}:${config.port}`);
say(`数据库: ${database.embedded ? '内置 PostgreSQL（.data/pg）' : 'DATABASE_URL'}`);
say(`演示账号（密码均为 ${DEMO_PASSWORD}）:`);
for (const c of DEMO_CUSTOMERS) say(`  ${c.username.padEnd(14)} ${c.alias}${c.trial ? '（试玩账号）' : ''}`);
say(`演示注册链接编号: ${DEMO_REGISTRATION_ID}`);
say('按 Ctrl-C 停止。');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  say('\n正在停止…');
  await server.close().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
