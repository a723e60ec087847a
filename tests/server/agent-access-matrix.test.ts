// Issue 19's IDOR matrix: every agent endpoint, called anonymously, by a trial account, by a player,
// and by an agent about someone outside its own team, is refused with the right code and changes
// nothing. The route list is read from the app, so a new agent route is in the matrix without
// being listed here; the calls that name someone come from tests/server/agent-idor/*.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import type { IdorCase, IdorFixture } from '../support/agent-idor.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { cases as linkCases } from './agent-idor/links.ts';
import { cases as teamCases } from './agent-idor/team.ts';
import { cases as reportCases } from './agent-idor/reports.ts';
import { cases as commissionCases } from './agent-idor/commission.ts';

const IDOR_CASES: IdorCase[] = [...linkCases, ...teamCases, ...reportCases, ...commissionCases];

let server: TestServer;
let fixture: IdorFixture;
const cookies: Record<'trial' | 'player' | 'agent', string> = { trial: '', player: '', agent: '' };

async function insertCustomer(username: string, type: string, parentId: number | null, prizeGroup: number): Promise<number> {
  const result = await server.db.database.pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id, prize_group)
     VALUES ($1, $1, $2, $1, $3, $4, $5) RETURNING id`,
    [username, await hashPassword(DEMO_PASSWORD), type, parentId, prizeGroup],
  );
  return result.rows[0]!.id;
}

async function idOf(username: string): Promise<number> {
  const result = await server.db.database.pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [username]);
  return result.rows[0]!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  const primaryId = await insertCustomer('idor_primary', 'PRIMARY_AGENT', null, 1960);
  const agentId = await insertCustomer('idor_agent', 'AGENT', primaryId, 1956);
  const playerId = await insertCustomer('idor_player', 'PLAYER', agentId, 1950);
  cookies.trial = await loginCookie(server.app, 'demo_trial');
  cookies.player = await loginCookie(server.app, 'demo_player');
  cookies.agent = await loginCookie(server.app, 'demo_agent');
  fixture = {
    app: server.app,
    pool: server.db.database.pool,
    agentCookie: cookies.agent,
    agentId: await idOf('demo_agent'),
    uplineId: await idOf('demo_primary'),
    foreign: { primaryId, agentId, playerId, agentCookie: await loginCookie(server.app, 'idor_agent') },
  };
});
afterAll(async () => {
  await server?.close();
});

/** Agent routes: everything under /ajax/agent, and the registration-link and domain calls an agent makes. */
function agentRoutes() {
  return server.routes.filter((route) => route.method !== 'HEAD' && route.tier === 'agentOnly');
}

/** A concrete URL for a route pattern: any id will do, the tier is checked before anything else. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

describe('agent-only routes (spec §6)', () => {
  it('the agent API is all agent-only: every /ajax/agent route declares the tier', () => {
    const agentPaths = server.routes.filter((route) => route.url.startsWith('/ajax/agent/') && route.method !== 'HEAD');
    expect(agentPaths.filter((route) => route.tier !== 'agentOnly').map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('refuses every agent-only route: anonymous 401, trial 403 TRIAL_FORBIDDEN, player 403 AGENT_ONLY', async () => {
    const routes = agentRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const mutating = route.method !== 'GET';
      const headers = (cookie: string) => ({ ...(mutating ? MUTATION_HEADERS : {}), ...(cookie ? { cookie } : {}) });
      const anonymous = await server.app.inject({ method, url, headers: headers('') });
      expect(anonymous.statusCode, `anonymous ${route.method} ${url}`).toBe(401);
      const trial = await server.app.inject({ method, url, headers: headers(cookies.trial) });
      expect(trial.statusCode, `trial ${route.method} ${url}`).toBe(403);
      expect(trial.json().code, `trial ${route.method} ${url}`).toBe('TRIAL_FORBIDDEN');
      const player = await server.app.inject({ method, url, headers: headers(cookies.player) });
      expect(player.statusCode, `player ${route.method} ${url}`).toBe(403);
      expect(player.json().code, `player ${route.method} ${url}`).toBe('AGENT_ONLY');
    }
  });
});

describe('an agent outside its own team (decisions §10)', () => {
  it('has a case for every part of the agent API', () => {
    for (const part of [linkCases, teamCases, reportCases, commissionCases]) expect(part.length).toBeGreaterThan(0);
  });

  for (const idor of IDOR_CASES) {
    it(`${idor.name}: 404 NOT_FOUND and nothing changed`, async () => {
      const request = await idor.request(fixture);
      const before = await idor.unchanged?.(fixture);
      const response = await server.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...(request.method === 'GET' ? {} : MUTATION_HEADERS), cookie: fixture.agentCookie },
        ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      if (idor.unchanged) expect(await idor.unchanged(fixture)).toEqual(before);
    });
  }
});

describe('the team tree', () => {
  it('holds every ancestor of every customer, and only those', async () => {
    const pool = server.db.database.pool;
    const recursive = await pool.query<{ pairs: string }>(
      `WITH RECURSIVE up AS (SELECT id AS descendant_id, id AS ancestor_id, 0 AS depth FROM customers
                             UNION ALL
                             SELECT up.descendant_id, c.parent_id, up.depth + 1 FROM up JOIN customers c ON c.id = up.ancestor_id
                              WHERE c.parent_id IS NOT NULL)
       SELECT count(*) AS pairs FROM up
        WHERE NOT EXISTS (SELECT 1 FROM customer_tree t WHERE t.ancestor_id = up.ancestor_id AND t.descendant_id = up.descendant_id AND t.depth = up.depth)`,
    );
    expect(Number(recursive.rows[0]!.pairs)).toBe(0);
    const extra = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM customer_tree t
        WHERE t.depth > 0 AND NOT EXISTS (SELECT 1 FROM customer_tree p JOIN customers c ON c.id = t.descendant_id
                                          WHERE p.descendant_id = c.parent_id AND p.ancestor_id = t.ancestor_id AND p.depth = t.depth - 1)`,
    );
    expect(Number(extra.rows[0]!.n)).toBe(0);
  });

  it('refuses to move a customer to another parent', async () => {
    await expect(
      server.db.database.pool.query('UPDATE customers SET parent_id = $1 WHERE id = $2', [fixture.foreign.agentId, fixture.agentId]),
    ).rejects.toThrow(/parent never changes/);
  });
});
