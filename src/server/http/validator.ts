// Every request schema (body, querystring, params) is compiled here: zod validates as usual
// (fastify-type-provider-zod), then whatever passed meets the one character rule no field may break
// (`isStorableText`: no NUL or other control character, no lone surrogate). The shared schemas apply
// the stricter rule of each field themselves; this catches a route-local schema written without it,
// so that nothing PostgreSQL would refuse reaches a query.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isStorableText, UNSUPPORTED_CHARACTERS_MESSAGE } from '../../shared/validation/safe-text.ts';

type Path = (string | number)[];

/** The path of the first string (at any depth) no field may hold, or null. */
export function unstorableTextPath(value: unknown): Path | null {
  const pending: { value: unknown; path: Path }[] = [{ value, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return item.path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], path: [...item.path, i] });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current).reverse()) pending.push({ value: child, path: [...item.path, key] });
    }
  }
  return null;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const guarded = route.schema.check((payload) => {
    const path = unstorableTextPath(payload.value);
    if (path) payload.issues.push({ code: 'custom', message: UNSUPPORTED_CHARACTERS_MESSAGE, input: payload.value, path });
  });
  return zodValidatorCompiler({ ...route, schema: guarded });
};
