// What may stop a money form before anything is sent: a trial account (spec §6: the trial modal
// instead of the action) or no network (money forms are never queued offline).
import { isTrial } from '../../../../shared/api/session.ts';
import { useOnline } from '../../../lib/online.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';

export function useMoneyGate(): { trial: boolean; online: boolean } {
  const customer = useCurrentCustomer();
  const online = useOnline();
  return { trial: customer !== null && isTrial(customer), online };
}
