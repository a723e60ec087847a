// The header's 域名 button (spec §2.3) for agents: the domains a registration link can point to —
// this site first, then the operator's registration domains — each with a copy button.
import { Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog.tsx';
import { GlobeIcon } from '../../../components/icons.tsx';
import { copyText } from './copy-text.ts';
import { domainListQuery } from './link-queries.ts';
import { useLinkOrigins } from './use-link-origins.ts';

function DomainList() {
  const { isPending } = useQuery(domainListQuery());
  const origins = useLinkOrigins();
  return (
    <Stack gap="xs" data-testid="domain-list">
      {origins.map((origin, index) => (
        <Group key={origin} justify="space-between" wrap="nowrap" data-testid="domain-item">
          <Stack gap={0}>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {origin.replace(/^https?:\/\//, '')}
            </Text>
            {index === 0 && (
              <Text size="xs" c="dimmed">
                当前域名
              </Text>
            )}
          </Stack>
          <Button size="xs" variant="light" onClick={() => void copyText(origin, '域名')}>
            复制
          </Button>
        </Group>
      ))}
      {isPending && <Loader size="sm" aria-label="加载中" />}
      <Text size="xs" c="dimmed">
        生成的注册链接可使用以上任一域名。
      </Text>
    </Stack>
  );
}

export function DomainDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog opened onClose={onClose} title="推广域名" testId="domain-dialog">
      <DomainList />
    </Dialog>
  );
}

/** The desktop header's button. */
export function DomainButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="default" leftSection={<GlobeIcon size={16} />} onClick={() => setOpen(true)} data-testid="domain-button">
        域名
      </Button>
      {open && <DomainDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The phone header's menu entry: the dialog opens outside the menu, which closes on click. */
export function DomainMenuItem({ onOpen }: { onOpen: () => void }) {
  return (
    <Menu.Item leftSection={<GlobeIcon size={16} />} onClick={onOpen} data-testid="menu-domain">
      域名
    </Menu.Item>
  );
}
