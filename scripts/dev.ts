// `npm run dev`: the database as for `npm start`, the API server restarting on change (tsx watch)
// on :3000, and the Vite dev server (which proxies /ajax and /sse to it).
import { spawn, type ChildProcess } from 'node:child_process';
import { runMigrations } from '../src/server/db/migrate.ts';
import { checkDatabaseConnection } from '../src/server/startup/database-check.ts';
import { orExit } from '../src/server/startup/errors.ts';
import { localDatabase } from './local-database.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const database = await orExit(() => localDatabase(say));
await orExit(async () => {
  await checkDatabaseConnection(database.url);
  await runMigrations(database.url);
}, () => database.stop());

const env = { ...process.env, DATABASE_URL: database.url, PORT: '3000', NODE_ENV: 'development' };
const children: ChildProcess[] = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];
const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
// The API server closes before the database goes, however the database is stopped.
database.closeFirst(() => Promise.all(children.map(exited)));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map(exited));
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of children) child.once('exit', () => void stop());
