// Demo data, idempotent: running it again (every `npm start`) changes nothing. Demo funds arrive as
// ledger transfers with fixed idempotency keys, so they are credited exactly once.
import type pg from 'pg';
import { DEFAULT_PLAYER_PRIZE_GROUP } from '../../shared/agent/prize-groups.ts';
import { allPlayModes } from '../../shared/catalogue/play-modes.ts';
import { DRAW_TYPES } from '../../shared/catalogue/draw-types.ts';
import { THIRD_PARTY_PROVIDERS } from '../../shared/enums.ts';
import type { WalletTransactionType } from '../../shared/enums.ts';
import { yuan } from '../../shared/money.ts';
import { hashPassword } from '../session/passwords.ts';
import { seedDemoOperators } from '../backoffice/core/demo-operators.ts';
import { seedAgentLinks } from './seed-agent-links.ts';
import { seedDemoProviders } from './seed-providers.ts';
import { seedDemoMail } from './seed-mail.ts';
import { seedDemoCampaigns } from './seed-campaigns.ts';
import { seedDemoRedPackets } from './seed-red-packets.ts';
import { seedDemoJackpot } from './seed-jackpot.ts';
import { seedDemoVip } from './seed-vip.ts';
import { seedDemoAssistant } from './seed-assistant.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../wallet/ledger.ts';
import { withTransaction } from './pool.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_REGISTRATION_ID = 'demo-reg';

interface DemoCustomer {
  username: string;
  alias: string;
  type: 'PRIMARY_AGENT' | 'AGENT' | 'PLAYER';
  parent?: string;
  vipLevel?: 'NOT_VIP' | 'VIP_1' | 'VIP_2';
  trial?: boolean;
  funds: number;
  /** Default 1950 (DEFAULT_PLAYER_PRIZE_GROUP); the upline sits higher so its commission shows. */
  prizeGroup?: number;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  { username: 'demo_primary', alias: '演示总代', type: 'PRIMARY_AGENT', vipLevel: 'VIP_2', funds: 50_000, prizeGroup: 1960 },
  { username: 'demo_agent', alias: '演示代理', type: 'AGENT', parent: 'demo_primary', vipLevel: 'VIP_1', funds: 20_000, prizeGroup: 1956 },
  { username: 'demo_player', alias: '锦鲤玩家', type: 'PLAYER', parent: 'demo_agent', vipLevel: 'VIP_1', funds: 10_000 },
  { username: 'demo_member1', alias: '团队成员一', type: 'PLAYER', parent: 'demo_agent', funds: 1_000 },
  { username: 'demo_member2', alias: '团队成员二', type: 'PLAYER', parent: 'demo_agent', funds: 500 },
  { username: 'demo_trial', alias: '试玩玩家', type: 'PLAYER', trial: true, funds: 2_000 },
];

async function seedCustomers(pool: pg.Pool): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const demo of DEMO_CUSTOMERS) {
    const existing = await pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [demo.username]);
    if (existing.rows[0]) {
      ids.set(demo.username, existing.rows[0].id);
      continue;
    }
    const inserted = await pool.query<{ id: number }>(
      `INSERT INTO customers (username, username_key, password_hash, alias, type, vip_level, test_mode, parent_id,
                              registration_link_id, prize_group)
       VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (username_key) DO UPDATE SET username = EXCLUDED.username RETURNING id`,
      [
        demo.username,
        await hashPassword(DEMO_PASSWORD),
        demo.alias,
        demo.type,
        demo.vipLevel ?? 'NOT_VIP',
        demo.trial ? 'USER_TEST' : null,
        demo.parent ? ids.get(demo.parent) : null,
        demo.trial ? DEMO_REGISTRATION_ID : null,
        demo.prizeGroup ?? DEFAULT_PLAYER_PRIZE_GROUP,
      ],
    );
    ids.set(demo.username, inserted.rows[0]!.id);
  }
  return ids;
}

async function seedFunds(pool: pg.Pool, ids: Map<string, number>): Promise<void> {
  const source = await systemAccountId(pool, 'external:demo-funding', 'EXTERNAL');
  for (const demo of DEMO_CUSTOMERS) {
    const customerId = ids.get(demo.username)!;
    const account = await playerAccountId(pool, customerId);
    const type: WalletTransactionType = demo.trial ? 'TRIAL' : 'DEP';
    await withTransaction(pool, (client) =>
      postTransfer(client, {
        idempotencyKey: `seed:${demo.username}:initial-funds`,
        type,
        memo: demo.trial ? '试玩体验金' : '演示充值',
        legs: [
          { accountId: source, amount: -yuan(demo.funds) },
          { accountId: account, amount: yuan(demo.funds) },
        ],
      }),
    );
  }
}

async function seedGames(pool: pg.Pool): Promise<void> {
  await pool.query(
    `INSERT INTO own_games (draw_type, play_modes, sort_order)
     SELECT g.draw_type, string_to_array(g.modes, ','), g.sort_order
       FROM unnest($1::text[], $2::text[], $3::int[]) AS g(draw_type, modes, sort_order)
     ON CONFLICT (draw_type) DO NOTHING`,
    [
      DRAW_TYPES.map((d) => d.code),
      DRAW_TYPES.map((d) => allPlayModes(d).join(',')),
      DRAW_TYPES.map((_, i) => i),
    ],
  );
  // Providers are listed but stay disabled until their adapters exist.
  await pool.query(
    `INSERT INTO third_party_providers (code, enabled) SELECT unnest($1::text[]), false ON CONFLICT (code) DO NOTHING`,
    [[...THIRD_PARTY_PROVIDERS]],
  );
}

async function seedRegistrationLink(pool: pg.Pool, ids: Map<string, number>): Promise<void> {
  await pool.query(
    `INSERT INTO registration_links (id, agent_id, remarks) VALUES ($1, $2, '演示链接') ON CONFLICT (id) DO NOTHING`,
    [DEMO_REGISTRATION_ID, ids.get('demo_agent')],
  );
}

export async function seedDemoData(pool: pg.Pool): Promise<void> {
  const ids = await seedCustomers(pool);
  await seedFunds(pool, ids);
  await seedGames(pool);
  await seedDemoProviders(pool);
  await seedRegistrationLink(pool, ids);
  await seedAgentLinks(pool);
  await seedDemoOperators(pool, DEMO_PASSWORD);
  await seedDemoMail(pool);
  await seedDemoCampaigns(pool);
  await seedDemoRedPackets(pool);
  await seedDemoJackpot(pool);
  await seedDemoVip(pool);
  await seedDemoAssistant(pool);
}
