import { Modal, type ModalProps } from '@mantine/core';

/**
 * Mantine's Modal with the Chinese close label every dialog needs (Mantine ships none). `testId`
 * lands on the visible content box, not on the zero-size root. The modal's `<header>` sits in a
 * portal under <body>, where it would count as a second page banner: it is only layout here.
 */
export function Dialog({ testId, ...props }: ModalProps & { testId?: string }) {
  return (
    <Modal
      centered
      closeButtonProps={{ 'aria-label': '关闭' }}
      attributes={{ header: { role: 'none' }, ...(testId ? { content: { 'data-testid': testId } } : {}) }}
      {...props}
    />
  );
}
