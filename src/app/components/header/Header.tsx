import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyWhenOnline } from '../../lib/lazy/lazy-when-online.ts';
import { QuietErrorBoundary } from '../QuietErrorBoundary.tsx';
import { useIsPhone } from '../../lib/device.ts';
import { AccountArea } from './AccountArea.tsx';
import { Logo } from './Logo.tsx';

// The menus (and the floating-ui they need) load after the first paint.
const GameMenus = lazyWhenOnline(() => import('./GameMenus.tsx'));

export function Header() {
  const phone = useIsPhone();
  return (
    <header className="jl-header" data-testid="header">
      <Logo compact={phone} />
      {!phone && (
        <nav className="jl-header-nav" aria-label="游戏菜单">
          <Button variant="subtle" color="gray" component={Link} to="/" activeOptions={{ exact: true, includeSearch: false }}>
            大厅
          </Button>
          <QuietErrorBoundary name="game menus">
            <Suspense fallback={null}>
              <GameMenus />
            </Suspense>
          </QuietErrorBoundary>
        </nav>
      )}
      <div className="jl-header-spacer" />
      <AccountArea compact={phone} />
    </header>
  );
}
