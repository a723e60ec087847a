// 写信: the recipients the server offers this customer (an agent: all direct members or one member; a
// member: its direct parent; everyone: the platform), a subject and the text. Sending needs a connection.
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAIL_RECIPIENT_LABELS, MAIL_SUBJECT_MAX, SendMailSchema, type MailRecipientGroup, type MailRecipientOptions } from '../../../shared/api/mail.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { QueryState } from '../agent/team/QueryState.tsx';
import { mailRecipientsQueryOptions, refreshMail, sendMail, textToMailHtml } from './mail-api.ts';

export const OFFLINE_SEND_REASON = '当前网络已断开，发送站内信需要联网';

function groupLabel(group: MailRecipientGroup, options: MailRecipientOptions): string {
  return group === 'DIRECT_PARENT' && options.parent ? `${MAIL_RECIPIENT_LABELS.DIRECT_PARENT}（${options.parent}）` : MAIL_RECIPIENT_LABELS[group];
}

export function MailCompose({ onCancel, onSent }: { onCancel: () => void; onSent: () => void }) {
  const online = useOnline();
  const query = useQuery(mailRecipientsQueryOptions());
  if (!query.data) {
    return (
      <Stack gap="sm">
        {!online && <Alert color="yellow">{OFFLINE_SEND_REASON}</Alert>}
        {online && <QueryState query={query} offlineText={OFFLINE_SEND_REASON} />}
        <Group>
          <Button variant="default" onClick={onCancel} mih={44}>
            返回
          </Button>
        </Group>
      </Stack>
    );
  }
  return <ComposeForm options={query.data} online={online} onCancel={onCancel} onSent={onSent} />;
}

function ComposeForm({ options, online, onCancel, onSent }: { options: MailRecipientOptions; online: boolean; onCancel: () => void; onSent: () => void }) {
  const queryClient = useQueryClient();
  const [group, setGroup] = useState<MailRecipientGroup>(options.groups[0]!);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendMail,
    onSuccess: ({ recipientCount }) => {
      refreshMail(queryClient);
      toastSuccess(recipientCount > 1 ? `已发送给 ${recipientCount} 位会员` : '发送成功');
      onSent();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      recipientGroup: group,
      ...(group === 'ONE_MEMBER' && memberId ? { memberId: Number(memberId) } : {}),
      subject,
      htmlContent: textToMailHtml(text),
    };
    if (group === 'ONE_MEMBER' && !memberId) return setProblem('请选择收件的下级会员');
    const parsed = SendMailSchema.safeParse(body);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '提交的内容格式有误');
    setProblem(null);
    send.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="mail-compose">
      <Stack gap="sm">
        <NativeSelect
          label="收件人"
          data={options.groups.map((value) => ({
            value,
            label: groupLabel(value, options),
          }))}
          value={group}
          onChange={(event) => setGroup(event.currentTarget.value as MailRecipientGroup)}
          data-testid="mail-recipient-group"
        />
        {group === 'ONE_MEMBER' && (
          <NativeSelect
            label="下级会员"
            data={[
              { value: '', label: '请选择' },
              ...options.members.map((member) => ({
                value: String(member.id),
                label: member.username,
              })),
            ]}
            value={memberId ?? ''}
            onChange={(event) => setMemberId(event.currentTarget.value || null)}
            data-testid="mail-member"
          />
        )}
        <TextInput
          label="标题"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          maxLength={MAIL_SUBJECT_MAX}
          data-testid="mail-subject"
        />
        <Textarea label="内容" value={text} onChange={(event) => setText(event.currentTarget.value)} rows={6} data-testid="mail-body" />
        {problem && (
          <Text c="red" size="sm" role="alert" data-testid="mail-compose-error">
            {problem}
          </Text>
        )}
        {!online && (
          <Alert color="yellow" data-testid="mail-offline">
            {OFFLINE_SEND_REASON}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} mih={44}>
            取消
          </Button>
          <Button type="submit" disabled={!online} loading={send.isPending} mih={44} data-testid="mail-send">
            发送
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
