import { Badge, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkSchema, CORE_PATHS } from '../../shared/backoffice/auth.ts';
import { OPERATOR_ROLE_LABELS } from '../../shared/backoffice/permissions.ts';
import { boSend } from '../lib/api.ts';
import { useBackofficeNavigate } from '../lib/navigation.tsx';
import { useOperator } from '../lib/operator.ts';
import { forgetSession, SIGN_IN_PATH } from './session.ts';

export function OperatorMenu() {
  const { operator } = useOperator();
  const queryClient = useQueryClient();
  const navigate = useBackofficeNavigate();
  const signOut = useMutation({
    mutationFn: () => boSend('POST', CORE_PATHS.signOut, {}, OkSchema),
    // Signed out locally even when the server could not be told: the cookie ends with its idle timeout.
    onSettled: async () => {
      forgetSession(queryClient);
      await navigate(SIGN_IN_PATH);
    },
  });
  if (!operator) return null;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="operator-menu">
      <Text size="sm" fw={500} visibleFrom="xs" data-testid="operator-name">
        {operator.displayName}
      </Text>
      <Badge variant="light" data-testid="operator-role">
        {OPERATOR_ROLE_LABELS[operator.role]}
      </Badge>
      <Button variant="subtle" size="compact-sm" onClick={() => signOut.mutate()} loading={signOut.isPending}>
        退出登录
      </Button>
    </Group>
  );
}
