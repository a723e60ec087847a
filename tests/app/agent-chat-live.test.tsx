// The agent chat's live hooks (issue 21 item 3): a chat message refreshes the chat queries and shows a
// notice only with 消息提醒 on and its conversation not on screen; a new member shows a notice only with
// 新客户提醒 on (default off); presence moves the online dot in the cached contact lists. The
// conversation renders a script-like message as text.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatContactList, ChatMessageList } from '../../src/shared/api/agent-chat.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { CONTACTS_QUERY_KEY, conversationQueryKey, setOpenConversation } from '../../src/app/features/agent-chat/chat-keys.ts';
import { onAgentChatMessage, onCustomerUpdated } from '../../src/app/features/agent-chat/live.ts';

const notices: string[] = [];
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => notices.push(`error:${message}`),
  toastSuccess: (message: string) => notices.push(message),
}));

const message = { channel: 'AGENT' as const, messageId: 7, contactId: 42, from: 'agent01', content: '你好' };
const contact = {
  id: 42,
  username: 'member42',
  alias: 'member42',
  type: 'PLAYER' as const,
  relation: 'MEMBER' as const,
  level: 1,
  remark: null,
  status: null,
  online: false,
  lastSeenAt: null,
  unread: 0,
  lastMessage: null,
  lastMessageAt: null,
};

let queryClient: QueryClient;
beforeEach(() => {
  notices.length = 0;
  queryClient = new QueryClient();
  preferences.set('messageAlert', true);
  preferences.set('newCustomerAlert', false);
  setOpenConversation(null);
});
afterEach(() => queryClient.clear());

describe('onAgentChatMessage', () => {
  it('invalidates the contacts and that conversation and shows a notice', () => {
    queryClient.setQueryData([...CONTACTS_QUERY_KEY, { search: '', page: 1 }], { items: [], total: 0, page: 1, pageSize: 50 });
    queryClient.setQueryData(conversationQueryKey(42), { items: [], hasMore: false, contact: { id: 42, username: 'a', alias: 'a', relation: 'UPLINE' } });
    onAgentChatMessage(queryClient, message, '1');
    expect(queryClient.getQueryState([...CONTACTS_QUERY_KEY, { search: '', page: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationQueryKey(42))?.isInvalidated).toBe(true);
    expect(notices).toEqual(['agent01：你好']);
  });

  it('stays quiet with 消息提醒 off, or when the conversation is on screen', () => {
    preferences.set('messageAlert', false);
    onAgentChatMessage(queryClient, message, '1');
    preferences.set('messageAlert', true);
    setOpenConversation(42);
    onAgentChatMessage(queryClient, message, '2');
    expect(notices).toEqual([]);
  });
});

describe('onCustomerUpdated', () => {
  const update = { isNewCustomer: false, online: true, customerId: 42, name: 'member42' };

  it('moves the online dot of the member in every cached contact list', () => {
    const key = [...CONTACTS_QUERY_KEY, { search: '', page: 1 }];
    queryClient.setQueryData<ChatContactList>(key, { items: [contact, { ...contact, id: 43 }], total: 2, page: 1, pageSize: 50 });
    onCustomerUpdated(queryClient, update, '1');
    const list = queryClient.getQueryData<ChatContactList>(key)!;
    expect(list.items.map((item) => [item.id, item.online])).toEqual([
      [42, true],
      [43, false],
    ]);
    expect(notices).toEqual([]);
  });

  it('announces a new member only with 新客户提醒 on (off by default)', () => {
    onCustomerUpdated(queryClient, { ...update, isNewCustomer: true, online: false }, '1');
    expect(notices).toEqual([]);
    preferences.set('newCustomerAlert', true);
    onCustomerUpdated(queryClient, { ...update, isNewCustomer: true, online: false }, '2');
    expect(notices).toEqual(['新会员 member42 加入了您的团队']);
  });
});

describe('ConversationPane', () => {
  it('shows a script-like message as text, not as markup', async () => {
    // jsdom has no FontFaceSet; the autosizing textarea listens to it.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() }, configurable: true });
    }
    const { ConversationPane } = await import('../../src/app/features/agent-chat/ConversationPane.tsx');
    const payload = '<img src=x onerror="window.__xss=1"><b>粗体</b>';
    const list: ChatMessageList = {
      items: [{ id: 1, mine: false, content: payload, createdAt: Date.now(), read: true, bulk: false }],
      hasMore: false,
      contact: { id: 42, username: 'member42', alias: 'member42', relation: 'MEMBER' },
    };
    queryClient.setQueryData(conversationQueryKey(42), list);
    queryClient.setQueryDefaults(conversationQueryKey(42), { staleTime: Infinity });
    const { container } = render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <ConversationPane contactId={42} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect((await screen.findByTestId('chat-message-text')).textContent).toBe(payload);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });
});
