// Creating, editing and moving a campaign through its statuses (DRAFT → SCHEDULED ⇄ PAUSED → ENDED).
// The description is sanitised before storing; the display tab defaults to the subtype's.
import type pg from 'pg';
import { CAMPAIGN_MESSAGES, type CampaignInputParsed, type StatusAction } from '../../../shared/api/campaigns.ts';
import { CAMPAIGN_TAB_OF_SUBTYPE } from '../../../shared/enums.ts';
import { hasVisibleText, sanitizeContentHtml } from '../../content/sanitize.ts';
import { errors } from '../../http/errors.ts';
import type { CampaignRow } from '../../campaigns/store.ts';

const CLEANED_EMPTY = '内容不可以为空（脚本、样式等不允许的内容已被移除）';

function columns(input: CampaignInputParsed) {
  const html = sanitizeContentHtml(input.descriptionHtml);
  if (!hasVisibleText(html)) throw errors.validation(CLEANED_EMPTY, { descriptionHtml: CLEANED_EMPTY });
  const displayTab = input.displayTab ?? (input.festival ? 'FESTIVAL' : CAMPAIGN_TAB_OF_SUBTYPE[input.rules.subtype]);
  return [
    input.title, input.rules.subtype, displayTab, input.tag, input.festival, new Date(input.startsAt), new Date(input.endsAt), html,
    input.bannerColor, input.bannerImageUrl, JSON.stringify(input.rules), JSON.stringify(input.reward), input.stakeMultipleBp,
    input.needsApproval, input.budget, input.sortOrder,
  ];
}

export async function insertCampaign(client: pg.PoolClient, input: CampaignInputParsed, operatorId: number | null): Promise<CampaignRow> {
  const inserted = await client.query<CampaignRow>(
    `INSERT INTO campaigns (title, subtype, display_tab, tag, festival, starts_at, ends_at, description_html, banner_color, banner_image_url,
                            rules, reward, stake_multiple_bp, needs_approval, budget, sort_order, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13, $14, $15, $16, $17) RETURNING *`,
    [...columns(input), operatorId],
  );
  return inserted.rows[0]!;
}

export async function lockedCampaign(client: pg.PoolClient, id: number): Promise<CampaignRow> {
  const found = await client.query<CampaignRow>('SELECT * FROM campaigns WHERE id = $1 FOR UPDATE', [id]);
  if (!found.rows[0]) throw errors.notFound(CAMPAIGN_MESSAGES.notFound);
  return found.rows[0];
}

/** An ended campaign is history; the subtype never changes once claims exist (they were judged by it). */
export async function updateCampaign(client: pg.PoolClient, before: CampaignRow, input: CampaignInputParsed): Promise<CampaignRow> {
  if (before.status === 'ENDED') throw errors.conflict(CAMPAIGN_MESSAGES.notEditable);
  if (input.rules.subtype !== before.subtype) {
    const claims = await client.query('SELECT 1 FROM campaign_claims WHERE campaign_id = $1 LIMIT 1', [before.id]);
    if (claims.rowCount) throw errors.conflict('已有领取记录的活动不能更改类型');
  }
  if (input.budget !== null && input.budget < before.committed) throw errors.validation('预算不能少于已发放及待审核的奖金', { budget: '预算不能少于已发放及待审核的奖金' });
  const updated = await client.query<CampaignRow>(
    `UPDATE campaigns SET title = $2, subtype = $3, display_tab = $4, tag = $5, festival = $6, starts_at = $7, ends_at = $8,
            description_html = $9, banner_color = $10, banner_image_url = $11, rules = $12::jsonb, reward = $13::jsonb,
            stake_multiple_bp = $14, needs_approval = $15, budget = $16, sort_order = $17, updated_at = now()
      WHERE id = $1 RETURNING *`,
    [before.id, ...columns(input)],
  );
  return updated.rows[0]!;
}

const TRANSITIONS: Record<StatusAction, { from: CampaignRow['status'][]; to: CampaignRow['status']; refused: string }> = {
  PUBLISH: { from: ['DRAFT'], to: 'SCHEDULED', refused: '只有草稿可以发布' },
  PAUSE: { from: ['SCHEDULED'], to: 'PAUSED', refused: '只有已发布的活动可以暂停' },
  RESUME: { from: ['PAUSED'], to: 'SCHEDULED', refused: '只有已暂停的活动可以恢复' },
  END: { from: ['DRAFT', 'SCHEDULED', 'PAUSED'], to: 'ENDED', refused: '活动已结束' },
};

export async function changeStatus(client: pg.PoolClient, before: CampaignRow, action: StatusAction): Promise<CampaignRow> {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(before.status)) throw errors.conflict(rule.refused);
  const updated = await client.query<CampaignRow>('UPDATE campaigns SET status = $2, updated_at = now() WHERE id = $1 RETURNING *', [before.id, rule.to]);
  return updated.rows[0]!;
}
