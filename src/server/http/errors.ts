// The one error model `{ code, message, fields? }` (decisions §9). Domain code throws AppError; the
// handler turns every other failure into a Chinese message without leaking internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '../../shared/api/errors.ts';
import { MALFORMED_REQUEST_MESSAGE } from '../../shared/validation/first-login.ts';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const errors = {
  validation: (message: string, fields?: Record<string, string>) =>
    new AppError(400, ERROR_CODES.VALIDATION, message, fields),
  unauthenticated: () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, '请先登录'),
  forbidden: (message = '没有权限执行此操作') => new AppError(403, ERROR_CODES.FORBIDDEN, message),
  notFound: (message = '您访问的内容不存在') => new AppError(404, ERROR_CODES.NOT_FOUND, message),
  conflict: (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message),
  /** Load shed (http/admission.ts): a 4xx the client may retry, never a 5xx or a time-out. */
  busy: () => new AppError(429, ERROR_CODES.RATE_LIMITED, '系统繁忙，请稍后再试'),
};

const GENERIC_VALIDATION_MESSAGE = '提交的内容格式有误，请检查后重试';
const GENERIC_REQUEST_MESSAGE = '请求无效，请检查后重试';
const hasChinese = (text: string | undefined): text is string => text !== undefined && /[\u4e00-\u9fff]/.test(text);

function validationBody(error: FastifyError): ApiErrorBody {
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
      // zod's own English messages never reach a player: shared schemas carry Chinese messages, and
      // anything else is reported generically.
      fields[field] ??= hasChinese(issue.message) ? issue.message : GENERIC_VALIDATION_MESSAGE;
    }
  }
  const message = Object.values(fields).find((text) => text !== GENERIC_VALIDATION_MESSAGE) ?? GENERIC_VALIDATION_MESSAGE;
  return { code: ERROR_CODES.VALIDATION, message, fields };
}

// Requests Fastify itself could not read or route, before any of our code ran.
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: ERROR_CODES.VALIDATION, message: '请求地址无效' },
  FST_ERR_INVALID_URL: { status: 400, code: ERROR_CODES.VALIDATION, message: '请求地址无效' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: ERROR_CODES.VALIDATION, message: '请求地址过长' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ERROR_CODES.VALIDATION, message: MALFORMED_REQUEST_MESSAGE },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ERROR_CODES.VALIDATION, message: MALFORMED_REQUEST_MESSAGE },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ERROR_CODES.VALIDATION, message: MALFORMED_REQUEST_MESSAGE },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ERROR_CODES.VALIDATION, message: '提交的内容过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ERROR_CODES.VALIDATION, message: '不支持的请求格式' },
  FST_ERR_NOT_FOUND: { status: 404, code: ERROR_CODES.NOT_FOUND, message: '接口不存在' },
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  429: ERROR_CODES.RATE_LIMITED,
};

/** The answer to any error: ours as thrown, a refused request as a 4xx in Chinese, the rest as a 500. */
/** too_many_connections, cannot_connect_now: the database refused a connection, nothing ran. */
const DATABASE_BUSY_CODES = new Set(['53300', '57P03']);

function errorResponse(error: FastifyError): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (error.fields) body.fields = error.fields;
    return { status: error.statusCode, body };
  }
  if (error.validation) return { status: 400, body: validationBody(error) };
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) return { status: known.status, body: { code: known.code, message: known.message } };
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { code: CODE_BY_STATUS[status] ?? ERROR_CODES.VALIDATION, message: GENERIC_REQUEST_MESSAGE } };
  }
  // PostgreSQL refusing new connections: too much load for now, like the admission gate's refusal;
  // nothing ran, so the client may retry (docs/scaling/burst.md).
  if (DATABASE_BUSY_CODES.has((error as { code?: string }).code ?? '')) {
    return { status: 429, body: { code: ERROR_CODES.RATE_LIMITED, message: '系统繁忙，请稍后再试' } };
  }
  return { status: 500, body: { code: ERROR_CODES.INTERNAL, message: '系统繁忙，请稍后再试' } };
}

function send(reply: FastifyReply, status: number, body: ApiErrorBody) {
  // Serialized here: a reply made for a request that matched no route has no serializer of its own.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Fastify's `frameworkErrors`: a malformed URL or an over-long parameter, before routing. */
// A request Fastify could not route never reaches the hooks that set the security headers; its JSON
// answer still must not be sniffed, framed or allowed to load anything.
const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = errorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'unhandled framework error');
  void send(reply.headers(FRAMEWORK_ERROR_HEADERS), status, body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    return send(reply, status, body);
  });
}
