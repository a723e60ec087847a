// The floating chat button (spec §2.4, logged in only) with the unread count of customer-service
// messages: the count is fetched once, then kept by the live stream (unreadMessageCount). It opens the
// window: a 600×600 popup on desktop, the same tab on a phone.
import { Button, Indicator } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ChatIcon } from '../../components/icons.tsx';
import { useOpenCustomerService } from '../../components/footer/CustomerService.tsx';
import { UNREAD_CHAT_QUERY_KEY } from '../mail/mail-queries.ts';
import { useUnreadChatCount } from '../mail/use-unread.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { fetchUnread } from './chat-api.ts';
import { SUPPORT_UNREAD_QUERY_KEY } from './chat-keys.ts';

export default function CustomerChatFloat() {
  const customer = useCurrentCustomer();
  const queryClient = useQueryClient();
  const open = useOpenCustomerService();
  const count = useUnreadChatCount('SUPPORT');
  const initial = useQuery({
    queryKey: SUPPORT_UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => fetchUnread(signal),
    enabled: customer !== null,
    staleTime: Infinity,
    meta: { persist: false },
  }).data;
  useEffect(() => {
    if (initial) queryClient.setQueryData([...UNREAD_CHAT_QUERY_KEY, 'SUPPORT'], initial.count);
  }, [initial, queryClient]);
  if (!customer) return null;
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" disabled={count === 0} offset={4} data-testid="customer-chat-badge">
      <Button size="compact-sm" radius="xl" h={44} leftSection={<ChatIcon size={16} />} onClick={() => open(1)} data-testid="customer-chat-float" aria-label={`在线客服${count > 0 ? `，${count}条未读` : ''}`}>
        客服
      </Button>
    </Indicator>
  );
}
