// The customer-service pieces that run without a server: the live hook (refreshes the chat, toasts only
// while the window is closed), the message list (markup shows as text, never as elements), merging
// stream messages into what a refetch brought, the window's address and the image pre-check.
import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportMessage } from '../../src/shared/api/support-chat.ts';
import { SUPPORT_CHAT_QUERY_KEY, OPEN_KEY } from '../../src/app/features/customer-service/chat-keys.ts';
import { imageProblem } from '../../src/app/features/customer-service/Composer.tsx';
import { onSupportChatMessage } from '../../src/app/features/customer-service/live.ts';
import { MessageList } from '../../src/app/features/customer-service/MessageList.tsx';
import { validateCustomerServiceSearch } from '../../src/app/features/customer-service/search.ts';
import { mergeMessages } from '../../src/app/features/customer-service/use-support-chat.ts';

const notices: string[] = [];
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => notices.push(`error:${message}`),
  toastSuccess: (message: string) => notices.push(message),
}));

const XSS = '<img src=x onerror=window.__xss=1><script>window.__xss=2</script>';
const message = (id: number, sender: SupportMessage['sender'], text: string): SupportMessage => ({
  id,
  conversationId: 1,
  sender,
  operatorName: sender === 'OPERATOR' ? '小美' : null,
  kind: 'TEXT',
  text,
  imageUrl: null,
  createdAt: '2026-11-26T10:00:00.000Z',
});

let queryClient: QueryClient;
beforeEach(() => {
  notices.length = 0;
  queryClient = new QueryClient();
  localStorage.removeItem(OPEN_KEY);
});
afterEach(() => queryClient.clear());

describe('onSupportChatMessage', () => {
  const event = { channel: 'SUPPORT' as const, messageId: 9, contactId: null, from: '小美', content: '您好' };

  it('refreshes the chat and shows who wrote while the window is closed', () => {
    queryClient.setQueryData(SUPPORT_CHAT_QUERY_KEY, { conversation: null, messages: [], hasMore: false, unread: 0 });
    onSupportChatMessage(queryClient, event, '9');
    expect(queryClient.getQueryState(SUPPORT_CHAT_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(notices).toEqual(['小美：您好']);
  });

  it('stays quiet while the window (maybe a popup) is open', () => {
    localStorage.setItem(OPEN_KEY, String(Date.now()));
    onSupportChatMessage(queryClient, event, '9');
    expect(notices).toEqual([]);
  });
});

describe('MessageList', () => {
  it('renders markup as text, with read receipts on my messages', () => {
    const { container } = render(
      <MantineProvider>
        <MessageList messages={[message(1, 'CUSTOMER', XSS), message(2, 'OPERATOR', '收到')]} mine="CUSTOMER" readUpTo={1} nameOf={() => 'x'} />
      </MantineProvider>,
    );
    expect(screen.getAllByTestId('chat-text')[0]!.textContent).toBe(XSS);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByTestId('chat-read')).toHaveLength(1);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe('helpers', () => {
  it('merges stream messages into a refetch without repeats, in id order', () => {
    const merged = mergeMessages([message(1, 'CUSTOMER', 'a'), message(3, 'OPERATOR', 'c')], [message(2, 'SYSTEM', 'b'), message(3, 'OPERATOR', 'c')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("keeps only a valid line, page and name from the window's address", () => {
    expect(validateCustomerServiceSearch({ token: 'demo', source: 2, route: '/lottery' })).toEqual({ token: 'demo', source: 2, route: '/lottery' });
    expect(validateCustomerServiceSearch({ token: 5, source: 7, route: 'https://evil.example' })).toEqual({ token: undefined, source: undefined, route: undefined });
  });

  it('checks an image before sending it', () => {
    expect(imageProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('只支持 PNG、JPEG、WebP 格式的图片');
    expect(imageProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe('图片不能超过 2MB');
    expect(imageProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
  });
});
