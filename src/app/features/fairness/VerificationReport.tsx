import { Alert, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  describeStep,
  type DrawStep,
  type DrawVerification,
  type VerificationCheck,
  type VerificationVerdict,
} from '../../../shared/draws/index.ts';
import type { VerificationState } from './use-verification.ts';

/** Dark shades: white text on a filled alert keeps its contrast. */
const VERDICTS: Record<VerificationVerdict, { title: string; color: string }> = {
  PASS: { title: '验证通过', color: 'teal.9' },
  FAIL: { title: '验证失败', color: 'red.9' },
  UNCHECKED: { title: '已重新计算', color: 'gray.8' },
};

export function VerificationReport({ state }: { state: VerificationState }) {
  if (state.status === 'running') {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="正在计算" />
      </Group>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert color="orange" title="无法验证" data-testid="verification-error">
        {state.message}
      </Alert>
    );
  }
  return <VerificationDetails verification={state.verification} />;
}

function VerificationDetails({ verification }: { verification: DrawVerification }) {
  const verdict = VERDICTS[verification.verdict];
  return (
    <Stack gap="md" data-testid="verification-report" data-verdict={verification.verdict}>
      <Alert color={verdict.color} variant="filled" title={verdict.title} data-testid="verification-verdict">
        {verification.summary}
      </Alert>
      <RecomputedResult result={verification.result} />
      {verification.checks.length > 0 && <CheckList checks={verification.checks} />}
      <StepList steps={verification.steps} />
    </Stack>
  );
}

/** The checks in the order they are made: commitment, chain, result; each with what was computed. */
function CheckList({ checks }: { checks: readonly VerificationCheck[] }) {
  return (
    <section>
      <Title order={2} size="h5" mb={4}>
        核对步骤
      </Title>
      <List type="ordered" spacing={6} size="sm" data-testid="verification-checks">
        {checks.map((check) => (
          <List.Item key={check.kind} style={{ wordBreak: 'break-all' }} data-passed={check.passed}>
            <Text span fw={700} size="sm" c={check.passed ? 'teal.9' : 'red.9'}>
              {check.passed ? '✓' : '✗'} {check.title}
            </Text>
            <Text size="sm">{check.description}</Text>
          </List.Item>
        ))}
      </List>
    </section>
  );
}

function RecomputedResult({ result }: { result: readonly number[] }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        重新计算的开奖号码（按开出顺序）
      </Text>
      <Text fw={700} size="xl" data-testid="recomputed-result" style={{ letterSpacing: 1, wordBreak: 'break-all' }}>
        {result.join(', ')}
      </Text>
    </div>
  );
}

function StepList({ steps }: { steps: readonly DrawStep[] }) {
  return (
    <section>
      <Title order={2} size="h5" mb={4}>
        计算步骤（共 {steps.length} 步）
      </Title>
      <Paper withBorder radius="md" p="sm" style={{ maxHeight: 420, overflowY: 'auto' }} tabIndex={0} aria-label="计算步骤">
        <ol style={{ margin: 0, paddingInlineStart: 28, fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 }} data-testid="verification-steps">
          {steps.map((step, index) => (
            <li key={index} style={stepStyle(step)}>
              {describeStep(step)}
            </li>
          ))}
        </ol>
      </Paper>
    </section>
  );
}

function stepStyle(step: DrawStep): CSSProperties {
  const base: CSSProperties = { wordBreak: 'break-all', padding: '1px 0' };
  if (step.kind === 'zone' || step.kind === 'block') return { ...base, fontWeight: 700 };
  if (step.kind === 'sample' && !step.accepted) return { ...base, color: 'var(--mantine-color-orange-9)' };
  return base;
}
