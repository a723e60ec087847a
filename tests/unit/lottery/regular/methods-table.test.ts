// docs/lottery/regular-methods.md is generated from the engine; regenerate it in memory and compare.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRegularMethodsTable } from '../../../../src/shared/lottery/regular/methods-table.ts';
import { methodIds } from '../../../../src/shared/lottery/index.ts';

describe('docs/lottery/regular-methods.md', () => {
  const committed = readFileSync(new URL('../../../../docs/lottery/regular-methods.md', import.meta.url), 'utf8');

  it('matches the engine (run scripts/generate-regular-table.ts after changing a method)', () => {
    expect(committed).toBe(renderRegularMethodsTable());
  });

  it('lists every method with its prices at 1800/1950/2000', () => {
    for (const code of ['CQSSC', 'FC3D', 'P5', 'GD11X5', 'BJPK10', 'JSK3', 'FCKL8', 'SSQ', 'DLT']) {
      for (const id of methodIds(code)) expect(committed, `${code}/${id}`).toContain(`\`${id}\``);
    }
    expect(committed).toContain('| 五星 | 组选 | 组选120 | `WXZU120` | C(n,5) | 五星组选120 | 120/100000 | 1500 | 1625 | 1666.6666 |');
  });
});
