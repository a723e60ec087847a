// Issue 19 item 4 and the read side of item 5: the member list (direct / all levels, search, drill-down),
// the member detail, prize-group changes (bounds, and concurrent changes from many connections), team
// orders and team wallet records, each scoped to the caller's own team.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TEAM_PATHS } from '../../src/shared/api/agent-team.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { addCustomer, call, idOf, type Member } from './agent-team-support.ts';

let server: TestServer;
let agentCookie: string;
let agentId: number;
/** demo_agent (1956) → subAgent (1954) → subPlayer (1940); plus a foreign tree. */
let subAgent: Member;
let subPlayer: Member;
let foreignPlayer: Member;

beforeAll(async () => {
  server = await startTestServer();
  agentCookie = await loginCookie(server.app, 'demo_agent');
  agentId = await idOf(server, 'demo_agent');
  subAgent = await addCustomer(server, { parentId: agentId, type: 'AGENT', prizeGroup: 1954, prefix: 'subag' });
  subPlayer = await addCustomer(server, { parentId: subAgent.id, prizeGroup: 1940, prefix: 'subpl', funds: 100 });
  const foreignPrimary = await addCustomer(server, { parentId: await idOf(server, 'demo_primary'), type: 'AGENT', prizeGroup: 1950, prefix: 'frag' });
  foreignPlayer = await addCustomer(server, { parentId: foreignPrimary.id, prizeGroup: 1940, prefix: 'frpl', funds: 100 });
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, cookie = agentCookie) => call(server, 'GET', url, cookie);

describe('the member list', () => {
  it('lists direct members by default, every level on request, each with its figures', async () => {
    const direct = await get(AGENT_TEAM_PATHS.members);
    expect(direct.statusCode, direct.body).toBe(200);
    const names = direct.json().items.map((m: { username: string }) => m.username);
    expect(names).toEqual(expect.arrayContaining(['demo_player', 'demo_member1', 'demo_member2', subAgent.username]));
    expect(names).not.toContain(subPlayer.username);
    const sub = direct.json().items.find((m: { username: string }) => m.username === subAgent.username);
    expect(sub).toMatchObject({ type: 'AGENT', prizeGroup: 1954, level: 1, memberCount: 1 });

    const all = await get(`${AGENT_TEAM_PATHS.members}?scope=all&pageSize=100`);
    const deep = all.json().items.find((m: { username: string }) => m.username === subPlayer.username);
    expect(deep).toMatchObject({ level: 2, balance: 1_000_000, memberCount: 0 });
    expect(all.json().items.map((m: { username: string }) => m.username)).not.toContain(foreignPlayer.username);
  });

  it('searches by username prefix, case-insensitive, wildcards taken literally', async () => {
    const found = await get(`${AGENT_TEAM_PATHS.members}?scope=all&username=DEMO_MEM`);
    expect(found.json().items.map((m: { username: string }) => m.username).sort()).toEqual(['demo_member1', 'demo_member2']);
    expect(found.json().total).toBe(2);
    // `_` is a letter of usernames here, not LIKE's any-character.
    expect((await get(`${AGENT_TEAM_PATHS.members}?scope=all&username=demo_`)).json().total).toBe(3);
    expect((await get(`${AGENT_TEAM_PATHS.members}?scope=all&username=demo1`)).json().total).toBe(0);
    const bad = await get(`${AGENT_TEAM_PATHS.members}?username=${encodeURIComponent('a%b')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/用户名/);
  });

  it('drills down into a sub-agent with a breadcrumb, and never into another team', async () => {
    const down = await get(`${AGENT_TEAM_PATHS.members}?parentId=${subAgent.id}`);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().items.map((m: { username: string }) => m.username)).toEqual([subPlayer.username]);
    expect(down.json().trail).toEqual([{ id: subAgent.id, username: subAgent.username }]);
    const foreign = await get(`${AGENT_TEAM_PATHS.members}?parentId=${foreignPlayer.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
  });

  it('pages', async () => {
    const first = await get(`${AGENT_TEAM_PATHS.members}?scope=all&pageSize=2`);
    const second = await get(`${AGENT_TEAM_PATHS.members}?scope=all&pageSize=2&page=2`);
    expect(first.json().items).toHaveLength(2);
    expect(first.json().total).toBeGreaterThanOrEqual(5);
    expect(second.json().items.map((m: { id: number }) => m.id)).not.toContain(first.json().items[0].id);
  });
});

describe('the member detail', () => {
  it('shows a direct member with the prize-group range it may be given', async () => {
    const detail = await get(AGENT_TEAM_PATHS.member(subAgent.id));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      username: subAgent.username,
      parentUsername: 'demo_agent',
      prizeGroupEditable: true,
      prizeGroupMin: 1940,
      prizeGroupMax: 1956,
      transferable: true,
      trail: [{ id: subAgent.id, username: subAgent.username }],
    });
  });

  it('shows a deeper member read-only, and refuses a stranger or the upline', async () => {
    const deep = await get(AGENT_TEAM_PATHS.member(subPlayer.id));
    expect(deep.json()).toMatchObject({ prizeGroupEditable: false, transferable: false, level: 2 });
    expect(deep.json().trail.map((s: { id: number }) => s.id)).toEqual([subAgent.id, subPlayer.id]);
    for (const id of [foreignPlayer.id, await idOf(server, 'demo_primary'), agentId]) {
      const refused = await get(AGENT_TEAM_PATHS.member(id));
      expect(refused.statusCode).toBe(404);
    }
  });
});

describe('changing a member’s prize group', () => {
  const put = (id: number, prizeGroup: unknown, cookie = agentCookie) => call(server, 'PUT', AGENT_TEAM_PATHS.memberPrizeGroup(id), cookie, { prizeGroup });
  const groupOf = async (id: number) =>
    (await server.db.database.pool.query<{ prize_group: number }>('SELECT prize_group FROM customers WHERE id = $1', [id])).rows[0]!.prize_group;

  it('changes a direct member within its bounds', async () => {
    const member = await addCustomer(server, { parentId: agentId, prizeGroup: 1950 });
    const lowered = await put(member.id, 1900);
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().prizeGroup).toBe(1900);
    expect(await groupOf(member.id)).toBe(1900);
    expect((await put(member.id, 1956)).statusCode).toBe(200);
  });

  it('never above the agent’s own group, never below what the member gave its own team', async () => {
    const above = await put(subAgent.id, 1958);
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toContain('不能高于您自己的奖金组 1956');
    const below = await put(subAgent.id, 1938);
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toContain('不能低于该会员已分配给下级的最高奖金组 1940');
    for (const odd of [1951, 1600, 'x', null, 1e20]) expect((await put(subAgent.id, odd)).statusCode).toBe(400);
    expect(await groupOf(subAgent.id)).toBe(1954);
  });

  it('only for direct members; another team’s member is not found', async () => {
    const deep = await put(subPlayer.id, 1930);
    expect(deep.statusCode).toBe(409);
    expect(deep.json().message).toBe('只能修改直属会员的奖金组');
    const foreign = await put(foreignPlayer.id, 1930);
    expect(foreign.statusCode).toBe(404);
    expect(await groupOf(subPlayer.id)).toBe(1940);
    expect(await groupOf(foreignPlayer.id)).toBe(1940);
  });

  it('concurrent changes from many connections never leave a member above its parent', async () => {
    // The agent lowers its sub-agent while the sub-agent raises its own member, many times at once;
    // a few rounds, since a race shows itself only in some interleavings.
    const lowering = [1954, 1950, 1946, 1940, 1930, 1920, 1916, 1912, 1910, 1906];
    const raising = [1902, 1906, 1910, 1914, 1920, 1930, 1940, 1946, 1950, 1954];
    for (let round = 0; round < 4; round++) {
      const mid = await addCustomer(server, { parentId: agentId, type: 'AGENT', prizeGroup: 1956, prefix: 'race' });
      const leaf = await addCustomer(server, { parentId: mid.id, prizeGroup: 1900, prefix: 'leaf' });
      const midCookie = await mid.cookie();
      const answers = await Promise.all(lowering.flatMap((group, i) => [put(mid.id, group), put(leaf.id, raising[i], midCookie)]));
      for (const answer of answers) expect([200, 400], answer.body).toContain(answer.statusCode);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      const [midGroup, leafGroup] = [await groupOf(mid.id), await groupOf(leaf.id)];
      expect(leafGroup).toBeLessThanOrEqual(midGroup);
      expect(midGroup).toBeLessThanOrEqual(1956);
    }
  });
});

describe('team orders', () => {
  async function placeOrder(member: Member): Promise<string> {
    // An instant draw's server seed hash must have been shown before the first bet.
    expect((await call(server, 'GET', '/ajax/instant-seed', await member.cookie())).statusCode).toBe(200);
    const response = await call(server, 'POST', '/ajax/orders', await member.cookie(), {
      clientKey: randomUUID(),
      drawType: 'MKSSC',
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order.orderId as string;
  }

  it('lists members’ orders with the player filters and a member filter, and opens a member’s order', async () => {
    const orderId = await placeOrder(subPlayer);
    const list = await get(AGENT_TEAM_PATHS.orders);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().items.find((o: { orderId: string }) => o.orderId === orderId);
    expect(row).toMatchObject({ username: subPlayer.username, drawType: 'MKSSC' });
    const byMember = await get(`${AGENT_TEAM_PATHS.orders}?username=${subPlayer.username.toUpperCase()}`);
    expect(byMember.json().items.map((o: { username: string }) => o.username)).toEqual([subPlayer.username]);
    expect((await get(`${AGENT_TEAM_PATHS.orders}?username=demo_member2&drawType=MKSSC`)).json().items).toEqual([]);
    const detail = await get(AGENT_TEAM_PATHS.order(orderId));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ orderId, username: subPlayer.username });
    expect(detail.json().bets.length).toBe(1);
  });

  it('never shows another team’s order, nor the agent’s own', async () => {
    const foreignOrder = await placeOrder(foreignPlayer);
    expect((await get(AGENT_TEAM_PATHS.order(foreignOrder))).statusCode).toBe(404);
    const list = await get(`${AGENT_TEAM_PATHS.orders}?pageSize=100`);
    expect(list.json().items.map((o: { orderId: string }) => o.orderId)).not.toContain(foreignOrder);
    expect((await get(`${AGENT_TEAM_PATHS.orders}?username=${foreignPlayer.username}`)).json().total).toBe(0);
    const subAgentView = await get(AGENT_TEAM_PATHS.orders, await subAgent.cookie());
    expect(subAgentView.json().items.every((o: { username: string }) => o.username === subPlayer.username)).toBe(true);
  });
});

describe('team wallet records', () => {
  it('lists members’ withdrawals, deposits and transfers, scoped to the team', async () => {
    for (const kind of ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER']) {
      const list = await get(`${AGENT_TEAM_PATHS.walletRecords}?kind=${kind}&from=2026-01-01&to=2026-12-31`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items.every((r: { kind: string }) => r.kind === kind)).toBe(true);
    }
    expect((await get(`${AGENT_TEAM_PATHS.walletRecords}?kind=LOAN`)).statusCode).toBe(400);
    expect((await get(`${AGENT_TEAM_PATHS.walletRecords}?from=2026-02-30`)).statusCode).toBe(400);
  });
});
