import { Button, Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useCurrentCustomer } from '../../features/session/use-current-customer.ts';
import { useIsPhone } from '../../lib/device.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { lazyWhenOnline } from '../../lib/lazy/lazy-when-online.ts';
import { ChatIcon } from '../icons.tsx';

// Lines 2 and 3 sit in a hover panel whose code (Mantine's Menu, floating-ui) loads on intent only.
const CustomerServiceMenu = lazyWhenOnline(() => import('./CustomerServiceMenu.tsx'));

/**
 * Spec §7: the customer-service window, `/customer-service` (600×600) with `token`, `source` (the line,
 * 1–3) and `route` (the page it was opened from). No customer-service token service exists, so the
 * token names the customer: the account name, empty for a visitor (docs/pwa.md, shell). It identifies,
 * it does not authenticate: it is no credential, so the window's address never carries one.
 */
export function customerServiceHref(line: 1 | 2 | 3, route: string, customerName: string | null): string {
  const query = new URLSearchParams({ token: customerName ?? '', source: String(line), route });
  return `/customer-service?${query.toString()}`;
}

export function openCustomerService(line: 1 | 2 | 3, route: string, customerName: string | null): void {
  window.open(customerServiceHref(line, route, customerName), 'customer-service', 'width=600,height=600');
}

/** Opens the window from the current page: a 600×600 popup on desktop, the same tab on a phone. */
export function useOpenCustomerService(): (line: 1 | 2 | 3) => void {
  const customerName = useCurrentCustomer()?.name ?? null;
  const phone = useIsPhone();
  const navigate = useNavigate();
  return (line) => {
    const route = window.location.pathname;
    if (phone) void navigate({ to: '/customer-service', search: { token: customerName ?? '', source: line, route } });
    else openCustomerService(line, route, customerName);
  };
}

export async function copyQq(qq: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(qq);
    toastSuccess('QQ号复制成功');
  } catch {
    toastError(`复制失败，请手动添加客服QQ：${qq}`);
  }
}

/** Customer service 1, with 2 and 3 in a hover panel; or the QQ variant that copies the number. */
export default function CustomerServiceButtons({ variant, qq }: { variant: 'qq' | 'window'; qq: string | null }) {
  if (variant === 'qq' && qq) {
    return (
      <Button variant="light" leftSection={<ChatIcon size={16} />} onClick={() => void copyQq(qq)} data-testid="customer-service-qq">
        客服QQ
      </Button>
    );
  }
  // Its own component: the window variant reads the session, the QQ variant needs no hook.
  return <CustomerServiceWindowButtons />;
}

function CustomerServiceWindowButtons() {
  const open = useOpenCustomerService();
  const [intent, setIntent] = useState<'pointer' | 'focus' | null>(null);
  const lineOne = (
    <Button
      variant="light"
      leftSection={<ChatIcon size={16} />}
      onClick={() => open(1)}
      onMouseEnter={() => setIntent((was) => was ?? 'pointer')}
      onFocus={() => setIntent((was) => was ?? 'focus')}
      data-testid="customer-service-1"
    >
      在线客服1
    </Button>
  );
  return (
    <Group gap="xs" data-testid="customer-service">
      {intent === null ? (
        lineOne
      ) : (
        <Suspense fallback={lineOne}>
          <CustomerServiceMenu open={open} takeFocus={intent === 'focus'} />
        </Suspense>
      )}
    </Group>
  );
}
