import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyWhenOnline } from '../../lib/lazy/lazy-when-online.ts';
import { QuietErrorBoundary } from '../QuietErrorBoundary.tsx';
import { useCapabilities } from '../../capabilities/capabilities.tsx';
import { siteConfigQueryOptions } from '../../features/content/content-queries.ts';
import { useUnreadMailCount } from '../../features/mail/use-unread.ts';
import { useCurrentCustomer } from '../../features/session/use-current-customer.ts';
import { usePreference } from '../../lib/preferences/use-preference.ts';
import { customerServiceVariant } from './customer-service-variant.ts';
import { footerNavItems } from './nav-items.ts';
import { NavEntry } from './NavEntry.tsx';
import { useNavContext } from './use-nav-context.ts';

const CustomerServiceButtons = lazyWhenOnline(() => import('./CustomerService.tsx'));
const JackpotFooterButton = lazyWhenOnline(() => import('../../features/jackpot/JackpotFooterButton.tsx'));

function CustomerServiceSlot() {
  const config = useQuery(siteConfigQueryOptions()).data;
  const [registrationId] = usePreference('registrationId');
  const customer = useCurrentCustomer();
  const capabilities = useCapabilities();
  const variant = customerServiceVariant(config, registrationId, customer?.testMode != null, capabilities.feature('customerService'));
  if (!variant) return null;
  return (
    <QuietErrorBoundary name="customer service buttons">
      <Suspense fallback={null}>
        <CustomerServiceButtons variant={variant} qq={config?.customerService.qq ?? null} />
      </Suspense>
    </QuietErrorBoundary>
  );
}

export function Footer() {
  const items = footerNavItems(useNavContext());
  const unreadMail = useUnreadMailCount();
  const capabilities = useCapabilities();
  return (
    <footer className="jl-footer" data-testid="footer">
      <Stack gap="sm" align="center">
        <nav aria-label="页脚导航">
          <Group gap="xs" justify="center">
            {items.map((item) => (
              <NavEntry key={item.id} item={item} className="jl-footer-link" badge={item.id === 'mail' ? unreadMail : undefined}>
                {item.label}
              </NavEntry>
            ))}
          </Group>
        </nav>
        <Group gap="xs" justify="center">
          <CustomerServiceSlot />
          {capabilities.feature('jackpotPool') && (
            <QuietErrorBoundary name="jackpot button">
              <Suspense fallback={null}>
                <JackpotFooterButton />
              </Suspense>
            </QuietErrorBoundary>
          )}
        </Group>
        <Text size="xs" ta="center" className="jl-footer-note">
          理性娱乐，未满 18 周岁禁止注册和参与 · © 锦鲤
        </Text>
      </Stack>
    </footer>
  );
}
