// IDOR cases of the agent centre's commission part (see tests/support/agent-idor.ts).
import type { IdorCase } from '../../support/agent-idor.ts';

export const cases: IdorCase[] = [];
