// 站内信 in the back office: 已发送 (platform mails with how many read them), 会员来信 (members' mails to
// the platform) and 发送 (to everyone or a segment; mail.send). Bodies are shown as the server stored
// them, through the same allow list the PWA uses.
import { Alert, Button, Loader, Modal, Pagination, Select, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { AdminSendMailSchema, MAIL_SEGMENT_LABELS, MAIL_SEGMENTS, MAIL_SUBJECT_MAX, type MailSegmentKind } from '../../../shared/api/mail.ts';
import { VIP_LEVELS } from '../../../shared/enums.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import { SanitisedHtml } from '../content/ContentPreview.tsx';
import { MailHtmlField } from './MailHtmlField.tsx';
import { MAIL_ADMIN_PAGE_SIZE, MAIL_KEY, adminMailListQuery, adminMailQuery, sendPlatformMail } from './queries.ts';

export default function MailPage() {
  const { can } = useOperator();
  const [tab, setTab] = useState<string | null>('sent');
  return (
    <Stack>
      <Title order={2}>站内信</Title>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="sent">已发送</Tabs.Tab>
          <Tabs.Tab value="inbox">会员来信</Tabs.Tab>
          {can('mail.send') ? (
            <Tabs.Tab value="compose" data-testid="bo-mail-compose-tab">
              发送站内信
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
      </Tabs>
      {tab === 'sent' || tab === 'inbox' ? <MailTable kind={tab} /> : null}
      {tab === 'compose' ? <ComposeForm onSent={() => setTab('sent')} /> : null}
    </Stack>
  );
}

function MailTable({ kind }: { kind: 'sent' | 'inbox' }) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, error, isPending } = useQuery({
    ...adminMailListQuery(kind, page),
    placeholderData: keepPreviousData,
  });
  if (isPending) return <Loader aria-label="加载中" />;
  if (error)
    return (
      <Alert color="red" title="加载失败">
        {errorMessage(error)}
      </Alert>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={700}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>标题</Table.Th>
              <Table.Th>{kind === 'sent' ? '发送人' : '会员'}</Table.Th>
              {kind === 'sent' ? <Table.Th>发送对象</Table.Th> : null}
              {kind === 'sent' ? <Table.Th>已读 / 收件人</Table.Th> : null}
              <Table.Th>时间</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((mail) => (
              <Table.Tr key={mail.id} data-testid="bo-mail-row">
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(mail.id)}>
                    {mail.subject}
                  </Button>
                </Table.Td>
                <Table.Td>{mail.from}</Table.Td>
                {kind === 'sent' ? <Table.Td>{mail.to}</Table.Td> : null}
                {kind === 'sent' ? <Table.Td>{`${mail.readCount} / ${mail.recipientCount}`}</Table.Td> : null}
                <Table.Td>{formatDateTime(mail.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.items.length === 0 ? <Text c="dimmed">暂无站内信。</Text> : null}
      {data.total > MAIL_ADMIN_PAGE_SIZE ? (
        <Pagination total={Math.ceil(data.total / MAIL_ADMIN_PAGE_SIZE)} value={page} onChange={setPage} aria-label="翻页" />
      ) : null}
      {openId !== null ? <MailDetailModal id={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function MailDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error } = useQuery(adminMailQuery(id));
  return (
    <Modal opened onClose={onClose} title={data?.subject ?? '站内信'} size="lg">
      {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
      {data ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">{`${data.from} → ${data.to} · ${formatDateTime(data.createdAt)}`}</Text>
          <SanitisedHtml html={data.html} />
        </Stack>
      ) : (
        <Loader aria-label="加载中" />
      )}
    </Modal>
  );
}

function ComposeForm({ onSent }: { onSent: () => void }) {
  const queryClient = useQueryClient();
  const [segment, setSegment] = useState<MailSegmentKind>('ALL');
  const [vipLevel, setVipLevel] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendPlatformMail,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MAIL_KEY });
      onSent();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = AdminSendMailSchema.safeParse({
      segment,
      ...(segment === 'VIP' && vipLevel ? { vipLevel } : {}),
      ...(segment === 'USERNAME' && username.trim() ? { username: username.trim() } : {}),
      subject,
      htmlContent: html,
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '提交的内容格式有误');
    setProblem(null);
    send.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="bo-mail-compose">
      <Stack>
        <Select
          label="发送对象"
          data={MAIL_SEGMENTS.map((value) => ({
            value,
            label: MAIL_SEGMENT_LABELS[value],
          }))}
          value={segment}
          onChange={(value) => value && setSegment(value as MailSegmentKind)}
          allowDeselect={false}
        />
        {segment === 'VIP' ? <Select label="VIP 等级" data={[...VIP_LEVELS]} value={vipLevel} onChange={setVipLevel} /> : null}
        {segment === 'USERNAME' ? <TextInput label="会员用户名" value={username} onChange={(event) => setUsername(event.currentTarget.value)} /> : null}
        <TextInput label="标题" value={subject} onChange={(event) => setSubject(event.currentTarget.value)} maxLength={MAIL_SUBJECT_MAX} required />
        <MailHtmlField value={html} onChange={setHtml} />
        {problem ? <Alert color="red">{problem}</Alert> : null}
        <Button type="submit" loading={send.isPending} w="fit-content">
          发送
        </Button>
      </Stack>
    </form>
  );
}
