import { useQuery } from '@tanstack/react-query';
import { domainOrigin } from '../../../../shared/api/agent-links.ts';
import { domainListQuery } from './link-queries.ts';

/** Where a link can point: this site's own origin first (so links work locally), then the operator's domains. */
export function useLinkOrigins(): string[] {
  const domains = useQuery(domainListQuery()).data?.items ?? [];
  const own = window.location.origin;
  return [own, ...domains.map((item) => domainOrigin(item.domain)).filter((origin) => origin !== own)];
}
