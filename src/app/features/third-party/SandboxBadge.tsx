import { Badge } from '@mantine/core';

/** Decisions §10: every sandbox game page says so. */
export function SandboxBadge() {
  return (
    <Badge color="orange" variant="light" data-testid="sandbox-badge">
      沙箱
    </Badge>
  );
}
