import { Suspense } from 'react';
import { useCurrentCustomer, visitorKind } from '../../features/session/use-current-customer.ts';
import { floatingComponents, visibleFloatingItems } from './floating-items.ts';

export function FloatingArea() {
  const customer = useCurrentCustomer();
  const items = visibleFloatingItems({
    visitor: visitorKind(customer),
    production: import.meta.env.PROD,
    unclaimedRedPackets: 0,
    qqReferral: false,
  });
  if (items.length === 0) return null;
  return (
    <aside className="jl-floating" aria-label="快捷入口" data-testid="floating-area">
      {items.map((id) => {
        const Item = floatingComponents[id];
        return Item ? (
          <Suspense key={id} fallback={null}>
            <Item />
          </Suspense>
        ) : null;
      })}
    </aside>
  );
}
