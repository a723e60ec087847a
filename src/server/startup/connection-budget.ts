// Before any API process starts: do the processes' connections fit in PostgreSQL's max_connections?
// Each process holds a pool of DATABASE_POOL_MAX connections plus two of its own (the live-event
// listener and the support chat's listener). Too many, and under load a request waits for a
// connection that never comes while PostgreSQL refuses new ones ("sorry, too many clients already").
// The budget is max_connections less the superuser reserve; connections in use right now are not
// subtracted, since they come and go (other hosts, tools, tests) and a start must not depend on them.
// A pool left at its default is shrunk to fit; a pool the operator set, or one that would be too
// small to serve, stops the start with the numbers and what to change.
import pg from 'pg';
import { StartupError } from './errors.ts';

export const CONNECTIONS_OUTSIDE_POOL = 2;
/** Below this a process's requests queue for connections even at modest load: better to refuse. */
export const MIN_POOL = 5;

export interface ConnectionLimits {
  maxConnections: number;
  superuserReserved: number;
}

export interface PoolRequest {
  workers: number;
  poolMax: number;
  /** DATABASE_POOL_MAX was set by the operator (not the default). */
  poolMaxSet: boolean;
}

export interface PoolPlan {
  poolMax: number;
  /** A line for the log when the default pool was shrunk to fit. */
  notice: string | null;
}

export async function readConnectionLimits(url: string): Promise<ConnectionLimits> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number; reserved: number }>(
      `SELECT current_setting('max_connections')::int AS max, current_setting('superuser_reserved_connections')::int AS reserved`,
    );
    return { maxConnections: rows[0]!.max, superuserReserved: rows[0]!.reserved };
  } finally {
    await client.end().catch(() => {});
  }
}

export function planPool(request: PoolRequest, limits: ConnectionLimits): PoolPlan {
  const { workers, poolMax, poolMaxSet } = request;
  const budget = limits.maxConnections - limits.superuserReserved;
  const needed = workers * (poolMax + CONNECTIONS_OUTSIDE_POOL);
  if (needed <= budget) return { poolMax, notice: null };
  const fitted = Math.floor(budget / workers) - CONNECTIONS_OUTSIDE_POOL;
  const limitsText = `PostgreSQL 的 max_connections 为 ${limits.maxConnections}，其中 ${limits.superuserReserved} 个保留给超级用户`;
  if (!poolMaxSet && fitted >= MIN_POOL) {
    return {
      poolMax: fitted,
      notice: `数据库连接有限（${limitsText}）：${workers} 个 API 进程的连接池各设为 ${fitted}（DATABASE_POOL_MAX 默认 ${poolMax}）。`,
    };
  }
  throw new StartupError(
    `数据库连接不够：${workers} 个 API 进程（WORKERS）× 每个 ${poolMax + CONNECTIONS_OUTSIDE_POOL} 个连接（DATABASE_POOL_MAX ${poolMax} + ${CONNECTIONS_OUTSIDE_POOL}）= ${needed}，` +
      `超过可用的 ${budget} 个（${limitsText}）。请减小 WORKERS 或 DATABASE_POOL_MAX，提高 max_connections，或在 PostgreSQL 前加 PgBouncer（docs/scaling.md）。`,
  );
}
