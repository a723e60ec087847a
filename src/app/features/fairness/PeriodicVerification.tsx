import { Button, Grid, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { verifyPeriodicDraw } from '../../../shared/draws/index.ts';
import { drawTypeOptions } from '../orders/draw-type-options.ts';
import { useVerification } from './use-verification.ts';
import { periodicInput, type PeriodicFields } from './verification-inputs.ts';
import { VerificationField } from './VerificationField.tsx';
import { VerificationReport } from './VerificationReport.tsx';

/**
 * Periodic draws: 彩种, 期号, the revealed seed, the per-issue commitment published before sales, the
 * day's chain anchor and the issue's position (or the previous issue's seed), beacon, result.
 */
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
          <VerificationField label="本期承诺" description="开售前公布的 SHA-256(种子 ‖ 期号)：种子的 32 字节后接期号的 UTF-8 字节" name="commitment" value={fields.commitment} onChange={set('commitment')} monospace />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <VerificationField label="哈希链锚点" description="当日第一期开售前公布：链尾种子连续做 SHA-256 得到的值" name="chainAnchor" value={fields.chainAnchor} onChange={set('chainAnchor')} monospace />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <VerificationField label="链中位置" description="本期是当日第几期，即种子做几次 SHA-256 到达锚点" name="chainPosition" value={fields.chainPosition} onChange={set('chainPosition')} />
            </Grid.Col>
          </Grid>
          <VerificationField label="上一期种子（可选）" description="同一哈希链上一期开奖后公开的种子：SHA-256(本期种子) 应等于它" name="previousSeed" value={fields.previousSeed} onChange={set('previousSeed')} monospace />
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
