// Draw data for players (issue model of docs/draws.md): the current and next issue with the server
// time (for a countdown that does not trust the phone's clock), recent results, one issue's details
// with what is needed to verify it.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const DRAWS_PATHS = {
  current: (drawType: string) => `/ajax/draws/${encodeURIComponent(drawType)}/current`,
  results: (drawType: string) => `/ajax/draws/${encodeURIComponent(drawType)}/results`,
  issue: (drawType: string, issueNumber: string) =>
    `/ajax/draws/${encodeURIComponent(drawType)}/issues/${encodeURIComponent(issueNumber)}`,
} as const;

export const ISSUE_STATES = ['SCHEDULED', 'OPEN', 'CLOSED', 'DRAWN', 'SETTLED', 'CANCELLED'] as const;

export const IssueSchema = lazySchema(() => z.object({
  drawType: z.string(),
  issueNumber: z.string(),
  /** Epoch milliseconds. */
  opensAt: z.number().int(),
  closesAt: z.number().int(),
  drawAt: z.number().int(),
  state: z.enum(ISSUE_STATES),
  /** Committed draws (platform, simulated feed): SHA-256(seed ‖ 期号), published before sales open (docs/fairness.md). */
  commitment: z.string().nullable(),
  /** Committed draws: the day's seed-chain anchor (published ahead) and the issue's position in the chain. */
  chain: z.object({ anchor: z.string(), position: z.number().int().positive() }).nullable().optional(),
}));
export type Issue = z.infer<typeof IssueSchema>;

export const DrawnIssueSchema = lazySchema(() => IssueSchema.extend({
  result: z.array(z.number().int()).nullable(),
  /** platform | simulated | http | manual | the draw type whose result this one reads. */
  resultSource: z.string().nullable(),
  /** Revealed with the result (committed draws). */
  seed: z.string().nullable(),
  beacon: z.string().nullable(),
  drawnAt: z.number().int().nullable(),
  cancelReason: z.string().nullable(),
}));
export type DrawnIssue = z.infer<typeof DrawnIssueSchema>;

export const CurrentDrawSchema = lazySchema(() => z.object({
  serverTime: z.number().int(),
  /** The issue on sale now (or the next to open when between issues); null for instant draws. */
  current: IssueSchema.nullable(),
  next: IssueSchema.nullable(),
  latest: DrawnIssueSchema.nullable(),
  /**
   * The issue whose sales have closed and whose result is not in yet (开奖中): with continuous sales
   * the next issue is already on sale while it is drawn. Optional for answers cached before it existed.
   */
  drawing: IssueSchema.nullable().optional(),
}));
export type CurrentDraw = z.infer<typeof CurrentDrawSchema>;

/**
 * `GET /ajax/draws/current?types=A,B,…`: the answer of `/ajax/draws/{type}/current` for several draw
 * types in one request (the lobby's cards that come into view together). Unknown types are left out.
 */
export const CURRENT_DRAWS_PATH = '/ajax/draws/current';
/** Draw types one request may ask for. */
export const CURRENT_DRAWS_MAX = 24;
export const CurrentDrawsQuerySchema = lazySchema(() => z.object({ types: z.string().min(1).max(CURRENT_DRAWS_MAX * 33) }));
export const CurrentDrawsSchema = lazySchema(() => z.object({ serverTime: z.number().int(), draws: z.record(z.string(), CurrentDrawSchema) }));
export type CurrentDraws = z.infer<typeof CurrentDrawsSchema>;

export const ResultsQuerySchema = lazySchema(() => z.object({ count: z.coerce.number().int().min(1).max(1000).optional() }));
export const ResultsSchema = lazySchema(() => z.object({ drawType: z.string(), results: z.array(DrawnIssueSchema) }));
export type Results = z.infer<typeof ResultsSchema>;

/** `GET /ajax/draws/latest`: the latest result of every periodic draw type at once (开奖 page, lobby cards). */
export const LATEST_RESULTS_PATH = '/ajax/draws/latest';

export const LatestResultSchema = lazySchema(() => z.object({
  drawType: z.string(),
  issueNumber: z.string(),
  /** Epoch milliseconds. */
  drawAt: z.number().int(),
  result: z.array(z.number().int()),
  /** Committed draws (platform, simulated feed) can be checked on /verify/{drawType}/{issueNumber}. */
  verifiable: z.boolean(),
}));
export type LatestResult = z.infer<typeof LatestResultSchema>;

export const LatestResultsSchema = lazySchema(() => z.object({
  serverTime: z.number().int(),
  /** One entry per draw type that has a result; instant draw types have none. */
  results: z.array(LatestResultSchema),
}));
export type LatestResults = z.infer<typeof LatestResultsSchema>;

/** `GET /ajax/draws/{type}/history?page=&pageSize=`: one page of a draw type's results, newest first. */
export const historyPath = (drawType: string) => `/ajax/draws/${encodeURIComponent(drawType)}/history`;

export const HistoryQuerySchema = lazySchema(() => z.object({
  page: z.coerce.number().int().min(1).max(1000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
}));

export const HistoryPageSchema = lazySchema(() => z.object({
  drawType: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Results within the draw type's history draw count (decisions §9), cancelled issues included. */
  total: z.number().int(),
  results: z.array(DrawnIssueSchema),
}));
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
