import type { QueryClient } from '@tanstack/react-query';
import { EVENTS_PATH, LAST_EVENT_ID_PARAM, RESYNC_EVENT } from '../../../shared/api/events.ts';
import { EventStreamClient } from '../../lib/live/event-stream.ts';
import { SUPPORT_UNREAD_QUERY_KEY } from '../customer-service/chat-keys.ts';
import { WALLET_QUERY_ROOT } from '../wallet/payment-status-events.ts';
import { onCustomerChange } from '../session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../wallet/wallet-queries.ts';
import { applyLiveEvent, LIVE_EVENT_TYPES } from './apply-live-event.ts';

let client: EventStreamClient | null = null;

/** The tab's one stream, created on first use. */
export function liveStream(queryClient: QueryClient): EventStreamClient {
  client ??= new EventStreamClient({
    url: EVENTS_PATH,
    lastEventIdParam: LAST_EVENT_ID_PARAM,
    eventTypes: LIVE_EVENT_TYPES,
    onEvent: (type, data, id) => applyLiveEvent(queryClient, type, data, id),
    // The server could not replay what this tab missed: every query may be out of date.
    resyncEvent: RESYNC_EVENT,
    onResync: () => void queryClient.invalidateQueries(),
    // Spec §4: a lost stream may have missed balance changes; the replay covers the rest.
    onConnectionLost: () => void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
    // Nothing before this connection is replayed: the balance and the wallet views may be out of date.
    onOpenWithoutReplay: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: SUPPORT_UNREAD_QUERY_KEY });
    },
    // Whether the tab receives live events now, on <html> beside data-app-state: tests wait for it
    // before they make the server publish (an event before the first open is not replayed).
    onOpenChange: (open) => {
      document.documentElement.dataset.liveStream = open ? 'open' : 'closed';
    },
  });
  return client;
}

export function disconnectLiveStream(): void {
  client?.stop();
  client?.resetPosition();
}

// The stream is the customer's: at once when the session ends or changes, so no event of theirs lands
// after their data went (SessionEffects connects it again for the next customer).
onCustomerChange(({ previous }) => {
  if (previous !== null) disconnectLiveStream();
});
