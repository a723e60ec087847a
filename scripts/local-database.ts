// The database `npm start` and `npm run dev` use: DATABASE_URL when set, else the embedded real
// PostgreSQL under .data/pg (EMBEDDED_PG_DIR) on its own port (EMBEDDED_PG_PORT, default 54329; never
// the 5432 of a local server).
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';

export const EMBEDDED_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const EMBEDDED_DIR = path.resolve(process.env.EMBEDDED_PG_DIR ?? '.data/pg');

export interface LocalDatabase {
  url: string;
  embedded: boolean;
  /** What must finish before the database stops, even when a signal stops it (embedded.ts). Called again on each stop: make it idempotent. */
  closeFirst(work: () => Promise<unknown>): void;
  stop(): Promise<void>;
}

export async function localDatabase(log: (line: string) => void): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, closeFirst: () => {}, stop: async () => {} };
  }
  log(`启动内置 PostgreSQL（端口 ${EMBEDDED_PORT}，数据目录 ${path.relative(process.cwd(), EMBEDDED_DIR)}）…`);
  const server = await startEmbeddedPostgres({ dataDir: EMBEDDED_DIR, port: EMBEDDED_PORT, portVariable: 'EMBEDDED_PG_PORT' });
  try {
    await server.ensureDatabase('jinli');
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: server.urlFor('jinli'), embedded: true, closeFirst: (work) => server.closeFirst(work), stop: () => server.stop() };
}
