// The 财务 report and sandbox calls as TanStack Query options.
import { CashReportSchema, FINANCE_REPORTS_PATHS, SandboxStateSchema } from '../../../shared/backoffice/finance-reports.ts';
import type { SandboxFaults } from '../../../shared/payments/sandbox-faults.ts';
import { backofficePath, boGet, boSend } from '../../lib/api.ts';

export interface CashRange {
  from: string;
  to: string;
}

export const cashReportQuery = (range: CashRange) => ({
  queryKey: ['backoffice', 'finance', 'cash-report', range] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(FINANCE_REPORTS_PATHS.cash, CashReportSchema, { ...range }, signal),
});

export const cashCsvHref = (range: CashRange) => backofficePath(FINANCE_REPORTS_PATHS.cashCsv, { ...range });

export const SANDBOX_KEY = ['backoffice', 'finance', 'sandbox'] as const;

export const sandboxQuery = () => ({
  queryKey: SANDBOX_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(FINANCE_REPORTS_PATHS.sandbox, SandboxStateSchema, {}, signal),
});

export const saveSandboxFaults = (faults: SandboxFaults) => boSend('PUT', FINANCE_REPORTS_PATHS.sandbox, faults, SandboxStateSchema);
