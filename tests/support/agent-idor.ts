// The IDOR matrix of the agent centre (issue 19): each part of the agent API lists, in
// tests/server/agent-idor/<part>.ts, the calls that name a customer, a link, a run or a contract;
// tests/server/agent-access-matrix.test.ts makes demo_agent send each one about someone outside its
// team (and about its own upline) and expects 404 NOT_FOUND with nothing changed.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

export interface ForeignTeam {
  /** A primary agent of another tree, its agent and that agent's player. */
  primaryId: number;
  agentId: number;
  playerId: number;
  /** Logged-in cookie of the foreign agent (to create links, contracts … it owns). */
  agentCookie: string;
}

export interface IdorFixture {
  app: FastifyInstance;
  pool: pg.Pool;
  /** demo_agent's cookie: the caller of every case. */
  agentCookie: string;
  agentId: number;
  /** demo_agent's own parent (demo_primary): above the caller, so outside its team too. */
  uplineId: number;
  foreign: ForeignTeam;
}

export interface IdorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  payload?: unknown;
}

export interface IdorCase {
  name: string;
  /** Builds the request (it may first create, as the foreign agent, what it asks about). */
  request: (fixture: IdorFixture) => Promise<IdorRequest> | IdorRequest;
  /** A query whose answer must be the same before and after the refused call (nothing changed). */
  unchanged?: (fixture: IdorFixture) => Promise<unknown>;
}
