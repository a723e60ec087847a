// 新建 / 编辑活动: title, type and its rules, tag, festival, period (Beijing time), description with the
// server's sanitised preview, reward, 打码倍数, approval and budget; MANUAL / PROMOTION lists below.
import { Alert, Button, Checkbox, Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../app/lib/api/errors.ts';
import { AdminCampaignSchema, CAMPAIGN_ADMIN_PATHS, CAMPAIGN_PHASE_LABELS, type AdminCampaign } from '../../../shared/api/campaigns.ts';
import { CAMPAIGN_SUBTYPES, percentAllowed, SUBTYPE_LABELS, type CampaignSubtype } from '../../../shared/campaigns/rules.ts';
import { CAMPAIGN_TAGS, FESTIVALS } from '../../../shared/enums.ts';
import { boSend } from '../../lib/api.ts';
import { BoLink, useBackofficeNavigate } from '../../lib/navigation.tsx';
import { useOperator } from '../../lib/operator.ts';
import { HtmlField } from '../content/HtmlField.tsx';
import { draftOf, EMPTY_DRAFT, inputOf, type Draft } from './draft.ts';
import { GrantsPanel } from './GrantsPanel.tsx';
import { CAMPAIGNS_UI } from './labels.ts';
import { campaignQuery, refreshCampaigns, rel } from './queries.ts';
import { RuleFields } from './RuleFields.tsx';

const TAG_NAMES = { HOT: '热门', NEW: '新', NONE: '无' } as const;
const FESTIVAL_NAMES = { LUNAR_NEW_YEAR: '春节', DRAGON_BOAT: '端午', MID_AUTUMN: '中秋' } as const;

/** The server's field paths (rules.minDeposit, reward.amount, …) on the editor's fields. */
function errorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const key = path.startsWith('rules.tiers') ? 'tiers' : path.startsWith('rules.') ? (path.includes('days') ? 'days' : path.includes('drawTypes') ? 'drawTypes' : path.includes('minOrders') ? 'minOrders' : 'threshold') : path.split('.')[0]!;
    out[key] ??= message;
  }
  return out;
}

function Editor({ campaign }: { campaign: AdminCampaign | null }) {
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const navigate = useBackofficeNavigate();
  const [draft, setDraft] = useState<Draft>(campaign ? draftOf(campaign) : EMPTY_DRAFT);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const readOnly = !can('campaigns.manage') || campaign?.status === 'ENDED';
  const save = useMutation({
    mutationFn: () =>
      campaign
        ? boSend('PUT', rel(CAMPAIGN_ADMIN_PATHS.campaign(campaign.id)), inputOf(draft), AdminCampaignSchema)
        : boSend('POST', rel(CAMPAIGN_ADMIN_PATHS.campaigns), inputOf(draft), AdminCampaignSchema),
    onSuccess: async (saved) => {
      await refreshCampaigns(queryClient);
      notifications.show({ color: 'green', message: '已保存' });
      if (!campaign) await navigate(CAMPAIGNS_UI.edit(saved.id));
    },
  });
  const errors = errorsOf(save.error);
  const percent = percentAllowed(draft.subtype);
  return (
    <Stack data-testid="campaign-editor">
      <Group justify="space-between">
        <Title order={2}>{campaign ? `编辑活动 · ${CAMPAIGN_PHASE_LABELS[campaign.phase]}` : '新建活动'}</Title>
        <BoLink to={CAMPAIGNS_UI.list}>返回活动列表</BoLink>
      </Group>
      {save.error && Object.keys(errors).length === 0 ? <Alert color="red">{errorMessage(save.error)}</Alert> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput label="活动标题" value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} readOnly={readOnly} error={errors.title} required />
        <Select
          label="活动类型"
          data={CAMPAIGN_SUBTYPES.map((s) => ({ value: s, label: SUBTYPE_LABELS[s] }))}
          value={draft.subtype}
          onChange={(v) => v && setDraft((d) => ({ ...d, subtype: v as CampaignSubtype, rewardKind: percentAllowed(v as CampaignSubtype) ? d.rewardKind : 'FIXED' }))}
          readOnly={readOnly || (campaign !== null && campaign.claimsPaid + campaign.claimsPending > 0)}
          allowDeselect={false}
          data-testid="campaign-subtype"
        />
        <TextInput label="开始时间（北京时间）" type="datetime-local" value={draft.startsAt} onChange={(e) => set('startsAt', e.currentTarget.value)} readOnly={readOnly} error={errors.startsAt} />
        <TextInput label="结束时间（北京时间）" type="datetime-local" value={draft.endsAt} onChange={(e) => set('endsAt', e.currentTarget.value)} readOnly={readOnly} error={errors.endsAt} />
        <Select label="标签" data={CAMPAIGN_TAGS.map((t) => ({ value: t, label: TAG_NAMES[t] }))} value={draft.tag} onChange={(v) => v && set('tag', v as Draft['tag'])} readOnly={readOnly} allowDeselect={false} />
        <Select label="节日" data={[{ value: '', label: '无' }, ...FESTIVALS.map((f) => ({ value: f, label: FESTIVAL_NAMES[f] }))]} value={draft.festival} onChange={(v) => set('festival', (v ?? '') as Draft['festival'])} readOnly={readOnly} allowDeselect={false} />
        <TextInput label="横幅颜色（可选，如 #E03131）" value={draft.bannerColor} onChange={(e) => set('bannerColor', e.currentTarget.value)} readOnly={readOnly} error={errors.bannerColor} />
      </SimpleGrid>
      <Title order={3}>参与条件</Title>
      <RuleFields draft={draft} set={set} readOnly={readOnly} errors={errors} />
      {draft.subtype !== 'RANGED_DEPOSIT' ? (
        <>
          <Title order={3}>奖励</Title>
          <SegmentedControl
            w="fit-content"
            value={draft.rewardKind}
            onChange={(v) => set('rewardKind', v as Draft['rewardKind'])}
            data={[{ value: 'FIXED', label: '固定金额' }, { value: 'PERCENT', label: '按比例', disabled: !percent }]}
            readOnly={readOnly}
          />
          <Group>
            {draft.rewardKind === 'FIXED' ? (
              <TextInput label="奖励金额（元）" value={draft.amount} onChange={(e) => set('amount', e.currentTarget.value)} readOnly={readOnly} error={errors.reward} data-testid="reward-amount" />
            ) : (
              <>
                <TextInput label="比例（%）" value={draft.ratePercent} onChange={(e) => set('ratePercent', e.currentTarget.value)} readOnly={readOnly} error={errors.reward} data-testid="reward-rate" />
                <TextInput label="最高奖励（元）" value={draft.cap} onChange={(e) => set('cap', e.currentTarget.value)} readOnly={readOnly} data-testid="reward-cap" />
              </>
            )}
          </Group>
        </>
      ) : null}
      <Group align="flex-end">
        <TextInput label="打码倍数" value={draft.stakeMultiple} onChange={(e) => set('stakeMultiple', e.currentTarget.value)} readOnly={readOnly} error={errors.stakeMultipleBp} w={140} data-testid="stake-multiple" />
        <TextInput label="总预算（元，留空不限）" value={draft.budget} onChange={(e) => set('budget', e.currentTarget.value)} readOnly={readOnly} error={errors.budget} w={200} />
        <Checkbox label="领取需审核" checked={draft.needsApproval} onChange={(e) => set('needsApproval', e.currentTarget.checked)} disabled={readOnly} mb={8} />
      </Group>
      <HtmlField value={draft.descriptionHtml} onChange={(html) => set('descriptionHtml', html)} error={errors.descriptionHtml} readOnly={readOnly} />
      {!readOnly ? (
        <Button w="fit-content" onClick={() => save.mutate()} loading={save.isPending} data-testid="campaign-save">
          保存
        </Button>
      ) : null}
      {campaign && (campaign.subtype === 'MANUAL' || campaign.subtype === 'PROMOTION') ? <GrantsPanel id={String(campaign.id)} canManage={!readOnly} /> : null}
    </Stack>
  );
}

export default function CampaignEditorPage() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id && /^\d+$/.test(params.id) ? params.id : null;
  const query = useQuery({ ...campaignQuery(id ?? '0'), enabled: id !== null });
  if (id === null) return <Editor campaign={null} />;
  if (query.isPending) return <Loader aria-label="加载中" />;
  if (query.error) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  return <Editor key={query.data.id} campaign={query.data} />;
}
