// The 投注单 as a bottom drawer, loaded only when a player first opens it: the drawer (and the modal,
// focus-trap and scroll-lock code under it) would otherwise weigh on every board and dice page.
import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

export default function BetListDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="75%"
      title="投注单"
      closeButtonProps={{ 'aria-label': '关闭' }}
      attributes={{ header: { role: 'none' }, content: { 'data-testid': 'bet-list-drawer' } }}
    >
      {children}
    </Drawer>
  );
}
