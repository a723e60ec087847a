// 推广域名: the registration domains agents build their link URLs on. Added once, then enabled or
// disabled (never removed); each change and its reason go to the audit log.
import { Alert, Badge, Button, Group, Loader, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AddDomainSchema,
  AdminDomainListSchema,
  AdminDomainSchema,
  AGENT_DOMAINS_ADMIN_PATHS,
  type AdminDomain,
} from '../../../shared/backoffice/agent-domains.ts';
import { firstError } from '../../../shared/validation/errors.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { boGet, boSend } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';

const DOMAINS_KEY = ['backoffice', 'agents', 'domains'] as const;

function DomainSwitch({ domain, reason }: { domain: AdminDomain; reason: string }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) =>
      boSend('PUT', AGENT_DOMAINS_ADMIN_PATHS.domain(domain.id), { enabled, ...(reason.trim() ? { reason: reason.trim() } : {}) }, AdminDomainSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOMAINS_KEY }),
  });
  return (
    <Stack gap={2}>
      <Switch
        checked={change.isPending ? change.variables : domain.enabled}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
        label={domain.enabled ? '启用' : '停用'}
        aria-label={`${domain.domain} 启用`}
        data-testid={`domain-switch-${domain.domain}`}
      />
      {change.isError && <Text size="xs" c="red" role="alert">{errorMessage(change.error)}</Text>}
    </Stack>
  );
}

export default function DomainsPage() {
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery({
    queryKey: DOMAINS_KEY,
    queryFn: ({ signal }) => boGet(AGENT_DOMAINS_ADMIN_PATHS.domains, AdminDomainListSchema, undefined, signal),
  });
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { domain: string; reason?: string }) => boSend('POST', AGENT_DOMAINS_ADMIN_PATHS.domains, body, AdminDomainSchema),
    onSuccess: () => {
      setDomain('');
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: DOMAINS_KEY });
    },
    onError: (failure) => setProblem(errorMessage(failure)),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { domain, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    const invalid = firstError(AddDomainSchema, body);
    setProblem(invalid);
    if (!invalid) add.mutate(body);
  };
  return (
    <Stack>
      <Title order={2}>推广域名</Title>
      <Text size="sm" c="dimmed">
        代理生成注册链接时可选用这里启用的域名（玩家端总是先提供当前访问的域名）。域名添加后不能删除，停用后代理端立即不再显示。
      </Text>
      <form onSubmit={submit} noValidate aria-label="添加域名">
        <Group align="end">
          <TextInput label="域名" placeholder="例如 m.example.com" value={domain} onChange={(e) => setDomain(e.currentTarget.value)} w={280} data-testid="new-domain" />
          <TextInput label="操作原因（记入审计日志）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} w={280} />
          <Button type="submit" loading={add.isPending} data-testid="add-domain">
            添加
          </Button>
        </Group>
        {problem && <Text size="sm" c="red" role="alert" mt="xs">{problem}</Text>}
      </form>
      {isPending ? (
        <Loader aria-label="加载中" />
      ) : error ? (
        <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>
      ) : data.items.length === 0 ? (
        <Text c="dimmed">暂无域名</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>域名</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th>添加时间</Table.Th>
              <Table.Th>最后修改</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((item) => (
              <Table.Tr key={item.id} data-testid="domain-row">
                <Table.Td>
                  <Group gap={4}>
                    <Text size="sm">{item.domain}</Text>
                    {!item.enabled && <Badge color="gray" size="sm">已停用</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td><DomainSwitch domain={item} reason={reason} /></Table.Td>
                <Table.Td>{formatDateTime(new Date(item.createdAt).toISOString())}</Table.Td>
                <Table.Td>{formatDateTime(new Date(item.updatedAt).toISOString())}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
