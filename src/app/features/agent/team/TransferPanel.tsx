// 转账给下级: find a direct member by the beginning of its username, then the transfer form. Loaded
// when the tab is first opened (the form library and the money rules are not needed for the records).
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UsernameSearchSchema } from '../../../../shared/api/agent-team.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { toastError } from '../../../lib/notify.ts';
import { QueryState } from './QueryState.tsx';
import { memberListQueryOptions } from './team-queries.ts';
import { TransferForm } from './TransferForm.tsx';

export default function TransferPanel() {
  const [typed, setTyped] = useState('');
  const [prefix, setPrefix] = useState<string | undefined>();
  const [chosen, setChosen] = useState<number | null>(null);
  const members = useQuery(memberListQueryOptions({ scope: 'direct', page: 1, ...(prefix ? { username: prefix } : {}) }));
  const candidates = members.data?.items ?? [];
  const member = candidates.find((m) => m.id === chosen) ?? null;
  return (
    <Stack gap="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = UsernameSearchSchema.safeParse(typed);
          if (!parsed.success) return toastError(parsed.error.issues[0]?.message ?? '用户名格式有误');
          setPrefix(parsed.data);
          setChosen(null);
        }}
        role="search"
        aria-label="查找直属会员"
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput style={{ flex: 1 }} label="查找直属会员" placeholder="输入用户名开头几位" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-testid="transfer-member-search" />
          <Button type="submit">查找</Button>
        </Group>
      </form>
      {!members.data ? (
        <QueryState query={members} offlineText="联网后即可转账" />
      ) : candidates.length === 0 ? (
        <Text c="dimmed" size="sm">
          没有找到直属会员
        </Text>
      ) : (
        <NativeSelect
          label="收款会员"
          value={chosen === null ? '' : String(chosen)}
          onChange={(e) => setChosen(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data={[{ value: '', label: '请选择会员' }, ...candidates.map((m) => ({ value: String(m.id), label: `${m.username}（余额 ${formatMoney(m.balance)}）` }))]}
          data-testid="transfer-member-select"
        />
      )}
      {member && <TransferForm key={member.id} member={member} />}
    </Stack>
  );
}
