import { Button, Menu } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ChatIcon } from '../icons.tsx';

/**
 * Line 1 with lines 2 and 3 in a hover panel. Loaded once the player points at or focuses the plain
 * line-1 button that stands in for it, so Mantine's Menu and floating-ui stay out of the first load;
 * it mounts open (the pointer is already over it) and takes the focus over when the button had it.
 */
export default function CustomerServiceMenu({ open, takeFocus }: { open: (line: 1 | 2 | 3) => void; takeFocus: boolean }) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) target.current?.focus();
  }, [takeFocus]);
  return (
    <Menu trigger="hover" openDelay={150} closeDelay={150} position="top" defaultOpened>
      <Menu.Target>
        <Button ref={target} variant="light" leftSection={<ChatIcon size={16} />} onClick={() => open(1)} data-testid="customer-service-1">
          在线客服1
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => open(2)} data-testid="customer-service-2">
          在线客服2
        </Menu.Item>
        <Menu.Item onClick={() => open(3)} data-testid="customer-service-3">
          在线客服3
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
