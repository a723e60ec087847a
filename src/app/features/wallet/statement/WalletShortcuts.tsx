// The personal centre's money links: 充值, 提现 and the three records. Trial accounts get the trial
// alert for deposit and withdrawal (spec §6) and see no deposit or withdrawal history (non-trial pages);
// their 交易记录 stays (they may read their statement).
import { Button, SimpleGrid } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';

interface Shortcut {
  label: string;
  href: string;
  /** Trial: the alert's operation instead of the page; null: hidden from trial accounts. */
  trial?: string | null;
}

const SHORTCUTS: Shortcut[] = [
  { label: '充值', href: '/wallet/deposit', trial: '充值' },
  { label: '提现', href: '/wallet/withdrawal', trial: '提现' },
  { label: '充值记录', href: '/wallet/deposit-history', trial: null },
  { label: '提现记录', href: '/wallet/withdrawal-history', trial: null },
  { label: '交易记录', href: '/account/transaction/main-wallet' },
];

export function WalletShortcuts({ trial }: { trial: boolean }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" data-testid="wallet-shortcuts">
      {SHORTCUTS.filter((s) => !(trial && s.trial === null)).map((shortcut) =>
        trial && shortcut.trial ? (
          <Button key={shortcut.href} variant="light" onClick={() => showTrialRestriction(shortcut.trial!)}>
            {shortcut.label}
          </Button>
        ) : (
          <Button key={shortcut.href} variant="light" component={Link} to={asRouteHref(shortcut.href)}>
            {shortcut.label}
          </Button>
        ),
      )}
    </SimpleGrid>
  );
}
