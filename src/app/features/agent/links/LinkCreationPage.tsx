// 链接开户 (/agent/link-creation): a registration link for members or sub-agents, with its group,
// retention and remark; once made, its URL with a QR code and a copy button.
import { Alert, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_PLAYER_PRIZE_GROUP } from '../../../../shared/agent/prize-groups.ts';
import {
  CreateLinkSchema,
  LINK_RETENTION_NAMES,
  LINK_RETENTIONS,
  NEW_ACCOUNT_TYPE_NAMES,
  type AgentLink,
  type LinkRetention,
  type NewAccountType,
} from '../../../../shared/api/agent-links.ts';
import { fieldErrors } from '../../../../shared/validation/errors.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { serverFieldErrors } from '../../accounts/common/form-errors.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { createLink, linkListQuery, refreshLinks } from './link-queries.ts';
import { LinkShare } from './LinkShare.tsx';
import { AccountTypeField, PrizeGroupField } from './new-account-fields.tsx';

export function LinkCreationPage() {
  const customer = useCurrentCustomer();
  const own = customer?.prizeGroup ?? DEFAULT_PLAYER_PRIZE_GROUP;
  const limits = useQuery(linkListQuery(1, 1, null)).data;
  const queryClient = useQueryClient();
  const [accountType, setAccountType] = useState<NewAccountType>('PLAYER');
  const [prizeGroup, setPrizeGroup] = useState(Math.min(own, DEFAULT_PLAYER_PRIZE_GROUP) - (Math.min(own, DEFAULT_PLAYER_PRIZE_GROUP) % 2));
  const [retention, setRetention] = useState<LinkRetention>('PERMANENT');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<AgentLink | null>(null);
  const create = useMutation({
    mutationFn: createLink,
    onSuccess: (link) => {
      setCreated(link);
      setErrors({});
      toastSuccess('链接已生成');
      void refreshLinks(queryClient);
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error) as Record<string, string>);
      reportActionError(error);
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { accountType, prizeGroup, retention, remark };
    const problems = fieldErrors(CreateLinkSchema, body);
    setErrors(problems);
    const first = Object.values(problems)[0];
    if (first) return toastError(first);
    create.mutate(body);
  };
  const canCreatePlayers = limits?.canCreatePlayers ?? true;
  return (
    <OverlayFrame title="链接开户">
      <Stack data-testid="agent-link-creation">
        {!canCreatePlayers ? (
          <Alert color="orange">团队最多 5 级，您不能再开设下级账号</Alert>
        ) : created ? (
          <Stack data-testid="created-link">
            <Text size="sm">
              {NEW_ACCOUNT_TYPE_NAMES[created.accountType]}链接 · 奖金组 {created.prizeGroup} · 有效期 {LINK_RETENTION_NAMES[created.retention]}
              {created.remark ? ` · ${created.remark}` : ''}
            </Text>
            <LinkShare linkId={created.id} />
            <Button variant="light" onClick={() => setCreated(null)}>
              再生成一个
            </Button>
            <Button variant="subtle" component={Link} to="/agent/link-management">
              查看链接管理
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="生成注册链接">
            <Stack gap="sm">
              <AccountTypeField value={accountType} onChange={setAccountType} canCreateAgents={limits?.canCreateAgents ?? false} />
              <PrizeGroupField own={own} value={prizeGroup} onChange={setPrizeGroup} error={errors.prizeGroup} />
              <NativeSelect
                label="链接有效期"
                data={LINK_RETENTIONS.map((value) => ({ value, label: LINK_RETENTION_NAMES[value] }))}
                value={retention}
                onChange={(event) => setRetention(event.currentTarget.value as LinkRetention)}
                data-testid="retention"
              />
              <TextInput
                label="备注"
                description="选填，最多 8 个字"
                value={remark}
                onChange={(event) => setRemark(event.currentTarget.value)}
                error={errors.remark}
                data-testid="link-remark"
              />
              <Button type="submit" loading={create.isPending} data-testid="create-link">
                生成链接
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </OverlayFrame>
  );
}
