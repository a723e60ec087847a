// IDOR cases of the agent centre's links part (see tests/support/agent-idor.ts).
import type { IdorCase } from '../../support/agent-idor.ts';

export const cases: IdorCase[] = [];
