// The signed-in operator and what the UI may offer them: the server's permission matrix mirrored,
// so a button a role cannot use is not shown (the server refuses it anyway).
import { useQuery } from '@tanstack/react-query';
import type { Permission } from '../../shared/backoffice/permissions.ts';
import { OperatorSessionSchema, type OperatorView } from '../../shared/backoffice/session.ts';
import { boGet } from './api.ts';

export const operatorSessionQuery = {
  queryKey: ['backoffice', 'session'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet('/session', OperatorSessionSchema, undefined, signal),
};

export function useOperator(): { operator: OperatorView | null; can: (permission: Permission) => boolean; loading: boolean } {
  const { data, isPending } = useQuery(operatorSessionQuery);
  const operator = data?.operator ?? null;
  return { operator, loading: isPending, can: (permission) => operator?.permissions.includes(permission) ?? false };
}
