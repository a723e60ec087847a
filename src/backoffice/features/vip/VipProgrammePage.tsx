// VIP 等级: each level's thresholds (reach: either figure of a calendar month; keep: at the monthly
// evaluation) and benefits, the level distribution, the monthly bonus runs, and running the job now.
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { VIP_LEVEL_NAMES, type VipLevelRules } from '../../../shared/api/vip.ts';
import { formatMoney } from '../../../shared/money.ts';
import { useOperator } from '../../lib/operator.ts';
import { parseOptionalYuan, yuanText } from './money-input.ts';
import { runVipJobNow, updateVipLevel, VIP_KEY, vipBonusRunsQuery, vipDistributionQuery, vipLevelsQuery } from './queries.ts';

const MONEY_FIELDS = [
  ['qualifyTurnover', '升级：月有效投注（元）'],
  ['qualifyDeposits', '升级：月充值（元）'],
  ['keepTurnover', '保级：月有效投注（元）'],
  ['keepDeposits', '保级：月充值（元）'],
  ['monthlyBonus', '月礼金（元）'],
  ['dailyWithdrawalAmount', '每日提现额度（元）'],
] as const;

function LevelEditor({ rules, canManage }: { rules: VipLevelRules; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(MONEY_FIELDS.map(([field]) => [field, yuanText(rules[field])])),
    multiple: String(rules.bonusStakeMultipleBp / 10_000),
    count: rules.dailyWithdrawalCount === null ? '' : String(rules.dailyWithdrawalCount),
  }));
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const money = Object.fromEntries(MONEY_FIELDS.map(([field]) => [field, parseOptionalYuan(texts[field] ?? '')]));
      if (Object.values(money).includes('invalid')) throw new Error('金额格式不正确');
      const multiple = Number(texts.multiple);
      return updateVipLevel(rules.level, {
        qualifyTurnover: money.qualifyTurnover as number | null,
        qualifyDeposits: money.qualifyDeposits as number | null,
        keepTurnover: money.keepTurnover as number | null,
        keepDeposits: money.keepDeposits as number | null,
        monthlyBonus: (money.monthlyBonus as number | null) ?? 0,
        bonusStakeMultipleBp: Number.isFinite(multiple) ? Math.round(multiple * 10_000) : -1,
        dailyWithdrawalCount: texts.count?.trim() ? Number(texts.count) : null,
        dailyWithdrawalAmount: money.dailyWithdrawalAmount as number | null,
        reason: reason.trim(),
      });
    },
    onMutate: () => setLocalError(null),
    onError: (error) => setLocalError(errorMessage(error)),
    onSuccess: () => {
      setReason('');
      void queryClient.invalidateQueries({ queryKey: VIP_KEY });
    },
  });
  const set = (field: string) => (event: React.ChangeEvent<HTMLInputElement>) => setTexts((t) => ({ ...t, [field]: event.currentTarget.value }));
  return (
    <Card withBorder data-testid={`vip-admin-level-${rules.level}`}>
      <Title order={4} mb="sm">{VIP_LEVEL_NAMES[rules.level]}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {MONEY_FIELDS.map(([field, label]) => (
          <TextInput key={field} label={label} value={texts[field]} onChange={set(field)} disabled={!canManage} placeholder="不设置" />
        ))}
        <TextInput label="礼金打码倍数" value={texts.multiple} onChange={set('multiple')} disabled={!canManage} />
        <TextInput label="每日提现次数" value={texts.count} onChange={set('count')} disabled={!canManage} placeholder="按提现设置" />
      </SimpleGrid>
      {canManage && (
        <Group mt="sm" align="flex-end">
          <TextInput label="修改原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={reason.trim().length < 2} data-testid={`vip-admin-save-${rules.level}`}>
            保存
          </Button>
        </Group>
      )}
      {localError && <Text c="red" size="sm" role="alert" mt="xs">{localError}</Text>}
      {save.isSuccess && <Text c="green" size="sm" mt="xs">已保存</Text>}
    </Card>
  );
}

export default function VipProgrammePage() {
  const queryClient = useQueryClient();
  const { can } = useOperator();
  const levels = useQuery(vipLevelsQuery);
  const distribution = useQuery(vipDistributionQuery);
  const runs = useQuery(vipBonusRunsQuery);
  const [reason, setReason] = useState('');
  const run = useMutation({ mutationFn: () => runVipJobNow(reason.trim()), onSuccess: () => void queryClient.invalidateQueries({ queryKey: VIP_KEY }) });
  if (levels.isPending) return <Loader />;
  if (levels.error) return <Alert color="red">{errorMessage(levels.error)}</Alert>;
  return (
    <Stack gap="md">
      <Title order={3}>VIP 等级</Title>
      <Text size="sm" c="dimmed">
        每月 1 日（北京时间）按上月有效投注或充值评定：达到升级条件升级，达不到当前等级的保级条件降级；月内达到更高等级即时升级。人工设定的等级保留到下次月度评定。月礼金按月度评定的等级发放，每人每月一次。
      </Text>
      <Group align="flex-start">
        {distribution.data?.levels.map((l) => (
          <Card key={l.level} withBorder padding="sm" data-testid={`vip-distribution-${l.level}`}>
            <Text size="sm" c="dimmed">{VIP_LEVEL_NAMES[l.level]}</Text>
            <Text fw={700}>{l.customers} 人</Text>
          </Card>
        ))}
      </Group>
      {levels.data.levels.filter((l) => l.level !== 'NOT_VIP').map((rules) => (
        <LevelEditor key={rules.level} rules={rules} canManage={can('vip.manage')} />
      ))}
      {can('vip.manage') && (
        <Group align="flex-end">
          <TextInput label="立即评定的原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Button onClick={() => run.mutate()} loading={run.isPending} disabled={reason.trim().length < 2} data-testid="vip-run-now">
            立即运行等级评定
          </Button>
          {run.data && <Text size="sm">评定 {run.data.evaluated} 人，等级变更 {run.data.upgraded} 次，发放礼金 {run.data.bonusesPaid} 笔</Text>}
          {run.error && <Text c="red" size="sm" role="alert">{errorMessage(run.error)}</Text>}
        </Group>
      )}
      <Title order={4}>月礼金发放</Title>
      <Table data-testid="vip-bonus-runs">
        <Table.Thead>
          <Table.Tr><Table.Th>月份</Table.Th><Table.Th>等级</Table.Th><Table.Th>人数</Table.Th><Table.Th>合计</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.data?.runs.map((r) => (
            <Table.Tr key={`${r.month}-${r.level}`}>
              <Table.Td>{r.month}</Table.Td><Table.Td>{VIP_LEVEL_NAMES[r.level]}</Table.Td><Table.Td>{r.customers}</Table.Td><Table.Td>{formatMoney(r.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
