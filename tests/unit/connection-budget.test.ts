// The processes' connections against PostgreSQL's max_connections (startup/connection-budget.ts).
import { describe, expect, it } from 'vitest';
import { CONNECTIONS_OUTSIDE_POOL, MIN_POOL, planPool } from '../../src/server/startup/connection-budget.ts';
import { StartupError } from '../../src/server/startup/errors.ts';

const LOCAL = { maxConnections: 100, superuserReserved: 3 };

describe('planPool', () => {
  it('keeps the pool when every process fits', () => {
    expect(planPool({ workers: 4, poolMax: 20, poolMaxSet: false }, LOCAL)).toEqual({ poolMax: 20, notice: null });
    expect(planPool({ workers: 1, poolMax: 95, poolMaxSet: true }, LOCAL)).toEqual({ poolMax: 95, notice: null });
  });

  it('shrinks a default pool to fit, and says so', () => {
    const plan = planPool({ workers: 8, poolMax: 20, poolMaxSet: false }, LOCAL);
    expect(plan.poolMax).toBe(10);
    expect(plan.notice).toBe(
      '数据库连接有限（PostgreSQL 的 max_connections 为 100，其中 3 个保留给超级用户）：8 个 API 进程的连接池各设为 10（DATABASE_POOL_MAX 默认 20）。',
    );
  });

  it('refuses a pool the operator set, with the numbers and what to change', () => {
    const refuse = () => planPool({ workers: 8, poolMax: 20, poolMaxSet: true }, LOCAL);
    expect(refuse).toThrow(StartupError);
    expect(refuse).toThrow(
      '数据库连接不够：8 个 API 进程（WORKERS）× 每个 22 个连接（DATABASE_POOL_MAX 20 + 2）= 176，超过可用的 97 个（PostgreSQL 的 max_connections 为 100，其中 3 个保留给超级用户）。' +
        '请减小 WORKERS 或 DATABASE_POOL_MAX，提高 max_connections，或在 PostgreSQL 前加 PgBouncer（docs/scaling.md）。',
    );
  });

  it('refuses rather than shrink a default pool below the smallest that serves', () => {
    expect(() => planPool({ workers: 20, poolMax: 20, poolMaxSet: false }, LOCAL)).toThrow(/^数据库连接不够：20 个 API 进程/);
  });

  it('over every shape: the plan fits, and a shrunk pool is the largest that does', () => {
    for (const maxConnections of [20, 100, 200])
      for (const superuserReserved of [0, 3])
        for (let workers = 1; workers <= 64; workers++)
          for (let poolMax = 1; poolMax <= 60; poolMax++)
            for (const poolMaxSet of [false, true]) {
              const limits = { maxConnections, superuserReserved };
              const budget = maxConnections - superuserReserved;
              const uses = (pool: number) => workers * (pool + CONNECTIONS_OUTSIDE_POOL);
              let plan;
              try {
                plan = planPool({ workers, poolMax, poolMaxSet }, limits);
              } catch (error) {
                expect(error).toBeInstanceOf(StartupError);
                expect(uses(poolMax)).toBeGreaterThan(budget);
                if (!poolMaxSet) expect(uses(MIN_POOL)).toBeGreaterThan(budget);
                continue;
              }
              expect(uses(plan.poolMax)).toBeLessThanOrEqual(budget);
              if (plan.poolMax === poolMax) expect(plan.notice).toBeNull();
              else {
                expect(poolMaxSet).toBe(false);
                expect(plan.poolMax).toBeGreaterThanOrEqual(MIN_POOL);
                expect(plan.poolMax).toBeLessThan(poolMax);
                expect(uses(plan.poolMax + 1)).toBeGreaterThan(budget);
              }
            }
  });
});
