// The one fetch wrapper of the PWA: same-origin cookies, the CSRF header on every mutating request,
// the `{ code, message, fields? }` error body turned into an ApiError, and a NetworkError when no
// response arrived.
import type { z } from 'zod';
import { ApiErrorSchema, CSRF_HEADER, CSRF_HEADER_VALUE, ERROR_CODES } from '../../../shared/api/errors.ts';
import { nextTask } from '../next-task.ts';
import { takeEarlyResponse } from './early-responses.ts';
import { ApiError, NetworkError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Parses the successful response; without it the JSON is returned as is. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

const GENERIC_SERVER_MESSAGE = '服务器繁忙，请稍后重试';
const BAD_RESPONSE_MESSAGE = '服务器返回的数据有误，请稍后重试';

export function requestHeaders(method: HttpMethod, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function errorFromResponse(status: number, text: string): ApiError {
  const body = ApiErrorSchema.safeParse(parseJson(text));
  if (body.success) return new ApiError(status, body.data.code, body.data.message, body.data.fields, { serverBody: true });
  if (status === 401) return new ApiError(status, ERROR_CODES.UNAUTHENTICATED, '登录已失效，请重新登录');
  if (status === 404) return new ApiError(status, ERROR_CODES.NOT_FOUND, '请求的内容不存在');
  return new ApiError(status, ERROR_CODES.INTERNAL, GENERIC_SERVER_MESSAGE);
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  let response: { ok: boolean; status: number };
  let text: string;
  try {
    const early = method === 'GET' ? takeEarlyResponse(path) : undefined;
    if (early) {
      ({ text, ...response } = await early);
      // The early answer has usually arrived before the app asks: without this its parse (and the
      // schema's first build) would run in the task that asked, with the rest of the boot.
      await nextTask();
    } else {
      const answer = await fetch(path, {
        method,
        headers: requestHeaders(method, body !== undefined),
        body: body === undefined ? null : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
        signal: signal ?? null,
      });
      response = answer;
      text = await answer.text();
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) throw errorFromResponse(response.status, text);
  const json = parseJson(text);
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, ERROR_CODES.INTERNAL, BAD_RESPONSE_MESSAGE);
  return parsed.data;
}

export function apiGet<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return apiRequest(path, signal ? { schema, signal } : { schema });
}

export function apiPut<T>(path: string, body: unknown, schema?: z.ZodType<T>): Promise<T> {
  return apiRequest(path, schema ? { method: 'PUT', body, schema } : { method: 'PUT', body });
}

export function apiPost<T>(path: string, body: unknown, schema?: z.ZodType<T>): Promise<T> {
  return apiRequest(path, schema ? { method: 'POST', body, schema } : { method: 'POST', body });
}
