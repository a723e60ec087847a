import { useRouterState } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useDevelopmentWidgets } from '../../features/jackpot/use-development-widgets.ts';
import { useUnclaimedRedPacketCount } from '../../features/red-packets/use-unclaimed-count.ts';
import { useCurrentCustomer, visitorKind } from '../../features/session/use-current-customer.ts';
import { QuietErrorBoundary } from '../QuietErrorBoundary.tsx';
import { floatingComponents, visibleFloatingItems, type FloatingItemId } from './floating-items.ts';

const COLLAPSED_KEY = 'jinli.floating-collapsed';
/** Shown even when the column is folded away, and on a phone's game pages: it ends when the packets run out. */
const ALWAYS_SHOWN: ReadonlySet<FloatingItemId> = new Set(['redPacket']);

function readCollapsed(): boolean {
  try {
    return sessionStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The floating items of spec §2.4. The column appears whole, once every item's code has loaded, so
 * that items arriving one by one never push the others about (layout shift). On a phone it can be
 * folded away for the browser session, and on game pages it leaves the bet bar and the chart alone
 * (app.css: only the red packet stays there).
 */
export function FloatingArea() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const onGamePage = useRouterState({ select: (state) => state.location.pathname.startsWith('/game/') });
  const customer = useCurrentCustomer();
  const unclaimedRedPackets = useUnclaimedRedPacketCount();
  const development = useDevelopmentWidgets();
  const items = visibleFloatingItems({
    visitor: visitorKind(customer),
    production: !development,
    unclaimedRedPackets,
    qqReferral: false,
  });
  if (items.length === 0) return null;
  const toggle = () => {
    setCollapsed(!collapsed);
    try {
      sessionStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
    } catch {
      // Private mode: folded for this page only.
    }
  };
  const shown = collapsed ? items.filter((id) => ALWAYS_SHOWN.has(id)) : items;
  return (
    <aside className="jl-floating" aria-label="快捷入口" data-testid="floating-area" data-collapsed={collapsed} data-game-page={onGamePage}>
      <QuietErrorBoundary name="floating items">
        <Suspense fallback={null}>
          {shown.map((id) => {
            const Item = floatingComponents[id]!;
            return (
              <div key={id} className="jl-floating-item" data-always={ALWAYS_SHOWN.has(id)}>
                <Item />
              </div>
            );
          })}
          <button type="button" className="jl-floating-toggle" onClick={toggle} aria-expanded={!collapsed} data-testid="floating-toggle">
            {collapsed ? '展开' : '收起'}
          </button>
        </Suspense>
      </QuietErrorBoundary>
    </aside>
  );
}
