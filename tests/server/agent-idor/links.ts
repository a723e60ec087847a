// IDOR cases of the agent centre's links part (see tests/support/agent-idor.ts): a link belongs to the
// agent who made it; any other agent, upline included, gets 404 and changes nothing.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { IdorCase, IdorFixture } from '../../support/agent-idor.ts';
import { MUTATION_HEADERS } from '../../support/http.ts';

async function linkOf(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/ajax/registration-link',
    headers: { ...MUTATION_HEADERS, cookie },
    payload: { accountType: 'PLAYER', prizeGroup: 1950, retention: 'PERMANENT', remark: '外部' },
  });
  if (response.statusCode !== 200) throw new Error(`link: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** The foreign agent's link, made once per fixture. */
const foreignLinks = new WeakMap<IdorFixture, Promise<string>>();
function foreignLink(fixture: IdorFixture): Promise<string> {
  let link = foreignLinks.get(fixture);
  if (!link) {
    link = linkOf(fixture.app, fixture.foreign.agentCookie);
    foreignLinks.set(fixture, link);
  }
  return link;
}

/** A link of demo_agent's own upline (demo_primary), made directly in the database. */
async function uplineLink(pool: pg.Pool, uplineId: number): Promise<string> {
  await pool.query(`INSERT INTO registration_links (id, agent_id, remarks) VALUES ('idor-upline', $1, '上级') ON CONFLICT (id) DO NOTHING`, [uplineId]);
  return 'idor-upline';
}

const linkState = (fixture: IdorFixture, id: Promise<string>) => async () =>
  (await fixture.pool.query('SELECT remarks, deleted_at, registration_count FROM registration_links WHERE id = $1', [await id])).rows[0];

export const cases: IdorCase[] = [
  {
    name: 'delete another tree’s link',
    request: async (fixture) => ({ method: 'PUT', url: `/ajax/registration-link/${await foreignLink(fixture)}/delete` }),
    unchanged: (fixture) => linkState(fixture, foreignLink(fixture))(),
  },
  {
    name: 'change the remark of another tree’s link',
    request: async (fixture) => ({ method: 'PUT', url: `/ajax/registration-link/${await foreignLink(fixture)}/remarks`, payload: { remark: '改' } }),
    unchanged: (fixture) => linkState(fixture, foreignLink(fixture))(),
  },
  {
    name: 'delete the upline’s link',
    request: async (fixture) => ({ method: 'PUT', url: `/ajax/registration-link/${await uplineLink(fixture.pool, fixture.uplineId)}/delete` }),
    unchanged: (fixture) => linkState(fixture, uplineLink(fixture.pool, fixture.uplineId))(),
  },
  {
    name: 'change the remark of the upline’s link',
    request: async (fixture) => ({
      method: 'PUT',
      url: `/ajax/registration-link/${await uplineLink(fixture.pool, fixture.uplineId)}/remarks`,
      payload: { remark: '改' },
    }),
    unchanged: (fixture) => linkState(fixture, uplineLink(fixture.pool, fixture.uplineId))(),
  },
];
