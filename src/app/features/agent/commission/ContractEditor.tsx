// Setting a direct member's 日工资 / 分红 contract: tiers (team volume, active members → rate), never
// above my own contract (checked here for guidance and again by the server).
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BONUS_FREQUENCY_NAMES,
  BONUS_KIND_NAMES,
  ContractBodySchema,
  withinOwnContract,
  type BonusKind,
  type Contract,
} from '../../../../shared/api/agent-commission.ts';
import { formatYuan, parseYuan } from '../../../../shared/money.ts';
import { formatPercentBp, PERCENT_TEXT_MESSAGE, readPercentBp } from '../../../../shared/validation/percent-text.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { refreshCommission, saveContract } from './commission-queries.ts';
import { percent, tierText } from './format.ts';

interface TierDraft {
  volume: string;
  activeMembers: string;
  rate: string;
}

const draftOf = (contract: Contract | undefined): TierDraft[] =>
  contract
    ? contract.tiers.map((t) => ({ volume: formatYuan(t.volume), activeMembers: String(t.activeMembers), rate: formatPercentBp(t.rate) }))
    : [{ volume: '0', activeMembers: '1', rate: '' }];

/** A whole number as typed, or NaN (the schema's message then says what is wrong): '1e1', '0x1', '' are not counts. */
const readCount = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

/**
 * The tiers as the server takes them, or the first field that is not what it looks like. The rate is read
 * as decimal text into basis points (never through a float, never rounded): '0.125' is refused, not saved as 0.13 %.
 */
function parseDraft(tiers: TierDraft[]): { tiers: { volume: number; activeMembers: number; rate: number }[] } | { error: string } {
  const parsed = [];
  for (const t of tiers) {
    const rate = readPercentBp(t.rate.trim());
    if (rate === null) return { error: PERCENT_TEXT_MESSAGE };
    let volume = Number.NaN;
    try {
      volume = parseYuan(t.volume.trim());
    } catch {
      volume = Number.NaN;
    }
    parsed.push({ volume, activeMembers: readCount(t.activeMembers.trim()), rate });
  }
  return { tiers: parsed };
}

export function ContractEditor({
  memberId,
  username,
  own,
  current,
  onClose,
}: {
  memberId: number;
  username: string;
  own: Contract[];
  current: Contract[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const kinds = own.map((c) => c.kind);
  const [kind, setKind] = useState<BonusKind>(kinds[0] ?? 'DW');
  const ownContract = own.find((c) => c.kind === kind);
  const [tiers, setTiers] = useState<TierDraft[]>(draftOf(current.find((c) => c.kind === kind)));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveContract>[2]) => saveContract(memberId, kind, body),
    onSuccess: () => {
      toastSuccess('契约已保存');
      void refreshCommission(queryClient);
      onClose();
    },
    onError: reportActionError,
  });

  const submit = () => {
    if (!ownContract) return;
    const draft = parseDraft(tiers);
    if ('error' in draft) return setError(draft.error);
    const parsed = ContractBodySchema.safeParse({ frequency: ownContract.frequency, tiers: draft.tiers });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '契约格式有误');
    if (!withinOwnContract(parsed.data.tiers, ownContract.tiers)) return setError('契约比例不能高于您自己的契约');
    setError(null);
    save.mutate(parsed.data);
  };

  const update = (i: number, field: keyof TierDraft, value: string) => setTiers(tiers.map((t, j) => (j === i ? { ...t, [field]: value } : t)));

  return (
    <Dialog opened onClose={onClose} title={`设置契约：${username}`} testId="contract-editor">
      {kinds.length === 0 ? (
        <Text size="sm">您还没有奖金契约，不能为下级设置。</Text>
      ) : (
        <Stack gap="sm">
          <SegmentedControl
            value={kind}
            onChange={(value) => {
              setKind(value as BonusKind);
              setTiers(draftOf(current.find((c) => c.kind === value)));
            }}
            data={kinds.map((k) => ({ value: k, label: BONUS_KIND_NAMES[k] }))}
          />
          {ownContract && (
            <Text size="xs" c="dimmed">
              发放周期：{BONUS_FREQUENCY_NAMES[ownContract.frequency]}；我的契约：{ownContract.tiers.map(tierText).join('；')}
            </Text>
          )}
          {tiers.map((t, i) => (
            <Group key={i} gap={6} align="flex-end" wrap="nowrap">
              <TextInput label="团队投注(元)" value={t.volume} onChange={(e) => update(i, 'volume', e.currentTarget.value)} inputMode="decimal" />
              <TextInput label="活跃人数" value={t.activeMembers} onChange={(e) => update(i, 'activeMembers', e.currentTarget.value)} inputMode="numeric" w={80} />
              <TextInput label="比例(%)" value={t.rate} onChange={(e) => update(i, 'rate', e.currentTarget.value)} inputMode="decimal" w={80} data-testid={`tier-rate-${i}`} />
              <ActionIcon variant="subtle" color="red" aria-label="删除档位" disabled={tiers.length === 1} onClick={() => setTiers(tiers.filter((_, j) => j !== i))}>
                ✕
              </ActionIcon>
            </Group>
          ))}
          <Button variant="light" size="compact-sm" onClick={() => setTiers([...tiers, { volume: '', activeMembers: '1', rate: '' }])} disabled={tiers.length >= 10}>
            添加档位
          </Button>
          {error && (
            <Text c="red" size="sm" data-testid="contract-error">
              {error}
            </Text>
          )}
          {ownContract && <Text size="xs" c="dimmed">最高比例 {percent(Math.max(...ownContract.tiers.map((x) => x.rate)))}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button onClick={submit} loading={save.isPending} data-testid="contract-save">
              保存
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
