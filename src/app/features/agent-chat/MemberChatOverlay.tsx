// /account/chat (联系上级): a member's conversation with its direct parent agent, and with a higher
// upline agent that wrote to it. A customer without an upline is told so.
import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { useOnline } from '../../lib/online.ts';
import { QueryState } from '../agent/team/QueryState.tsx';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { ConversationPane } from './ConversationPane.tsx';
import { contactsQueryOptions } from './chat-queries.ts';

export function MemberChatOverlay() {
  const online = useOnline();
  const contacts = useQuery(contactsQueryOptions(''));
  const uplines = (contacts.data?.items ?? []).filter((contact) => contact.relation === 'UPLINE').sort((a, b) => a.level - b.level);
  const [chosen, setChosen] = useState<number | null>(null);
  const current = uplines.find((contact) => contact.id === chosen) ?? uplines[0];
  return (
    <OverlayFrame title="联系上级">
      <Stack gap="sm" data-testid="member-chat-overlay">
        {!contacts.data ? (
          <QueryState query={contacts} offlineText="联网后才能联系上级" />
        ) : !current ? (
          <Alert color="gray" data-testid="member-chat-no-parent">
            您没有上级代理，无法使用此功能
          </Alert>
        ) : (
          <>
            {!online && <LastKnownAge fetchedAt={contacts.dataUpdatedAt} testId="chat-contacts-last-known" />}
            {uplines.length > 1 && (
              <SegmentedControl
                value={String(current.id)}
                onChange={(value) => setChosen(Number(value))}
                data={uplines.map((contact) => ({
                  value: String(contact.id),
                  label: `${contact.level === 1 ? '直属上级' : '上级'} ${contact.username}${contact.unread > 0 ? ` (${contact.unread})` : ''}`,
                }))}
              />
            )}
            <ConversationPane key={current.id} contactId={current.id} />
          </>
        )}
      </Stack>
    </OverlayFrame>
  );
}
