import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRIZE_GROUP_STEP } from '../../../../shared/agent/prize-groups.ts';
import type { MemberDetail } from '../../../../shared/api/agent-team.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { changePrizeGroupRequest, memberDetailQueryOptions, refreshTeam } from './team-queries.ts';

/** Every group the member may be given, highest first. */
export function prizeGroupChoices(min: number, max: number): number[] {
  const choices: number[] = [];
  for (let group = max - (max % PRIZE_GROUP_STEP); group >= min; group -= PRIZE_GROUP_STEP) choices.push(group);
  return choices;
}

/** A direct member's prize group, between what it gave its own team and the agent's own group. */
export function PrizeGroupForm({ member }: { member: MemberDetail }) {
  const queryClient = useQueryClient();
  const [group, setGroup] = useState(member.prizeGroup);
  const choices = prizeGroupChoices(member.prizeGroupMin, member.prizeGroupMax);
  const save = useMutation({
    mutationFn: () => changePrizeGroupRequest(member.id, group),
    onSuccess: (updated) => {
      toastSuccess(`${updated.username} 的奖金组已改为 ${updated.prizeGroup}`);
      queryClient.setQueryData(memberDetailQueryOptions(updated.id).queryKey, updated);
      void refreshTeam(queryClient);
    },
    onError: reportActionError,
  });
  return (
    <div data-testid="prize-group-form">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NativeSelect
          label="奖金组"
          style={{ flex: 1 }}
          data={choices.map((value) => ({ value: String(value), label: String(value) }))}
          value={String(group)}
          onChange={(event) => setGroup(Number(event.currentTarget.value))}
          data-testid="prize-group-select"
        />
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={group === member.prizeGroup}>
          保存
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        可选 {member.prizeGroupMin} ~ {member.prizeGroupMax}：不高于您自己的奖金组，不低于该会员已分配给下级的最高奖金组
      </Text>
    </div>
  );
}
