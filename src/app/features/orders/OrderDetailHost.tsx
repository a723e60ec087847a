import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useOpenAuthModal } from '../session/use-auth-modal.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import './order-detail-escape.ts';
import { validateOrderDetailSearch } from './order-detail-search.ts';

const OrderDetailModal = lazy(() => import('./OrderDetailModal.tsx'));

/** Renders the order detail root overlay when the URL carries `?order=<id>`. */
export function OrderDetailHost() {
  const { order } = validateOrderDetailSearch(useSearch({ strict: false }));
  const customer = useCurrentCustomer();
  const openLogin = useOpenAuthModal();
  const needsLogin = order !== undefined && customer === null;
  useEffect(() => {
    if (needsLogin) openLogin('login');
  }, [needsLogin, openLogin]);
  if (order === undefined || !customer) return null;
  return (
    <Suspense fallback={null}>
      <OrderDetailModal orderId={String(order)} />
    </Suspense>
  );
}
