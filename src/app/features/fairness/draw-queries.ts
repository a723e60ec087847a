// One issue's published data (result, seed, commitment, beacon): public, the same for everyone, so it
// lives outside the customer's cache prefix. Once drawn it never changes.
import { queryOptions } from '@tanstack/react-query';
import { DRAWS_PATHS, DrawnIssueSchema, type DrawnIssue } from '../../../shared/api/draws.ts';
import { apiGet } from '../../lib/api/client.ts';
import { drawnIssueQueryKey } from '../orders/order-keys.ts';

export function isFinal(issue: DrawnIssue | undefined): boolean {
  return issue !== undefined && (issue.state === 'SETTLED' || issue.state === 'CANCELLED' || (issue.state === 'DRAWN' && issue.result !== null));
}

export const drawnIssueQueryOptions = (drawType: string, issueNumber: string) =>
  queryOptions({
    queryKey: drawnIssueQueryKey(drawType, issueNumber),
    queryFn: ({ signal }) => apiGet(DRAWS_PATHS.issue(drawType, issueNumber), DrawnIssueSchema, signal),
    staleTime: (query) => (isFinal(query.state.data) ? Infinity : 10_000),
  });
