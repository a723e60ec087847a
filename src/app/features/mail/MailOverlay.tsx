// /mail/{tab} (spec §2.1, overlay, non-trial): 站内信 — the received and sent boxes, one mail, and the
// compose form. Switching tabs replaces the history entry, so closing returns to the page behind.
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { MailBox } from '../../../shared/api/mail.ts';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { MailCompose } from './MailCompose.tsx';
import { MailDetailView } from './MailDetailView.tsx';
import { MailList } from './MailList.tsx';

type View = { kind: 'list' } | { kind: 'detail'; id: number } | { kind: 'compose' };

export function MailOverlay({ tab }: { tab: string | undefined }) {
  const box: MailBox = tab === 'sent' ? 'sent' : 'received';
  const router = useRouter();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [pages, setPages] = useState<Record<MailBox, number>>({
    received: 1,
    sent: 1,
  });
  const openTab = (next: string | null) => {
    setView({ kind: 'list' });
    if ((next === 'received' || next === 'sent') && next !== box) {
      void router.navigate({
        to: '/mail/{-$tab}',
        params: { tab: next },
        replace: true,
        resetScroll: false,
      });
    }
  };
  const backToList = () => setView({ kind: 'list' });
  return (
    <OverlayFrame title="站内信">
      <Stack gap="sm" data-testid="mail-overlay" data-tab={box}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Tabs value={box} onChange={openTab} style={{ flex: 1 }}>
            <Tabs.List grow>
              <Tabs.Tab value="received" data-testid="mail-tab-received">
                收件箱
              </Tabs.Tab>
              <Tabs.Tab value="sent" data-testid="mail-tab-sent">
                发件箱
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {view.kind !== 'compose' && (
            <Button onClick={() => setView({ kind: 'compose' })} data-testid="mail-compose-open" miw={72} mih={44}>
              写信
            </Button>
          )}
        </Group>
        {view.kind === 'list' && (
          <MailList
            box={box}
            page={pages[box]}
            onPage={(page) => setPages((current) => ({ ...current, [box]: page }))}
            onOpen={(id) => setView({ kind: 'detail', id })}
          />
        )}
        {view.kind === 'detail' && <MailDetailView id={view.id} onBack={backToList} />}
        {view.kind === 'compose' && (
          <MailCompose
            onCancel={backToList}
            onSent={() => {
              setView({ kind: 'list' });
              openTab('sent');
            }}
          />
        )}
      </Stack>
    </OverlayFrame>
  );
}
