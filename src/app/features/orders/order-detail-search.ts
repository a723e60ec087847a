// The order detail is a root overlay (spec §2.2 "order detail by id") addressed by a search parameter
// on whatever route is showing: `?order=<id>`, like the login modal's `?auth=login`. It opens over any
// page or overlay, survives a reload and can be linked from anywhere (settlement popups, game pages).
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { entryRef } from '../../routing/overlay.tsx';

export interface OrderDetailSearch {
  /** The order id shown in the order detail overlay. A number, so the URL reads `?order=8`, not `?order="8"`. */
  order?: number;
}

const ORDER_ID = /^\d{1,15}$/;

export function validateOrderDetailSearch(search: Record<string, unknown>): OrderDetailSearch {
  const value = typeof search.order === 'number' ? String(search.order) : search.order;
  return typeof value === 'string' && ORDER_ID.test(value) ? { order: Number(value) } : {};
}

/**
 * History entries this page load pushed to open a detail. Closing such an entry steps back, so the
 * browser's back button and the close button agree; an entry from a reload or a deep link is closed
 * by removing the parameter instead (in memory on purpose, as the overlay memory).
 */
const pushedEntries = new Set<string>();

export function useOpenOrderDetail(): (orderId: string) => void {
  const router = useRouter();
  return useCallback(
    (orderId: string) => {
      void router
        .navigate({ to: '.', search: (previous) => ({ ...previous, order: Number(orderId) }), resetScroll: false })
        .then(() => pushedEntries.add(entryRef(router.state.location).key));
    },
    [router],
  );
}

export function useCloseOrderDetail(): () => void {
  const router = useRouter();
  return useCallback(() => {
    if (pushedEntries.has(entryRef(router.state.location).key)) {
      router.history.back();
      return;
    }
    void router.navigate({
      to: '.',
      search: ({ order: _order, ...rest }) => rest,
      replace: true,
      resetScroll: false,
    });
  }, [router]);
}
