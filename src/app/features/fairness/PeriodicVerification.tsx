import { Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { verifyPeriodicDraw } from '../../../shared/draws/index.ts';
import { drawTypeOptions } from '../orders/draw-type-options.ts';
import { useVerification } from './use-verification.ts';
import { periodicInput, type PeriodicFields } from './verification-inputs.ts';
import { VerificationField } from './VerificationField.tsx';
import { VerificationReport } from './VerificationReport.tsx';

/** Periodic draws: 彩种, 期号, the revealed seed, the commitment published before sales, beacon, result. */
export function PeriodicVerification({ initial }: { initial: PeriodicFields }) {
  const [fields, setFields] = useState(initial);
  const state = useVerification(periodicInput(fields), verifyPeriodicDraw);
  const options = useMemo(() => drawTypeOptions((info) => !info.instant), []);
  const set = (key: keyof PeriodicFields) => (value: string) => setFields((previous) => ({ ...previous, [key]: value }));
  const edited = JSON.stringify(fields) !== JSON.stringify(initial);
  return (
    <Stack gap="md">
      <form onSubmit={(event) => event.preventDefault()} aria-label="验证数据">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect label="彩种" data={options} value={fields.drawType} onChange={(event) => set('drawType')(event.currentTarget.value)} name="drawType" data-testid="verify-drawType" />
            <VerificationField label="期号" name="issueNumber" value={fields.issueNumber} onChange={set('issueNumber')} />
          </SimpleGrid>
          <VerificationField label="本期种子" description="开奖后公开，64 位十六进制" name="seed" value={fields.seed} onChange={set('seed')} monospace />
          <VerificationField label="种子承诺" description="开售前公布的 SHA-256(种子)" name="commitment" value={fields.commitment} onChange={set('commitment')} monospace />
          <VerificationField label="公共信标" description="未配置信标时留空" name="beacon" value={fields.beacon} onChange={set('beacon')} monospace />
          <VerificationField label="公布的开奖号码" description="按开出顺序，用逗号分隔" name="publishedResult" value={fields.publishedResult} onChange={set('publishedResult')} />
          {edited && (
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setFields(initial)}>
                恢复公布的数据
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <VerificationReport state={state} />
    </Stack>
  );
}
