import { useQuery } from '@tanstack/react-query';
import { usePreference } from '../../lib/preferences/use-preference.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { registrationDataQueryOptions, type RegistrationData } from './registration-queries.ts';

/** The stored registration id's data; a trial player's own registration link counts too (spec §4). */
export function useRegistrationData(): RegistrationData | null {
  const [storedId] = usePreference('registrationId');
  const customer = useCurrentCustomer();
  const id = customer?.testMode ? (customer.registrationLinkId ?? storedId) : storedId;
  return useQuery({ ...registrationDataQueryOptions(id), enabled: id !== null }).data ?? null;
}
