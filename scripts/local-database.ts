// The database `npm start` and `npm run dev` use: DATABASE_URL when set, else the embedded real
// PostgreSQL under .data/pg on its own port (never the 5432 of a local server).
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';

export const EMBEDDED_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const EMBEDDED_DIR = path.resolve('.data/pg');

export interface LocalDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function localDatabase(log: (line: string) => void): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  log(`启动内置 PostgreSQL（端口 ${EMBEDDED_PORT}，数据目录 ${path.relative(process.cwd(), EMBEDDED_DIR)}）…`);
  const server = await startEmbeddedPostgres({ dataDir: EMBEDDED_DIR, port: EMBEDDED_PORT });
  await server.ensureDatabase('jinli');
  return { url: server.urlFor('jinli'), embedded: true, stop: () => server.stop() };
}
