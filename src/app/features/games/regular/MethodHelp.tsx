import { Text } from '@mantine/core';
import type { MethodDefinition } from '../../../../shared/lottery/index.ts';
import { memo } from 'react';

/** 玩法说明 and 示例 of the chosen method, folded by default. */
export const MethodHelp = memo(function MethodHelp({ method }: { method: MethodDefinition }) {
  return (
    <details className="jl-help" data-testid="method-help">
      <summary>玩法说明 · {method.fullName}</summary>
      <Text size="sm" mt={6}>
        {method.help.rule}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        示例：{method.help.example}
      </Text>
    </details>
  );
});
