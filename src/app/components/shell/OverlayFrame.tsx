import type { ReactNode } from 'react';
import { useIsPhone } from '../../lib/device.ts';
import { Dialog } from '../Dialog.tsx';
import { useCloseOverlay } from '../../routing/overlay.tsx';

/** The frame of every overlay route: a modal over the page behind, full screen on phones. */
export function OverlayFrame({ title, children, size = 'lg' }: { title: string; children: ReactNode; size?: string }) {
  const close = useCloseOverlay();
  const phone = useIsPhone();
  return (
    <Dialog opened onClose={close} title={title} fullScreen={phone} size={size} transitionProps={{ duration: 150 }}>
      <div data-testid="overlay">{children}</div>
    </Dialog>
  );
}
