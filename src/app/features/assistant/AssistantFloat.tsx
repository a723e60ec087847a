// The floating AI button (spec §2.4, logged in): opens the assistant's chat, whose UI loads on the
// first press. Offline, the button says the assistant needs a connection and stays disabled.
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useOnline } from '../../lib/online.ts';
import { ASSISTANT_OFFLINE, ASSISTANT_TITLE } from './labels.ts';

const AssistantChat = lazy(() => import('./AssistantChat.tsx'));

export default function AssistantFloat() {
  const online = useOnline();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size="compact-md"
        radius="xl"
        mih={44}
        disabled={!online}
        title={online ? ASSISTANT_TITLE : ASSISTANT_OFFLINE}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        data-testid="assistant-float"
      >
        {online ? '智能助手' : '智能助手 · 需联网'}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <AssistantChat opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
