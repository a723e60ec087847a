// One box, newest first: unread mails carry a dot and a bold subject. Offline, the last-known page is
// shown with its age.
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAIL_ROLE_LABELS, type MailBox, type MailSummary } from '../../../shared/api/mail.ts';
import { useOnline } from '../../lib/online.ts';
import { QueryState } from '../agent/team/QueryState.tsx';
import { TeamPager } from '../agent/team/TeamPager.tsx';
import { formatContentDate } from '../content/content-date.ts';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { MAIL_PAGE_SIZE, mailListQueryOptions } from './mail-api.ts';

const EMPTY: Record<MailBox, string> = {
  received: '收件箱里还没有站内信',
  sent: '您还没有发送过站内信',
};

export function MailList({ box, page, onPage, onOpen }: { box: MailBox; page: number; onPage: (page: number) => void; onOpen: (id: number) => void }) {
  const online = useOnline();
  const query = useQuery(mailListQueryOptions(box, page));
  if (!query.data) return <QueryState query={query} offlineText="站内信需要联网后才能加载" />;
  const { items, total } = query.data;
  return (
    <Stack gap="xs" data-testid={`mail-list-${box}`}>
      {!online && <LastKnownAge fetchedAt={query.dataUpdatedAt} testId="mail-last-known" />}
      {items.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {EMPTY[box]}
        </Text>
      )}
      {items.map((mail) => (
        <MailRow key={mail.id} mail={mail} box={box} onOpen={() => onOpen(mail.id)} />
      ))}
      <TeamPager total={total} page={page} pageSize={MAIL_PAGE_SIZE} onPage={onPage} testId="mail" />
    </Stack>
  );
}

function MailRow({ mail, box, onOpen }: { mail: MailSummary; box: MailBox; onOpen: () => void }) {
  const unread = box === 'received' && !mail.read;
  const who = box === 'received' ? `${MAIL_ROLE_LABELS[mail.role]} · ${mail.from}` : `发给 ${mail.to}`;
  return (
    <UnstyledButton
      onClick={onOpen}
      mih={44}
      p="xs"
      className="jl-mail-row"
      data-testid="mail-row"
      data-unread={unread}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          w={8}
          h={8}
          mt={7}
          style={{
            borderRadius: '50%',
            flex: 'none',
            background: unread ? 'var(--mantine-color-red-6)' : 'transparent',
          }}
          aria-label={unread ? '未读' : undefined}
          data-testid={unread ? 'mail-unread-dot' : undefined}
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={unread ? 700 : 400} truncate="end" data-testid="mail-row-subject">
            {mail.subject}
          </Text>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end">
              {who}
            </Text>
            <Text size="xs" c="dimmed" className="jl-nowrap">
              {formatContentDate(mail.createdAt)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
