// Operator sign-in: password, then a TOTP code (or a recovery code); on the first sign-in (or after
// a reset) the enrolment instead — scan the QR code, confirm with a code, and keep the recovery
// codes, which are shown this once. Afterwards back to the address the operator came for.
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { Enrolment, EnrolResponse } from '../../shared/backoffice/auth.ts';
import type { OperatorView } from '../../shared/backoffice/session.ts';
import { useDocumentTitle } from '../shell/document-title.ts';
import { rememberOperator, signInSearch } from '../shell/session.ts';
import { CodeStep } from './CodeStep.tsx';
import { EnrolmentStep } from './EnrolmentStep.tsx';
import { PasswordStep } from './PasswordStep.tsx';
import { RecoveryCodesStep } from './RecoveryCodesStep.tsx';

type Step =
  | { kind: 'password'; notice: string | null }
  | { kind: 'code' }
  | { kind: 'enrolment'; enrolment: Enrolment }
  | { kind: 'recovery-codes'; result: EnrolResponse };

const HEADINGS: Record<Step['kind'], string> = {
  password: '运营人员登录',
  code: '输入动态验证码',
  enrolment: '绑定动态验证码',
  'recovery-codes': '保存恢复码',
};

export function SignInPage() {
  const [step, setStep] = useState<Step>({ kind: 'password', notice: null });
  // Checked again here: a non-strict read may hand over the address as written.
  const { redirect } = signInSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle('登录');

  const enter = (operator: OperatorView) => {
    rememberOperator(queryClient, operator);
    void navigate({ href: redirect ?? '/', replace: true });
  };
  /** The pending sign-in expired (or was ended): start again from the password. */
  const restart = (notice: string) => setStep({ kind: 'password', notice });

  return (
    <Center mih="100vh" p="md" bg="gray.1">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={step.kind === 'enrolment' || step.kind === 'recovery-codes' ? 520 : 420}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h3" data-testid="backoffice-title">
              锦鲤运营后台
            </Title>
            <Text c="dimmed" size="sm">
              {HEADINGS[step.kind]}
            </Text>
          </div>
          {step.kind === 'password' && (
            <PasswordStep
              notice={step.notice}
              onNext={(answer) => setStep(answer.next === 'SECOND_FACTOR' ? { kind: 'code' } : { kind: 'enrolment', enrolment: answer.enrolment })}
            />
          )}
          {step.kind === 'code' && <CodeStep onSignedIn={enter} onRestart={restart} />}
          {step.kind === 'enrolment' && (
            <EnrolmentStep enrolment={step.enrolment} onEnrolled={(result) => setStep({ kind: 'recovery-codes', result })} onRestart={restart} />
          )}
          {step.kind === 'recovery-codes' && <RecoveryCodesStep codes={step.result.recoveryCodes} onDone={() => enter(step.result.operator)} />}
        </Stack>
      </Paper>
    </Center>
  );
}
