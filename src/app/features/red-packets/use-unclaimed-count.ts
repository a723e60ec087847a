// Entry chunk: keep it tiny (no Mantine, no zod).
import { useQuery } from '@tanstack/react-query';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { useCurrentCustomer, visitorKind } from '../session/use-current-customer.ts';
import { claimableQueryOptions } from './claimable-query.ts';
import { shownAward } from './shown-award.ts';

/**
 * How many red packets the customer may claim now (spec §3.2 unclaimedRedPackets); shows the float.
 * Skipped for trial accounts (spec §4). An award still on screen counts, so its popup stays up.
 */
export function useUnclaimedRedPacketCount(): number {
  const kind = visitorKind(useCurrentCustomer());
  const member = kind === 'player' || kind === 'agent';
  const { data } = useQuery(claimableQueryOptions(member));
  const showing = useSimpleStore(shownAward) !== null;
  if (!member) return 0;
  return Math.max(data?.length ?? 0, showing ? 1 : 0);
}
