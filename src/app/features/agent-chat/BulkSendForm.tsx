// 群发: one message to the whole team, the direct members or the indirect ones (spec §3.5).
import { Alert, Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BULK_RECIPIENT_LABELS,
  BULK_RECIPIENTS,
  BulkSendSchema,
  CHAT_MESSAGE_MAX_LENGTH,
  type BulkRecipients,
} from '../../../shared/api/agent-chat.ts';
import { firstError } from '../../../shared/validation/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { reportActionError } from '../accounts/common/action-error.ts';
import { AGENT_CHAT_QUERY_KEY } from './chat-keys.ts';
import { bulkSend } from './chat-queries.ts';
import { OFFLINE_CHAT_REASON } from './ConversationPane.tsx';

export function BulkSendForm() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [recipients, setRecipients] = useState<BulkRecipients>('ALL_DIRECT_MEMBER');
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: bulkSend,
    onSuccess: ({ recipientCount }) => {
      setContent('');
      toastSuccess(`已发送给 ${recipientCount} 位会员`);
      void queryClient.invalidateQueries({ queryKey: AGENT_CHAT_QUERY_KEY });
    },
    onError: reportActionError,
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const message = firstError(BulkSendSchema, { recipients, content });
    setProblem(message);
    if (message) return toastError(message);
    send.mutate({ recipients, content });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="群发消息" data-testid="chat-bulk-form">
      <Stack gap="sm">
        <Radio.Group label="接收对象" value={recipients} onChange={(value) => setRecipients(value as BulkRecipients)}>
          <Stack gap={4} mt={4}>
            {BULK_RECIPIENTS.map((value) => (
              <Radio key={value} value={value} label={BULK_RECIPIENT_LABELS[value]} py={12} data-testid={`chat-bulk-${value}`} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="消息内容"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={content}
          error={problem}
          onChange={(event) => setContent(event.currentTarget.value)}
          data-testid="chat-bulk-input"
        />
        {!online && <Alert color="orange">{OFFLINE_CHAT_REASON}</Alert>}
        <Text size="xs" c="dimmed">
          每位会员都会在与您的对话中收到这条消息，可以直接回复。
        </Text>
        <Button type="submit" mih={44} disabled={!online} loading={send.isPending} data-testid="chat-bulk-send">
          群发
        </Button>
      </Stack>
    </form>
  );
}
