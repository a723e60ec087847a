// 站内信 in the app: the footer's unread count is asked of the server once a non-trial customer is
// known and then follows the unreadMailCount event (which also refreshes the mail lists); what a
// customer types is sent as escaped text; offline, the compose form says sending needs a connection.
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { applyLiveEvent } from '../../src/app/features/live/apply-live-event.ts';
import { MailCompose, OFFLINE_SEND_REASON } from '../../src/app/features/mail/MailCompose.tsx';
import { mailRecipientsQueryOptions, textToMailHtml } from '../../src/app/features/mail/mail-api.ts';
import { MAIL_LIST_QUERY_KEY } from '../../src/app/features/mail/mail-queries.ts';
import { useUnreadMailCount } from '../../src/app/features/mail/use-unread.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { theme } from '../../src/app/theme.ts';

const PLAYER: CurrentCustomer = {
  name: 'mail_player',
  alias: '站内信玩家',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'NOT_VIP',
  testMode: null,
  firstLogin: false,
  firstLoginContactRequired: false,
  registrationLinkId: null,
  prizeGroup: 1950,
};

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function client(customer: CurrentCustomer | null): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setSession(queryClient, customer);
  return queryClient;
}

function wrap(queryClient: QueryClient, children: ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>,
  );
}

function Badge() {
  return <span data-testid="count">{useUnreadMailCount()}</span>;
}

function stubFetch(count: number) {
  const fetchMock = vi.fn(async (input: string) => {
    if (String(input).startsWith('/ajax/mail/unread-count')) return new Response(JSON.stringify({ count }), { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the unread count', () => {
  it('is asked of the server for a logged-in customer, then follows the live event and refreshes the lists', async () => {
    const fetchMock = stubFetch(3);
    const queryClient = client(PLAYER);
    queryClient.setQueryData([...MAIL_LIST_QUERY_KEY, 'received', 1], { items: [], total: 0, page: 1, size: 10 });
    wrap(queryClient, <Badge />);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('3'));
    expect(fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/ajax/mail/unread-count'))).toHaveLength(1);

    applyLiveEvent(queryClient, 'unreadMailCount', { count: 5 }, '7');
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('5'));
    expect(queryClient.getQueryState([...MAIL_LIST_QUERY_KEY, 'received', 1])?.isInvalidated).toBe(true);
  });

  it('is never asked for a trial account or a visitor, and reads 0', async () => {
    const fetchMock = stubFetch(9);
    wrap(client({ ...PLAYER, testMode: 'USER_TEST' }), <Badge />);
    wrap(client(null), <Badge />);
    await Promise.resolve();
    expect(screen.getAllByTestId('count').map((node) => node.textContent)).toEqual(['0', '0']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('writing', () => {
  it('sends what was typed as escaped text, one paragraph per line', () => {
    expect(textToMailHtml('你好 <b>"朋友"</b> & 同事\n\n第二段')).toBe('<p>你好 &lt;b&gt;&quot;朋友&quot;&lt;/b&gt; &amp; 同事</p><p><br></p><p>第二段</p>');
  });

  it('offline, the form says sending needs a connection and cannot send', async () => {
    vi.stubGlobal('fetch', vi.fn());
    onlineManager.setOnline(false);
    const queryClient = client(PLAYER);
    queryClient.setQueryData(mailRecipientsQueryOptions().queryKey, { groups: ['DIRECT_PARENT', 'ADMIN'], members: [], parent: 'mail_agent' });
    wrap(queryClient, <MailCompose onCancel={() => {}} onSent={() => {}} />);
    expect((await screen.findByText(OFFLINE_SEND_REASON)).textContent).toBe(OFFLINE_SEND_REASON);
    expect((screen.getByTestId('mail-send') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('mail-recipient-group').textContent).toContain('上级代理（mail_agent）');
  });
});
