// The rule editor: the fields the chosen subtype needs (thresholds in 元, days, draw types, tiers).
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { CampaignSubtype } from '../../../shared/campaigns/rules.ts';
import type { Draft, Tier } from './draft.ts';

const THRESHOLD_LABEL: Partial<Record<CampaignSubtype, string>> = {
  FIRST_DEPOSIT: '首充最低金额（元）',
  DEPOSIT_AGAIN: '第二次充值最低金额（元）',
  EVERY_DEPOSIT: '单笔充值最低金额（元）',
  DAILY_DEPOSIT: '当日累计充值（元）',
  WEEKLY_DEPOSIT: '本周累计充值（元）',
  DAILY_BET: '当日有效投注（元）',
  WEEKLY_BET: '本周有效投注（元）',
  MONTHLY_BET: '本月有效投注（元）',
  LIMITED_BET: '指定彩种有效投注（元）',
  FIRST_LOSS_COMPENSATION: '最低净亏损（元）',
  MISSION: '累计充值（元，0 为不要求）',
};

interface Props {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}

export function RuleFields({ draft, set, readOnly, errors }: Props) {
  const label = THRESHOLD_LABEL[draft.subtype];
  const setTier = (index: number, patch: Partial<Tier>) => set('tiers', draft.tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));
  return (
    <Stack gap="xs" data-testid="rule-fields">
      {label ? <TextInput label={label} value={draft.threshold} onChange={(e) => set('threshold', e.currentTarget.value)} readOnly={readOnly} error={errors.threshold} data-testid="rule-threshold" /> : null}
      {draft.subtype === 'LIMITED_BET' ? (
        <TextInput label="彩种代码（逗号分隔）" value={draft.drawTypes} onChange={(e) => set('drawTypes', e.currentTarget.value)} readOnly={readOnly} error={errors.drawTypes} />
      ) : null}
      {draft.subtype === 'LOGIN' || draft.subtype === 'FIRST_LOSS_COMPENSATION' ? (
        <TextInput label={draft.subtype === 'LOGIN' ? '累计登录天数' : '首充后天数'} value={draft.days} onChange={(e) => set('days', e.currentTarget.value)} readOnly={readOnly} error={errors.days} />
      ) : null}
      {draft.subtype === 'MISSION' ? (
        <TextInput label="投注单数（0 为不要求）" value={draft.minOrders} onChange={(e) => set('minOrders', e.currentTarget.value)} readOnly={readOnly} error={errors.minOrders} />
      ) : null}
      {draft.subtype === 'RANGED_DEPOSIT' ? (
        <Stack gap={4}>
          <SegmentedControl w="fit-content" value={draft.rangedLimit} onChange={(v) => set('rangedLimit', v as Draft['rangedLimit'])} data={[{ value: 'ONCE', label: '每人一次' }, { value: 'DAILY', label: '每天一次' }]} readOnly={readOnly} />
          {draft.tiers.map((tier, index) => (
            <Group key={index} gap="xs" align="flex-end">
              <TextInput label="最低（元）" value={tier.min} onChange={(e) => setTier(index, { min: e.currentTarget.value })} readOnly={readOnly} w={120} />
              <TextInput label="最高（元）" value={tier.max} onChange={(e) => setTier(index, { max: e.currentTarget.value })} readOnly={readOnly} w={120} />
              <TextInput label="赠送（元）" value={tier.bonus} onChange={(e) => setTier(index, { bonus: e.currentTarget.value })} readOnly={readOnly} w={120} />
              {!readOnly && draft.tiers.length > 1 ? (
                <ActionIcon variant="subtle" color="red" aria-label="删除区间" onClick={() => set('tiers', draft.tiers.filter((_, i) => i !== index))}>
                  ✕
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          {!readOnly && draft.tiers.length < 10 ? (
            <Button variant="subtle" w="fit-content" onClick={() => set('tiers', [...draft.tiers, { min: '', max: '', bonus: '' }])}>
              添加区间
            </Button>
          ) : null}
          {errors.tiers ? <Text c="red" size="sm">{errors.tiers}</Text> : null}
        </Stack>
      ) : null}
      {draft.subtype === 'MANUAL' || draft.subtype === 'PROMOTION' ? <Text size="sm" c="dimmed">保存后在下方添加可领取的会员名单。</Text> : null}
      {draft.subtype === 'REGISTER' ? <Text size="sm" c="dimmed">活动期间注册的新会员可领取。</Text> : null}
    </Stack>
  );
}
