import { Button, Group, Menu } from '@mantine/core';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { ChatIcon } from '../icons.tsx';

export function openCustomerService(line: 1 | 2 | 3, route: string): void {
  const query = new URLSearchParams({ source: String(line), route });
  window.open(`/customer-service?${query.toString()}`, 'customer-service', 'width=600,height=600');
}

export async function copyQq(qq: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(qq);
    toastSuccess('QQ号复制成功');
  } catch {
    toastError(`复制失败，请手动添加客服QQ：${qq}`);
  }
}

/** Customer service 1, with 2 and 3 in the hover panel; or the QQ variant that copies the number. */
export default function CustomerServiceButtons({ variant, qq }: { variant: 'qq' | 'window'; qq: string | null }) {
  if (variant === 'qq' && qq) {
    return (
      <Button variant="light" leftSection={<ChatIcon size={16} />} onClick={() => void copyQq(qq)} data-testid="customer-service-qq">
        客服QQ
      </Button>
    );
  }
  const route = window.location.pathname;
  return (
    <Group gap="xs" data-testid="customer-service">
      <Menu trigger="hover" openDelay={150} closeDelay={150} position="top">
        <Menu.Target>
          <Button variant="light" leftSection={<ChatIcon size={16} />} onClick={() => openCustomerService(1, route)}>
            在线客服1
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => openCustomerService(2, route)}>在线客服2</Menu.Item>
          <Menu.Item onClick={() => openCustomerService(3, route)}>在线客服3</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
