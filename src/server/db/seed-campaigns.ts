// Demo data for campaigns (issue 22): a first-deposit campaign (100 % up to ¥188, ×5 stake) and a
// daily bet campaign. Idempotent: runs at every `npm start` with SEED_DEMO; a campaign whose title
// exists is left as it is.
import type pg from 'pg';
import { CampaignInputSchema, type CampaignInput } from '../../shared/api/campaigns.ts';
import { yuan } from '../../shared/money.ts';
import { insertCampaign } from '../backoffice/campaigns/campaign-writes.ts';
import { withTransaction } from './pool.ts';

const YEAR_MS = 365 * 86_400_000;

function demoCampaigns(now: number): CampaignInput[] {
  const period = { startsAt: now - 86_400_000, endsAt: now + YEAR_MS };
  return [
    {
      title: '新人首充 100% 送',
      tag: 'HOT',
      ...period,
      descriptionHtml: '<p>活动期间<strong>首次充值</strong>满 ¥100，即送充值金额 100% 的礼金，最高 <strong>¥188</strong>。</p><p>礼金需完成 5 倍流水后方可提现。</p>',
      bannerColor: '#E03131',
      rules: { subtype: 'FIRST_DEPOSIT', minDeposit: yuan(100) },
      reward: { kind: 'PERCENT', rateBp: 10_000, cap: yuan(188) },
      stakeMultipleBp: 50_000,
    },
    {
      title: '每日投注送彩金',
      tag: 'NEW',
      ...period,
      descriptionHtml: '<p>每天有效投注满 ¥1000，即可领取 ¥18 彩金，每天一次。</p>',
      bannerColor: '#1971C2',
      rules: { subtype: 'DAILY_BET', minTurnover: yuan(1_000) },
      reward: { kind: 'FIXED', amount: yuan(18) },
      stakeMultipleBp: 10_000,
    },
  ];
}

export async function seedDemoCampaigns(pool: pg.Pool): Promise<void> {
  await withTransaction(pool, async (client) => {
    for (const input of demoCampaigns(Date.now())) {
      const exists = await client.query('SELECT 1 FROM campaigns WHERE title = $1', [input.title]);
      if (exists.rowCount) continue;
      const created = await insertCampaign(client, CampaignInputSchema.parse(input), null);
      await client.query(`UPDATE campaigns SET status = 'SCHEDULED' WHERE id = $1`, [created.id]);
    }
  });
}
