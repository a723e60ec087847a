// /agent/chat (agent-only overlay): the team's contacts with remark, status, presence and unread
// counts; a conversation pane; and 群发 to the three recipient groups of spec §3.5.
import { Box, Button, Group, Pagination, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { ChatContact } from '../../../shared/api/agent-chat.ts';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { useIsPhone } from '../../lib/device.ts';
import { useOnline } from '../../lib/online.ts';
import { QueryState } from '../agent/team/QueryState.tsx';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { BulkSendForm } from './BulkSendForm.tsx';
import { ContactList } from './ContactList.tsx';
import { ConversationPane } from './ConversationPane.tsx';
import { contactsQueryOptions } from './chat-queries.ts';
import { RemarkEditor } from './RemarkEditor.tsx';

function ConversationHeader({ contact, onBack }: { contact: ChatContact; onBack?: (() => void) | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {onBack && (
        <Button variant="subtle" size="compact-sm" mih={44} onClick={onBack} data-testid="chat-back">
          返回
        </Button>
      )}
      <Text fw={600} truncate data-testid="chat-contact-title">
        {contact.relation === 'UPLINE' ? `上级 ${contact.username}` : contact.username}
      </Text>
    </Group>
  );
}

function Chats() {
  const phone = useIsPhone();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const contacts = useQuery(contactsQueryOptions(deferredSearch, page));
  const [selected, setSelected] = useState<ChatContact | null>(null);
  const current = contacts.data?.items.find((contact) => contact.id === selected?.id) ?? selected;

  const list = contacts.data ? (
    <Stack gap="xs">
      {!online && <LastKnownAge fetchedAt={contacts.dataUpdatedAt} testId="chat-contacts-last-known" />}
      <ContactList
        contacts={contacts.data.items}
        selectedId={current?.id ?? null}
        onSelect={setSelected}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      {contacts.data.total > contacts.data.pageSize && (
        <Pagination size="sm" total={Math.ceil(contacts.data.total / contacts.data.pageSize)} value={page} onChange={setPage} />
      )}
    </Stack>
  ) : (
    <QueryState query={contacts} offlineText="联网后才能查看团队联系人" />
  );

  const conversation = current && (
    <Stack gap="xs">
      <ConversationHeader contact={current} onBack={phone ? () => setSelected(null) : undefined} />
      {current.relation === 'MEMBER' && <RemarkEditor key={current.id} contact={current} />}
      <ConversationPane key={current.id} contactId={current.id} height={phone ? 320 : 380} />
    </Stack>
  );

  if (phone) return conversation ?? list;
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Box style={{ flex: '0 0 38%', minWidth: 0 }}>{list}</Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {conversation ?? (
          <Text c="dimmed" size="sm" ta="center" py="xl">
            选择一位联系人开始聊天
          </Text>
        )}
      </Box>
    </Group>
  );
}

export function AgentChatOverlay() {
  return (
    <OverlayFrame title="团队聊天" size="xl">
      <Tabs defaultValue="chats" data-testid="agent-chat-overlay" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="chats" mih={44} data-testid="chat-tab-chats">
            对话
          </Tabs.Tab>
          <Tabs.Tab value="bulk" mih={44} data-testid="chat-tab-bulk">
            群发
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chats">
          <Chats />
        </Tabs.Panel>
        <Tabs.Panel value="bulk">
          <BulkSendForm />
        </Tabs.Panel>
      </Tabs>
    </OverlayFrame>
  );
}
