// One conversation at the desk: the customer's recent history, and what this operator may do with it —
// claim a waiting one; answer, transfer or close one they hold; close a waiting one. Reading it marks
// the customer's messages read (their read receipts).
import { Alert, Badge, Button, Group, Loader, ScrollArea, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SUPPORT_STATUS_LABELS, type DeskConversation } from '../../../shared/api/support-chat.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { fileToBase64 } from '../../../app/features/customer-service/chat-api.ts';
import { Composer } from '../../../app/features/customer-service/Composer.tsx';
import { MessageList } from '../../../app/features/customer-service/MessageList.tsx';
import { useOperator } from '../../lib/operator.ts';
import { DESK_KEY, deskApi, detailQuery, operatorsQuery } from './queries.ts';

function TransferForm({ conversation, onDone }: { conversation: DeskConversation; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(operatorsQuery);
  const [target, setTarget] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const transfer = useMutation({
    mutationFn: () => deskApi.transfer(conversation.id, Number(target), reason.trim() || undefined),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DESK_KEY });
      onDone();
    },
  });
  const options = (data?.items ?? []).filter((o) => o.id !== conversation.operatorId).map((o) => ({ value: String(o.id), label: `${o.displayName}（${o.username}）` }));
  return (
    <Stack gap="xs" data-testid="support-transfer-form">
      <Group align="end">
        <Select label="转接给" data={options} value={target} onChange={setTarget} placeholder="选择客服" searchable w={220} data-testid="support-transfer-target" />
        <TextInput label="转接说明（记入审计日志）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} w={240} />
        <Button onClick={() => transfer.mutate()} disabled={!target} loading={transfer.isPending} data-testid="support-transfer-confirm">
          确认转接
        </Button>
      </Group>
      {transfer.isError && <Text size="sm" c="red" role="alert">{errorMessage(transfer.error)}</Text>}
    </Stack>
  );
}

export function ConversationPane({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { operator, can } = useOperator();
  const { data, error, isPending } = useQuery(detailQuery(id));
  const [transferring, setTransferring] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: DESK_KEY });
  const act = (run: () => Promise<unknown>) => ({
    mutationFn: run,
    onSuccess: () => {
      setProblem(null);
      refresh();
    },
    onError: (failure: Error) => {
      setProblem(errorMessage(failure));
      refresh();
    },
  });
  const claim = useMutation(act(() => deskApi.claim(id)));
  const close = useMutation(act(() => deskApi.close(id)));
  const sendImage = useMutation({ ...act(async () => undefined), mutationFn: async (file: File) => deskApi.image(id, await fileToBase64(file)) });

  const conversation = data?.conversation;
  const holder = conversation?.status === 'ACTIVE' && (conversation.operatorId === operator?.id || operator?.role === 'SUPER_ADMIN');
  const mayAct = can('support.chat');

  // Read receipts: the newest customer message on screen, once, while this operator holds it.
  const newestCustomer = (data?.messages ?? []).reduce((newest, m) => (m.sender === 'CUSTOMER' && m.conversationId === id ? m.id : newest), 0);
  const readSent = useRef(0);
  useEffect(() => {
    if (!holder || !mayAct || !conversation || conversation.unread === 0 || newestCustomer <= readSent.current) return;
    readSent.current = newestCustomer;
    void deskApi.read(id, newestCustomer).then(refresh, () => (readSent.current = 0));
  });

  if (isPending) return <Loader aria-label="加载中" />;
  if (error || !conversation) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;

  const sendText = async (text: string) => {
    try {
      await deskApi.text(id, text);
      setProblem(null);
      refresh();
      return true;
    } catch (failure) {
      setProblem(errorMessage(failure));
      return false;
    }
  };

  return (
    <Stack gap={0} h="100%" data-testid="support-conversation">
      <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="xs">
          <Title order={4}>{conversation.customerName}</Title>
          <Badge color={conversation.status === 'ACTIVE' ? 'teal' : conversation.status === 'WAITING' ? 'orange' : 'gray'} data-testid="support-conversation-status">
            {SUPPORT_STATUS_LABELS[conversation.status]}
          </Badge>
          {conversation.operatorName && <Text size="sm" c="dimmed">接待：{conversation.operatorName}</Text>}
          {conversation.source && <Text size="sm" c="dimmed">线路 {conversation.source}</Text>}
          {conversation.route && <Text size="sm" c="dimmed">来自 {conversation.route}</Text>}
        </Group>
        {mayAct && (
          <Group gap="xs">
            {conversation.status === 'WAITING' && (
              <Button onClick={() => claim.mutate()} loading={claim.isPending} data-testid="support-claim">
                接入
              </Button>
            )}
            {holder && (
              <Button variant="default" onClick={() => setTransferring((v) => !v)} data-testid="support-transfer">
                转接
              </Button>
            )}
            {(holder || conversation.status === 'WAITING') && (
              <Button color="red" variant="light" onClick={() => close.mutate()} loading={close.isPending} data-testid="support-close">
                结束会话
              </Button>
            )}
          </Group>
        )}
      </Group>
      {transferring && holder && (
        <Stack p="sm">
          <TransferForm conversation={conversation} onDone={() => setTransferring(false)} />
        </Stack>
      )}
      {problem && <Text size="sm" c="red" role="alert" px="sm" pt="xs" data-testid="support-problem">{problem}</Text>}
      <ScrollArea style={{ flex: 1 }} h={480} type="auto">
        <MessageList
          messages={data.messages}
          mine="OPERATOR"
          readUpTo={conversation.customerReadId}
          nameOf={(message) => (message.sender === 'CUSTOMER' ? conversation.customerName : `客服 ${message.operatorName ?? ''}`)}
          footer={conversation.customerTyping && <Text size="xs" c="dimmed" data-testid="support-customer-typing">客户正在输入…</Text>}
        />
      </ScrollArea>
      {holder && mayAct && (
        <Composer
          offline={false}
          sending={sendImage.isPending}
          onText={sendText}
          onImage={(file) => sendImage.mutate(file)}
          onTyping={() => void deskApi.typing(id).catch(() => {})}
          placeholder="回复客户"
        />
      )}
    </Stack>
  );
}
