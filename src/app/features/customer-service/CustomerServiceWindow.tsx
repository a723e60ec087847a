// The customer-service window (/customer-service): a 600×600 popup on desktop, the whole screen on a
// phone, drawn over the shell. Logged-in customers chat; a visitor is asked to log in first (no guest
// chat: docs/messages/customer-service.md). Offline, the last known messages stay readable with their
// age and sending is disabled with the reason.
import { Badge, Box, Button, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { SUPPORT_STATUS_LABELS, type CustomerChat, type SupportMessage } from '../../../shared/api/support-chat.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { fileToBase64, sendImage, sendText, sendTyping, type Origin } from './chat-api.ts';
import { SUPPORT_CHAT_QUERY_KEY } from './chat-keys.ts';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { appendMessage, useImStream, useSupportChat } from './use-support-chat.ts';
import { useWindowOpenStamp } from './window-open.ts';

const routeApi = getRouteApi('/customer-service');

function statusLine(chat: CustomerChat | undefined): string {
  const conversation = chat?.conversation;
  if (!conversation) return '您好，请问有什么可以帮您？发送消息后客服将尽快为您服务';
  if (conversation.status === 'WAITING') return '正在为您接入客服，请稍候…';
  if (conversation.status === 'ACTIVE') return `客服 ${conversation.operatorName ?? ''} 正在为您服务`;
  return '本次会话已结束，发送消息将开始新的会话';
}

function closeWindow(): void {
  if (window.opener) window.close();
  else window.history.length > 1 ? window.history.back() : window.location.assign('/');
}

function Frame({ children }: { children: React.ReactNode }) {
  // Above the shell: the window needs none of its chrome.
  return (
    <Box
      pos="fixed"
      inset={0}
      style={{ zIndex: 250, background: 'var(--mantine-color-body)', display: 'flex', flexDirection: 'column' }}
      data-testid="customer-service-window"
    >
      {children}
    </Box>
  );
}

function Header({ chat, line }: { chat: CustomerChat | undefined; line: number | undefined }) {
  const status = chat?.conversation?.status;
  return (
    <Group justify="space-between" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap">
        <Title order={4}>在线客服{line ?? ''}</Title>
        {status && (
          <Badge color={status === 'ACTIVE' ? 'teal' : status === 'WAITING' ? 'orange' : 'gray'} data-testid="chat-status">
            {SUPPORT_STATUS_LABELS[status]}
          </Badge>
        )}
      </Group>
      <Button variant="subtle" h={44} onClick={closeWindow}>
        关闭
      </Button>
    </Group>
  );
}

function LoginPrompt() {
  const redirect = `${window.location.pathname}${window.location.search}`;
  return (
    <Frame>
      <Stack align="center" justify="center" h="100%" p="lg" data-testid="customer-service-login">
        <Title order={4}>在线客服</Title>
        <Text ta="center">请先登录后再咨询在线客服，登录后可以保存和查看您的咨询记录。</Text>
        <Button component="a" href={`/?auth=login&redirect=${encodeURIComponent(redirect)}`} h={44}>
          登录
        </Button>
      </Stack>
    </Frame>
  );
}

function Chat() {
  const search = routeApi.useSearch();
  const queryClient = useQueryClient();
  const online = useOnline();
  const { data: chat, isPending, error, dataUpdatedAt } = useSupportChat();
  const { operatorTyping } = useImStream(online && chat !== undefined, chat);
  const origin: Origin = { ...(search.source ? { source: search.source } : {}), ...(search.route ? { route: search.route } : {}) };

  useWindowOpenStamp();

  const afterSend = (message: SupportMessage) => {
    appendMessage(queryClient, message);
    // The first message opens a conversation: learn its state.
    if (!chat?.conversation || chat.conversation.status === 'CLOSED') void queryClient.invalidateQueries({ queryKey: SUPPORT_CHAT_QUERY_KEY });
  };
  const text = useMutation({ mutationFn: (body: string) => sendText(body, origin), onSuccess: afterSend });
  const image = useMutation({
    mutationFn: async (file: File) => sendImage(await fileToBase64(file), origin),
    onSuccess: afterSend,
    onError: (failure) => toastError(errorMessage(failure)),
  });

  const sendTextMessage = async (body: string) => {
    try {
      await text.mutateAsync(body);
      return true;
    } catch (failure) {
      toastError(errorMessage(failure));
      return false;
    }
  };

  const offline = !online;
  return (
    <Frame>
      <Header chat={chat} line={search.source} />
      <Group justify="space-between" px="sm" py={4} wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="chat-status-line">
          {statusLine(chat)}
        </Text>
        {offline && chat && <LastKnownAge fetchedAt={dataUpdatedAt} />}
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        {isPending ? (
          <Group justify="center" p="lg">
            {offline ? <Text c="dimmed">暂无已保存的咨询记录，联网后可查看</Text> : <Loader aria-label="加载中" />}
          </Group>
        ) : error && !chat ? (
          <Text c="red" p="lg" role="alert">
            {errorMessage(error)}
          </Text>
        ) : (
          <MessageList
            messages={chat?.messages ?? []}
            mine="CUSTOMER"
            readUpTo={chat?.conversation?.operatorReadId ?? 0}
            nameOf={(message) => (message.sender === 'CUSTOMER' ? '我' : `客服 ${message.operatorName ?? ''}`)}
            footer={
              operatorTyping && (
                <Text size="xs" c="dimmed" data-testid="chat-typing">
                  客服正在输入…
                </Text>
              )
            }
          />
        )}
      </ScrollArea>
      <Composer
        offline={offline}
        sending={text.isPending || image.isPending}
        onText={sendTextMessage}
        onImage={(file) => image.mutate(file)}
        onTyping={() => void sendTyping().catch(() => {})}
      />
    </Frame>
  );
}

export function CustomerServiceWindow() {
  const customer = useCurrentCustomer();
  return customer ? <Chat /> : <LoginPrompt />;
}
