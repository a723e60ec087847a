// `npm run dev`: the database as for `npm start`, the API server restarting on change (tsx watch)
// on :3000, and the Vite dev server (which proxies /ajax and /sse to it).
import { spawn, type ChildProcess } from 'node:child_process';
import { runMigrations } from '../src/server/db/migrate.ts';
import { localDatabase } from './local-database.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const database = await localDatabase(say);
await runMigrations(database.url);

const env = { ...process.env, DATABASE_URL: database.url, PORT: '3000', NODE_ENV: 'development' };
const children: ChildProcess[] = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of children) child.once('exit', () => void stop());
