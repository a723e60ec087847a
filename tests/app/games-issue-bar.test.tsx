// Continuous sales on the issue bar (issue 18 item 2): while the next issue is on sale, the issue that
// just closed shows 开奖中 until its result is in, then the result.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DrawnIssue, Issue } from '../../src/shared/api/draws.ts';
import { IssueBar } from '../../src/app/features/games/common/IssueBar.tsx';
import type { IssueView } from '../../src/app/features/games/draws/use-draw-issue.ts';

const T = 1_800_000_000_000;
const issue = (n: number, state: Issue['state']): Issue => ({
  drawType: 'UUFFC',
  issueNumber: `2026112200${n}`,
  opensAt: T + (n - 1) * 60_000 - 5_000,
  closesAt: T + n * 60_000 - 5_000,
  drawAt: T + n * 60_000,
  state,
  commitment: null,
});
const drawn = (n: number): DrawnIssue => ({ ...issue(n, 'SETTLED'), result: [1, 2, 3, 4, 5], resultSource: 'platform', seed: null, beacon: null, drawnAt: T + n * 60_000, cancelReason: null });

const show = (view: IssueView) =>
  render(
    <MantineProvider>
      <IssueBar drawType="UUFFC" view={view} />
    </MantineProvider>,
  );

describe('issue bar with continuous sales', () => {
  it('shows the closed issue as 开奖中 with its number while the next one is on sale', () => {
    show({ phase: 'open', issue: issue(3, 'OPEN'), latest: drawn(1), drawing: issue(2, 'CLOSED') });
    expect(screen.getByTestId('issue-number').textContent).toContain('20261122003');
    const drawing = screen.getByTestId('drawing');
    expect(drawing.textContent).toContain('第 20261122002 期');
    expect(screen.getByRole('img', { name: '开奖中' }).querySelectorAll('.jl-ball[data-tone="drawing"]')).toHaveLength(5);
    expect(screen.queryByRole('img', { name: /开奖号码/ })).toBeNull();
  });

  it('shows the result once it is in, even if the answer still names the closed issue', () => {
    show({ phase: 'open', issue: issue(3, 'OPEN'), latest: drawn(2), drawing: issue(2, 'CLOSED') });
    expect(screen.queryByTestId('drawing')).toBeNull();
    expect(screen.getByRole('img', { name: '开奖号码 1,2,3,4,5' })).toBeTruthy();
  });

  it('shows the latest result when nothing is being drawn', () => {
    show({ phase: 'open', issue: issue(3, 'OPEN'), latest: drawn(2), drawing: null });
    expect(screen.queryByTestId('drawing')).toBeNull();
    expect(screen.getByText('第 20261122002 期')).toBeTruthy();
  });
});
