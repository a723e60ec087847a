// The one error model `{ code, message, fields? }` (decisions §9). Domain code throws AppError; the
// handler turns every other failure into a Chinese message without leaking internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '../../shared/api/errors.ts';

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
};

function validationBody(error: FastifyError): ApiErrorBody {
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
      fields[field] ??= issue.message ?? '格式有误';
    }
  }
  const first = Object.values(fields)[0];
  // zod's own English messages never reach a player: shared schemas carry Chinese messages, and
  // anything else is reported generically.
  const message = first && /[\u4e00-\u9fff]/.test(first) ? first : '提交的内容格式有误，请检查后重试';
  return { code: ERROR_CODES.VALIDATION, message, fields };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.code(error.statusCode).send(body);
    }
    if (error.validation) return reply.code(400).send(validationBody(error));
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ code: ERROR_CODES.VALIDATION, message: '不支持的请求格式' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ code: ERROR_CODES.VALIDATION, message: '请求无效，请检查后重试' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: '系统繁忙，请稍后再试' });
  });
}
