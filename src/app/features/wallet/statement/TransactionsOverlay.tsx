// /account/transaction/{tab} (spec §2.1, overlay, logged-in): 交易记录. The main wallet's statement —
// every ledger entry, filtered by type group and Beijing date within 30 days (spec §9) — and the
// third-party wallets' tab (features/third-party/records).
import { Stack, Tabs } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { ThirdPartyStatement } from '../../third-party/records/ThirdPartyStatement.tsx';
import { changeFilters, filterProblem, type StatementFilters } from './statement-filters.ts';
import { StatementFiltersBar } from './StatementFiltersBar.tsx';
import { StatementList } from './StatementList.tsx';
import { isTransactionTab, type TransactionTab } from './transaction-tabs.ts';


export function TransactionsOverlay({ tab }: { tab: TransactionTab }) {
  const router = useRouter();
  // Switching tabs replaces the entry: closing the overlay still returns to the page behind it.
  const openTab = (next: string | null) => {
    if (next && isTransactionTab(next) && next !== tab) {
      void router.navigate({ to: '/account/transaction/{-$tab}', params: { tab: next }, replace: true, resetScroll: false });
    }
  };
  return (
    <OverlayFrame title="交易记录">
      <Stack gap="sm" data-testid="transactions-page" data-tab={tab}>
        <Tabs value={tab} onChange={openTab}>
          <Tabs.List grow>
            <Tabs.Tab value="main-wallet">主钱包</Tabs.Tab>
            <Tabs.Tab value="third-party">第三方钱包</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {tab === 'main-wallet' ? <MainWalletStatement /> : <ThirdPartyStatement />}
      </Stack>
    </OverlayFrame>
  );
}

function MainWalletStatement() {
  const [filters, setFilters] = useState<StatementFilters>({});
  const problem = filterProblem(filters, Date.now());
  return (
    <>
      <StatementFiltersBar filters={filters} problem={problem} onChange={(change) => setFilters((current) => changeFilters(current, change))} />
      {!problem && <StatementList filters={filters} onPage={(page) => setFilters((current) => changeFilters(current, { page }))} />}
    </>
  );
}
