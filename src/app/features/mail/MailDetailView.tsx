// One mail: the subject as text, the body through the same allow-list renderer as announcements, and
// 删除 (for this customer only). Opening a received mail marks it read on the server.
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MAIL_ROLE_LABELS } from '../../../shared/api/mail.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { QueryState } from '../agent/team/QueryState.tsx';
import { ContentHtml } from '../content/ContentHtml.tsx';
import { formatContentDate } from '../content/content-date.ts';
import { deleteMail, mailDetailQueryOptions, refreshMail } from './mail-api.ts';

export function MailDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const query = useQuery(mailDetailQueryOptions(id));
  const fetchedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (fetchedAt > 0) refreshMail(queryClient);
  }, [fetchedAt, queryClient]);
  const remove = useMutation({
    mutationFn: () => deleteMail(id),
    onSuccess: () => {
      queryClient.removeQueries({
        queryKey: mailDetailQueryOptions(id).queryKey,
      });
      refreshMail(queryClient);
      toastSuccess('站内信已删除');
      onBack();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack} data-testid="mail-back" mih={44}>
      返回列表
    </Anchor>
  );
  if (!query.data) {
    return (
      <Stack gap="sm">
        {back}
        <QueryState query={query} offlineText="这封站内信还没有在本机打开过，联网后才能查看" />
      </Stack>
    );
  }
  const mail = query.data;
  return (
    <Stack gap="sm" data-testid="mail-detail">
      {back}
      <Title order={2} size="h4" data-testid="mail-detail-subject">
        {mail.subject}
      </Title>
      <Text size="sm" c="dimmed">
        {mail.box === 'received' ? `来自 ${MAIL_ROLE_LABELS[mail.role]} · ${mail.from}` : `发给 ${mail.to}`} · {formatContentDate(mail.createdAt)}
      </Text>
      <ContentHtml html={mail.html} />
      <Group justify="flex-end">
        <Button variant="outline" color="red" mih={44} onClick={() => remove.mutate()} loading={remove.isPending} disabled={!online} data-testid="mail-delete">
          {online ? '删除' : '联网后才能删除'}
        </Button>
      </Group>
    </Stack>
  );
}
