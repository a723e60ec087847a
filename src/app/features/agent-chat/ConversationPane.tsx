// One conversation: the messages (plain text, never markup), older pages on request, the send box.
// What the caller received is marked read while the pane shows it. Offline, the last known messages
// stay readable with their age and sending says it needs a connection.
import { Alert, Box, Button, Group, Loader, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessageText, type AgentChatMessage } from '../../../shared/api/agent-chat.ts';
import { firstError } from '../../../shared/validation/errors.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { useOnline } from '../../lib/online.ts';
import { reportActionError } from '../accounts/common/action-error.ts';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { AGENT_UNREAD_QUERY_KEY, CONTACTS_QUERY_KEY, conversationQueryKey, setOpenConversation } from './chat-keys.ts';
import { conversationQueryOptions, markRead, olderMessages, sendMessage } from './chat-queries.ts';

export const OFFLINE_CHAT_REASON = '当前网络已断开，发送消息需要联网';

const timeFormat = new Intl.DateTimeFormat('zh-CN', { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

function MessageBubble({ message }: { message: AgentChatMessage }) {
  return (
    <Group justify={message.mine ? 'flex-end' : 'flex-start'} wrap="nowrap">
      <Box
        data-testid="chat-message"
        data-mine={message.mine}
        maw="80%"
        px="sm"
        py={6}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          background: message.mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)',
        }}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-message-text">
          {message.content}
        </Text>
        <Text size="xs" c="dimmed" ta={message.mine ? 'right' : 'left'}>
          {message.bulk ? '群发 · ' : ''}
          {timeFormat.format(message.createdAt)}
          {message.mine ? (message.read ? ' · 已读' : ' · 未读') : ''}
        </Text>
      </Box>
    </Group>
  );
}

export function ConversationPane({ contactId, height = 360 }: { contactId: number; height?: number }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const conversation = useQuery(conversationQueryOptions(contactId));
  const [older, setOlder] = useState<{ items: AgentChatMessage[]; hasMore: boolean } | null>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setOpenConversation(contactId);
    setOlder(null);
    return () => setOpenConversation(null);
  }, [contactId]);

  const items = conversation.data?.items ?? [];
  const unreadIncoming = items.some((message) => !message.mine && !message.read);
  const read = useMutation({
    mutationFn: () => markRead(contactId),
    onSuccess: ({ count }) => {
      queryClient.setQueryData(AGENT_UNREAD_QUERY_KEY, count);
      void queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
    },
  });
  useEffect(() => {
    if (unreadIncoming && online && !read.isPending) read.mutate();
    // Re-checked on each refetch: a message that arrives while the pane is open is read at once.
  }, [unreadIncoming, online, conversation.dataUpdatedAt]);

  const lastId = items.at(-1)?.id;
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [lastId]);

  const send = useMutation({
    mutationFn: sendMessage,
    onSuccess: () => {
      setDraft('');
      void queryClient.invalidateQueries({ queryKey: conversationQueryKey(contactId) });
      void queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
    },
    onError: reportActionError,
  });
  const loadOlder = useMutation({
    mutationFn: () => olderMessages(contactId, (older?.items[0] ?? items[0])!.id),
    onSuccess: (page) => setOlder((previous) => ({ items: [...page.items, ...(previous?.items ?? [])], hasMore: page.hasMore })),
    onError: reportActionError,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const message = firstError(chatMessageText.required, draft);
    setProblem(message);
    if (message || !online) return;
    send.mutate({ contactId, content: draft });
  };

  if (!conversation.data) {
    if (conversation.isError) return <Alert color="red">{errorMessage(conversation.error)}</Alert>;
    if (conversation.fetchStatus === 'paused') return <Alert title="网络已断开">联网后才能查看这段对话</Alert>;
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="加载中" />
      </Group>
    );
  }
  const hasMore = older ? older.hasMore : conversation.data.hasMore;
  const shown = [...(older?.items ?? []), ...items];
  return (
    <Stack gap="xs" data-testid="chat-conversation" data-contact-id={contactId}>
      {!online && <LastKnownAge fetchedAt={conversation.dataUpdatedAt} testId="chat-last-known" />}
      <ScrollArea h={height} viewportRef={viewport} type="auto" offsetScrollbars>
        <Stack gap={6} p={4}>
          {hasMore && (
            <Button variant="subtle" size="xs" onClick={() => loadOlder.mutate()} loading={loadOlder.isPending} disabled={!online} mih={44}>
              加载更早的消息
            </Button>
          )}
          {shown.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="lg" data-testid="chat-empty">
              还没有消息，打个招呼吧
            </Text>
          )}
          {shown.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </Stack>
      </ScrollArea>
      <form onSubmit={submit} noValidate aria-label="发送消息">
        <Stack gap={6}>
          <Textarea
            aria-label="消息内容"
            placeholder="输入消息"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            value={draft}
            error={problem}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
            }}
            data-testid="chat-input"
          />
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" c={online ? 'dimmed' : 'orange'} data-testid={online ? undefined : 'chat-offline-reason'}>
              {online ? `${[...draft].length}/${CHAT_MESSAGE_MAX_LENGTH}` : OFFLINE_CHAT_REASON}
            </Text>
            <Button type="submit" disabled={!online} loading={send.isPending} mih={44} data-testid="chat-send">
              发送
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
