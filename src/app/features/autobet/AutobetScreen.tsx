// The autobet screen (spec §2.2 "autobet screen for a play mode"): the bets handed over by the bet
// slip, the plan, the preview of every issue, and placing it as one autobet.
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CreateAutobet } from '../../../shared/api/autobet.ts';
import { planKindsFor } from '../../../shared/autobet/units.ts';
import type { DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { issuesFrom } from '../../../shared/draws/index.ts';
import { BEIJING_OFFSET_MS } from '../../../shared/draws/schedule/beijing-time.ts';
import { formatMoney } from '../../../shared/money.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { OFFLINE_MONEY_REASON, useOnline } from '../../lib/online.ts';
import { usePlayerPrizeGroup } from '../games/common/prize-group.ts';
import { applyAutobetDetail, createAutobetRequest } from './autobet-queries.ts';
import { previewAutobet } from './autobet-preview.ts';
import { baseOfRequest, type AutobetRequest } from './autobet-request.ts';
import { newAutobetClientKey } from './client-key.ts';
import { PlanForm } from './PlanForm.tsx';
import { PlanPreviewTable } from './PlanPreviewTable.tsx';
import { DEFAULT_PLAN_FORM, planFromForm, planProblem, type PlanFormValues } from './plan-form.ts';
import { useShowPlacedAutobet } from './use-autobet-navigation.ts';
import { useBoardStake } from './use-board-stake.ts';
import { useNow } from './use-now.ts';
import './autobet.css';

const ISSUES_REFRESH_MS = 15_000;

function beijingDate(instant: number): string {
  return new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

function comingIssueNumbers(drawType: string, now: number, count: number): string[] {
  try {
    return issuesFrom(drawType, now, count).map((issue) => issue.issueNumber);
  } catch {
    return [];
  }
}

function createBody(request: AutobetRequest, values: PlanFormValues, clientKey: string): CreateAutobet {
  const common = { clientKey, drawType: request.drawType, plan: planFromForm(values), stopOnWin: values.stopOnWin };
  return request.playMode === 'REGULAR' ? { ...common, playMode: 'REGULAR', bets: request.bets } : { ...common, playMode: 'BOARD', bets: request.bets };
}

export function AutobetScreen({ info, handedOver }: { info: DrawTypeInfo; handedOver: AutobetRequest }) {
  const { request, suggestedMultiplier, problem: requestProblem } = useMemo(() => baseOfRequest(handedOver), [handedOver]);
  const kinds = planKindsFor(request.playMode);
  const [values, setValues] = useState<PlanFormValues>(() => ({ ...DEFAULT_PLAN_FORM, multiplier: suggestedMultiplier }));
  const [clientKey] = useState(newAutobetClientKey);
  const playerPrizeGroup = usePlayerPrizeGroup();
  const now = useNow(ISSUES_REFRESH_MS);
  const queryClient = useQueryClient();
  const showPlaced = useShowPlacedAutobet();
  // A money action (decisions §7): offline it is not sent, and the screen says why.
  const online = useOnline();

  const boardStake = useBoardStake(request, beijingDate(now));
  const problem = requestProblem ?? planProblem(values) ?? (boardStake.state === 'refused' ? boardStake.message : null);
  const preview = useMemo(
    () =>
      problem || boardStake.state === 'loading'
        ? null
        : previewAutobet(request, planFromForm(values), { playerPrizeGroup, boardStake: boardStake.state === 'ready' ? boardStake : undefined }),
    [problem, request, values, playerPrizeGroup, boardStake],
  );
  const issueNumbers = useMemo(
    () => (preview?.ok ? comingIssueNumbers(info.code, now, preview.planned.length) : []),
    [preview, info.code, now],
  );
  const message = problem ?? (preview && !preview.ok ? preview.message : null);
  const planned = preview?.ok ? preview.planned : null;
  const total = planned?.at(-1)?.cumulativeCost ?? 0;

  const create = useMutation({
    mutationFn: () => createAutobetRequest(createBody(request, values, clientKey)),
    onSuccess: (detail) => {
      applyAutobetDetail(queryClient, detail);
      toastSuccess('追号已提交');
      showPlaced(detail.autobetId);
    },
    onError: (error) => toastError(errorMessage(error)),
  });

  return (
    <Stack gap="md" data-draw-type={info.code}>
      <Group gap="xs">
        <Text fw={600}>{info.name}</Text>
        <Badge variant="light">{request.playMode === 'REGULAR' ? '标准' : '盘面'}</Badge>
        <Text size="sm" c="dimmed">
          共 {request.bets.length} 项投注
          {preview?.ok ? `，每期 1 倍 ${formatMoney(preview.units.stakeUnit)}` : ''}
        </Text>
      </Group>
      <PlanForm kinds={kinds} values={values} onChange={setValues} />
      {message && (
        <Alert color="orange" data-testid="plan-problem">
          {message}
        </Alert>
      )}
      {planned && <PlanPreviewTable planned={planned} issueNumbers={issueNumbers} showProfit={request.playMode === 'REGULAR'} />}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="plan-total">
          {planned ? `共 ${planned.length} 期，合计 ${formatMoney(total)}` : '请完善追号设置'}
        </Text>
        <Button onClick={() => create.mutate()} disabled={!planned || !online} loading={create.isPending} data-testid="autobet-submit">
          确认追号
        </Button>
      </Group>
      {!online && (
        <Text size="sm" className="jl-warning" data-testid="autobet-offline">
          {OFFLINE_MONEY_REASON}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        每期开售后自动投注，金额在该期下单时从余额扣除；余额不足或错过截止时间的期数将被取消。
      </Text>
    </Stack>
  );
}
