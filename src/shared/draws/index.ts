// Draw schedules, 期号 and provably fair draws: pure and isomorphic (server, browser, terminal).
// See docs/draws.md and docs/fairness.md.
export { DrawInputError, type DrawInputErrorCode } from './draw-input-error.ts';

export type {
  CounterAnchor,
  DrawSchedule,
  DrawWindow,
  IssueNumberFormat,
  SalesCalendar,
  SalesStatus,
  ScheduledIssue,
} from './schedule/schedule-types.ts';
export type { Weekday } from './schedule/beijing-time.ts';
export { formatBeijingDateTime } from './schedule/beijing-time.ts';
export { DEFAULT_SCHEDULES, findSchedule, scheduleOf } from './schedule/default-schedules.ts';
export { scheduleProblems } from './schedule/compile-schedule.ts';
export {
  issueAfter,
  issueAt,
  issueBefore,
  issueByNumber,
  issuesDrawnBetween,
  issuesFrom,
  issuesOfSalesDay,
  nextIssue,
  salesStatusAt,
  type ScheduleInput,
} from './schedule/issues.ts';

export { buildHashChain, chainSeed, hashRepeatedly, seedHash, type HashChain } from './fairness/hash-chain.ts';
export { issueCommitment, issueCommitmentMessage } from './fairness/issue-commitment.ts';
export {
  deriveInstantDraw,
  derivePeriodicDraw,
  instantMessagePrefix,
  periodicMessagePrefix,
  type DrawDerivation,
  type InstantDrawInput,
  type PeriodicDrawInput,
} from './fairness/derive-draw.ts';
export { describeStep, type DrawStep } from './fairness/draw-steps.ts';
export { resultZonesOf, type ResultZone } from './fairness/draw-numbers.ts';
export {
  verifyInstantDraw,
  verifyPeriodicDraw,
  type DrawVerification,
  type InstantVerificationInput,
  type PeriodicVerificationInput,
  type VerificationCheck,
  type VerificationCheckKind,
  type VerificationVerdict,
} from './fairness/verify-draw.ts';
export { randomSeed } from './fairness/web-crypto.ts';
