// Where an issue's result comes from, as the fairness notes and the verification page explain it:
//   platform          — drawn from a seed committed before sales; verifiable.
//   simulated         — the built-in simulated feed (模拟开奖): not an official result, but committed
//                       and verifiable exactly like a platform draw.
//   legacy-simulated  — a simulated result drawn before the simulated feed was committed: unverifiable.
//   official          — a real feed or manual entry: nothing to verify, the authority's result stands.
//   derived           — read from another draw type's issue (JSTB on JSK3): verify that one.
//   unknown           — a feed draw type whose issue is not known yet.
import type { DrawnIssue } from '../../../shared/api/draws.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';

export type ResultOrigin = 'platform' | 'simulated' | 'legacy-simulated' | 'official' | 'derived' | 'unknown';

export function resultOrigin(drawType: string, issue: DrawnIssue | undefined): ResultOrigin {
  const info = findDrawType(drawType);
  if (info?.resultOf) return 'derived';
  const source = issue?.resultSource ?? null;
  if (source === 'platform') return 'platform';
  if (source === 'simulated') return issue?.commitment ? 'simulated' : 'legacy-simulated';
  if (source !== null) return 'official';
  // Not drawn yet: a platform draw type is always committed; a feed draw type is simulated when it is.
  if (info?.source === 'platform') return 'platform';
  if (!issue) return 'unknown';
  return issue.commitment ? 'simulated' : 'official';
}

export const isVerifiable = (origin: ResultOrigin) => origin === 'platform' || origin === 'simulated';
