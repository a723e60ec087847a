import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { CurrentCustomer } from '../../../shared/api/session.ts';
import { asRouteHref, useCapabilities } from '../../capabilities/capabilities.tsx';
import { useRegistrationData } from '../../features/registration/use-registration-data.ts';
import { startTrial } from '../../features/session/trial.ts';
import { useOpenAuthModal } from '../../features/session/use-auth-modal.ts';
import { useCurrentCustomer, visitorKind } from '../../features/session/use-current-customer.ts';
import { OFFLINE_MONEY_REASON, useOnline } from '../../lib/online.ts';
import { usePreference } from '../../lib/preferences/use-preference.ts';
import { GlobeIcon, LogoutIcon } from '../icons.tsx';
import { BalanceDisplay } from './BalanceDisplay.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { VipBadge } from './VipBadge.tsx';

const LogoutConfirmModal = lazy(() => import('../../features/session/LogoutConfirmModal.tsx'));
const AccountMenu = lazy(() => import('./AccountMenu.tsx'));
const DomainDialog = lazy(() => import('../../features/agent/links/DomainButton.tsx').then((m) => ({ default: m.DomainDialog })));

/** The header's account area in its three variants (spec §2.3). */
export function AccountArea({ compact }: { compact: boolean }) {
  const customer = useCurrentCustomer();
  if (!customer) return <AnonymousAccount />;
  if (visitorKind(customer) === 'trial') return <TrialAccount compact={compact} />;
  return <RealAccount customer={customer} compact={compact} />;
}

function LoginButton({ compact = false }: { compact?: boolean }) {
  const openAuth = useOpenAuthModal();
  const registration = useRegistrationData();
  return (
    <Button size="sm" px={compact ? 'xs' : undefined} onClick={() => openAuth(registration ? undefined : 'login')} data-testid="login-button">
      {registration ? '注册/登录' : '登录'}
    </Button>
  );
}

function AnonymousAccount() {
  const registration = useRegistrationData();
  const capabilities = useCapabilities();
  const [source] = usePreference('referralSource');
  return (
    <Group gap="xs" wrap="nowrap" data-testid="account-area" data-visitor="anonymous">
      {registration && capabilities.feature('trialSignup') && (
        <Button size="sm" variant="light" onClick={() => startTrial(registration.id, source)} data-testid="trial-button">
          免费试玩
        </Button>
      )}
      <LoginButton />
      <ThemeSwitch />
    </Group>
  );
}

/** On a 390 px phone the label goes above the balance: side by side the row is wider than the screen. */
function TrialAccount({ compact }: { compact: boolean }) {
  const label = (
    <Badge color="orange" variant="light" size={compact ? 'xs' : undefined} data-testid="trial-label">
      试玩账号
    </Badge>
  );
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap" data-testid="account-area" data-visitor="trial">
      {!compact && label}
      <BalanceDisplay caption={compact ? label : undefined} />
      <LoginButton compact={compact} />
      <ThemeSwitch />
    </Group>
  );
}

export function DepositButton() {
  const online = useOnline();
  return (
    <Button
      size="sm"
      color="orange"
      component={Link}
      to={asRouteHref('/wallet/deposit')}
      disabled={!online}
      title={online ? undefined : OFFLINE_MONEY_REASON}
      data-testid="deposit-button"
    >
      充值
    </Button>
  );
}

function RealAccount({ customer, compact }: { customer: CurrentCustomer; compact: boolean }) {
  const capabilities = useCapabilities();
  const [confirming, setConfirming] = useState(false);
  const [domainsOpen, setDomainsOpen] = useState(false);
  const canDeposit = capabilities.route('/wallet/deposit');
  // The domain list is agent-only on the server (spec §2.3 域名: registration domains for links).
  const canSwitchDomain = capabilities.feature('domainList') && customer.type !== 'PLAYER';
  const canOpenCenter = capabilities.route('/account/center');
  const askLogout = () => setConfirming(true);
  const alias = (
    <Text size="sm" className="jl-alias" title={customer.alias} data-testid="account-alias">
      {customer.alias}
    </Text>
  );
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap" data-testid="account-area" data-visitor={visitorKind(customer)}>
      {compact ? (
        // Stacked on a phone: side by side with 44 px controls the row is wider than a 360 px screen.
        <Stack gap={0} align="flex-start">
          <VipBadge level={customer.vipLevel} />
          {alias}
        </Stack>
      ) : (
        <>
          <VipBadge level={customer.vipLevel} />
          {alias}
        </>
      )}
      <BalanceDisplay />
      {compact ? (
        <Suspense fallback={null}>
          <AccountMenu canDeposit={canDeposit} canSwitchDomain={canSwitchDomain} canOpenCenter={canOpenCenter} onLogout={askLogout} onOpenDomains={() => setDomainsOpen(true)} />
        </Suspense>
      ) : (
        <>
          {canOpenCenter && (
            <Button size="sm" variant="subtle" component={Link} to="/account/center" data-testid="account-center-link">
              个人中心
            </Button>
          )}
          {canDeposit && <DepositButton />}
          {canSwitchDomain && (
            <Button size="sm" variant="default" leftSection={<GlobeIcon size={16} />} onClick={() => setDomainsOpen(true)} data-testid="domain-button">
              域名
            </Button>
          )}
          <ThemeSwitch />
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="退出登录" title="退出登录" onClick={askLogout} data-testid="logout-button">
            <LogoutIcon />
          </ActionIcon>
        </>
      )}
      {domainsOpen && (
        <Suspense fallback={null}>
          <DomainDialog onClose={() => setDomainsOpen(false)} />
        </Suspense>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <LogoutConfirmModal onClose={() => setConfirming(false)} />
        </Suspense>
      )}
    </Group>
  );
}
