// The chat contact list: search, and per contact its name, the agent's remark and status, an online
// dot (or when it was last seen), the unread count and the last message. Text only, never markup.
import { Badge, Box, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { ChatContact } from '../../../shared/api/agent-chat.ts';
import { formatAge } from '../../lib/relative-time.ts';

function OnlineDot({ contact }: { contact: ChatContact }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={contact.online ? '在线' : '离线'}
      data-testid="chat-online-dot"
      data-online={contact.online}
      w={10}
      h={10}
      style={{
        display: 'inline-block',
        flex: 'none',
        borderRadius: '50%',
        background: contact.online ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-5)',
      }}
    />
  );
}

function presence(contact: ChatContact): string {
  if (contact.online) return '在线';
  return contact.lastSeenAt ? `${formatAge(contact.lastSeenAt)}在线` : '离线';
}

function ContactRow({ contact, selected, onSelect }: { contact: ChatContact; selected: boolean; onSelect: () => void }) {
  const note = [contact.remark, contact.status].filter(Boolean).join(' · ');
  return (
    <UnstyledButton
      onClick={onSelect}
      data-testid={`chat-contact-${contact.id}`}
      data-username={contact.username}
      aria-current={selected ? 'true' : undefined}
      p="xs"
      mih={56}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box pt={6}>
          <OnlineDot contact={contact} />
        </Box>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={600} truncate>
              {contact.relation === 'UPLINE' ? `上级 ${contact.username}` : contact.username}
            </Text>
            {contact.unread > 0 && (
              <Badge size="sm" color="red" circle={contact.unread < 10} data-testid="chat-contact-unread">
                {contact.unread > 99 ? '99+' : contact.unread}
              </Badge>
            )}
          </Group>
          {note && (
            <Text size="xs" c="orange" truncate data-testid="chat-contact-note">
              {note}
            </Text>
          )}
          <Text size="xs" c="dimmed" truncate>
            {contact.lastMessage ?? presence(contact)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

export function ContactList({
  contacts,
  selectedId,
  onSelect,
  search,
  onSearch,
}: {
  contacts: readonly ChatContact[];
  selectedId: number | null;
  onSelect: (contact: ChatContact) => void;
  search: string;
  onSearch: (text: string) => void;
}) {
  return (
    <Stack gap="xs">
      <TextInput
        aria-label="搜索联系人"
        placeholder="搜索用户名、备注或状态"
        value={search}
        maxLength={16}
        onChange={(event) => onSearch(event.currentTarget.value)}
        data-testid="chat-contact-search"
      />
      <Stack gap={2} data-testid="chat-contacts">
        {contacts.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            没有找到联系人
          </Text>
        )}
        {contacts.map((contact) => (
          <ContactRow key={contact.id} contact={contact} selected={contact.id === selectedId} onSelect={() => onSelect(contact)} />
        ))}
      </Stack>
    </Stack>
  );
}
