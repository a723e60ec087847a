// Every issue of the plan before it is placed: multiplier, stake, cumulative cost and, for regular
// bets, what a win on that issue would leave over the cost so far.
import { Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import type { PlannedIssue } from '../../../shared/autobet/plan.ts';
import { shortDrawNumber } from '../../../shared/draws/display.ts';
import { formatMoney } from '../../../shared/money.ts';

interface PlanPreviewTableProps {
  planned: readonly PlannedIssue[];
  /** Issue numbers of the coming issues, when known. */
  issueNumbers: readonly string[];
  showProfit: boolean;
}

export function PlanPreviewTable({ planned, issueNumbers, showProfit }: PlanPreviewTableProps) {
  return (
    <div className="jl-autobet-preview" tabIndex={0} role="region" aria-label="追号计划预览">
      <Table striped stickyHeader withTableBorder fz="xs" verticalSpacing={4} horizontalSpacing={6} data-testid="plan-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>序号</Table.Th>
            <Table.Th>期号</Table.Th>
            <Table.Th>倍数</Table.Th>
            <Table.Th>本期投入</Table.Th>
            <Table.Th>累计投入</Table.Th>
            {showProfit && <Table.Th>中奖盈利</Table.Th>}
            {showProfit && <Table.Th>盈利率</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {planned.map((issue) => {
            const issueNumber = issueNumbers[issue.index];
            return (
              <Table.Tr key={issue.index}>
                <Table.Td>{issue.index + 1}</Table.Td>
                <Table.Td title={issueNumber}>{issueNumber ? shortDrawNumber(issueNumber) : '—'}</Table.Td>
                <Table.Td>{issue.multiplier}</Table.Td>
                <Table.Td>{formatMoney(issue.stake)}</Table.Td>
                <Table.Td>{formatMoney(issue.cumulativeCost)}</Table.Td>
                {showProfit && <Table.Td>{formatMoney(issue.profitIfWin)}</Table.Td>}
                {showProfit && <Table.Td>{issue.profitRate}%</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
