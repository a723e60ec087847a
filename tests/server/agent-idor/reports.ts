// IDOR cases of the agent centre's reports part (see tests/support/agent-idor.ts).
import type { IdorCase } from '../../support/agent-idor.ts';

export const cases: IdorCase[] = [];
