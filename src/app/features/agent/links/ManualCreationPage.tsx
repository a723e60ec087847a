// 手动开户 (/agent/manual-creation): a member or sub-agent with a username, an initial password and a
// prize group. The new account must set its own password at its first login (spec §4, by manual).
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PLAYER_PRIZE_GROUP } from '../../../../shared/agent/prize-groups.ts';
import { ManualAccountSchema, NEW_ACCOUNT_TYPE_NAMES, type CreatedAccount, type NewAccountType } from '../../../../shared/api/agent-links.ts';
import { fieldErrors } from '../../../../shared/validation/errors.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { serverFieldErrors } from '../../accounts/common/form-errors.ts';
import { PasswordField } from '../../accounts/common/PasswordField.tsx';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { TEAM_QUERY_KEY } from '../team/team-queries.ts';
import { AGENT_LINKS_QUERY_KEY, createManualAccount, linkListQuery } from './link-queries.ts';
import { AccountTypeField, PrizeGroupField } from './new-account-fields.tsx';

export function ManualCreationPage() {
  const customer = useCurrentCustomer();
  const own = customer?.prizeGroup ?? DEFAULT_PLAYER_PRIZE_GROUP;
  const limits = useQuery(linkListQuery(1, 1, null)).data;
  const queryClient = useQueryClient();
  const startGroup = Math.min(own, DEFAULT_PLAYER_PRIZE_GROUP) - (Math.min(own, DEFAULT_PLAYER_PRIZE_GROUP) % 2);
  const [accountType, setAccountType] = useState<NewAccountType>('PLAYER');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [prizeGroup, setPrizeGroup] = useState(startGroup);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const create = useMutation({
    mutationFn: createManualAccount,
    onSuccess: (account) => {
      setCreated(account);
      setUsername('');
      setPassword('');
      setErrors({});
      toastSuccess('开户成功');
      // The new account joins the team, and the links page's counts change.
      void queryClient.invalidateQueries({ queryKey: AGENT_LINKS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error) as Record<string, string>);
      reportActionError(error);
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { accountType, username, password, prizeGroup };
    const problems = fieldErrors(ManualAccountSchema, body);
    setErrors(problems);
    const first = Object.values(problems)[0];
    if (first) return toastError(first);
    create.mutate(body);
  };
  if (limits && !limits.canCreatePlayers) {
    return (
      <OverlayFrame title="手动开户">
        <Alert color="orange" data-testid="agent-manual-creation">
          团队最多 5 级，您不能再开设下级账号
        </Alert>
      </OverlayFrame>
    );
  }
  return (
    <OverlayFrame title="手动开户">
      <Stack data-testid="agent-manual-creation">
        {created && (
          <Alert color="teal" title="开户成功" data-testid="created-account">
            <Text size="sm">
              {NEW_ACCOUNT_TYPE_NAMES[created.accountType]}账号 <b>{created.username}</b>（奖金组 {created.prizeGroup}）已创建。请把账号和初始密码告知对方，对方首次登录时须设置新密码。
            </Text>
          </Alert>
        )}
        <form onSubmit={submit} noValidate aria-label="手动开户">
          <Stack gap="sm">
            <AccountTypeField value={accountType} onChange={setAccountType} canCreateAgents={limits?.canCreateAgents ?? false} />
            <TextInput
              label="用户名"
              description="6~16 位字母、数字或下划线"
              autoComplete="off"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={errors.username}
              data-testid="manual-username"
            />
            <PasswordField
              label="初始密码"
              description="8~16 位，须同时含数字和字母"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
              data-testid="manual-password"
            />
            <PrizeGroupField own={own} value={prizeGroup} onChange={setPrizeGroup} error={errors.prizeGroup} />
            <Button type="submit" loading={create.isPending} data-testid="create-account">
              确认开户
            </Button>
          </Stack>
        </form>
      </Stack>
    </OverlayFrame>
  );
}
