// Requests for the route fuzz test (tests/server/fuzz-routes.test.ts), generated from a route's own
// zod schemas read as JSON Schema. Each request carries exactly one *poison*: a value the route must
// refuse whatever the rest holds (a NUL or other control character, a lone surrogate, 10 000
// characters where a limit is shorter, a day that does not exist, a wrong type, a malformed URL or
// body). The other values are plausible but random, nested objects, impossible dates and all. So every
// answer must be a 4xx, and no handler may run, hence no state may change.
import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's `toJSONSchema` writes for request schemas. */
export interface Shape {
  type?: string | string[];
  properties?: Record<string, Shape>;
  required?: string[];
  items?: Shape;
  anyOf?: Shape[];
  oneOf?: Shape[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}

/** A route schema part as JSON Schema of its input; `{}` (anything) where zod cannot say. */
export function shapeOf(schema: unknown): Shape | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Shape;
}

const typesOf = (shape: Shape): string[] => (shape.type === undefined ? [] : [shape.type].flat());
const isUnknown = (shape: Shape) =>
  typesOf(shape).length === 0 && !shape.anyOf && !shape.oneOf && !shape.enum && shape.const === undefined;

// ── Characters ──────────────────────────────────────────────────────────────────────────────────

/** Controls no field may hold (tab, LF and CR are allowed in multi-line text, so never alone). */
const FORBIDDEN_CONTROL = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F');
const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const SAFE_TEXT = fc.string({ maxLength: 12, unit: 'grapheme-ascii' });

function around(core: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(SAFE_TEXT, core, fc.string({ maxLength: 6 })).map(([before, bad, after]) => `${before}${bad}${after}`);
}

const controlText = around(FORBIDDEN_CONTROL);
// A surrogate cannot travel in a URL (UTF-8), only in JSON ("\ud800").
const loneSurrogateText = fc
  .tuple(SAFE_TEXT, LONE_SURROGATE, SAFE_TEXT)
  .map(([before, bad, after]) => `${before}${bad}${/^[\uDC00-\uDFFF]/.test(after) ? `x${after}` : after}`);
/** 10 000 characters with a control somewhere: refused even by a field without a length limit. */
const longControlText = fc.tuple(fc.nat(9_999), FORBIDDEN_CONTROL).map(([at, bad]) => {
  const text = 'x'.repeat(10_000);
  return text.slice(0, at) + bad + text.slice(at + 1);
});
const tooLong = (maxLength: number) =>
  fc.integer({ min: maxLength + 1, max: Math.max(maxLength + 1, 10_000) }).map((length) => '锦'.repeat(length));

const IMPOSSIBLE_DATES = ['2026-02-30', '0000-00-00', '2025-02-29', '2026-13-01', '2026-04-31', '0000-01-01', '9999-99-99'];
/** A date field: one whose pattern accepts a date and refuses anything else. */
const isDateShape = (shape: Shape) =>
  shape.pattern !== undefined && new RegExp(shape.pattern).test('2026-01-01') && !new RegExp(shape.pattern).test('2026-01-01x');

// ── Plausible values (random, usually wrong, never certainly so) ────────────────────────────────

const plausibleString = fc.oneof(
  SAFE_TEXT,
  fc.string({ maxLength: 20 }),
  fc.constantFrom('2026-02-30', '2026-01-01', '0000-00-00', 'CQSSC', 'demo_player', '123456', 'abc12345'),
  fc.stringMatching(/^[A-Za-z0-9_]{1,16}$/),
);

export function plausibleJson(shape: Shape): fc.Arbitrary<unknown> {
  if (shape.const !== undefined) return fc.constant(shape.const);
  if (shape.enum) return fc.constantFrom(...shape.enum);
  const branches = shape.anyOf ?? shape.oneOf;
  if (branches) return fc.oneof(...branches.map(plausibleJson));
  if (isUnknown(shape)) return fc.jsonValue({ maxDepth: 2 });
  const options: fc.Arbitrary<unknown>[] = [];
  for (const type of typesOf(shape)) {
    if (type === 'string') options.push(plausibleString);
    if (type === 'integer') options.push(fc.integer({ min: shape.minimum ?? -5, max: shape.maximum ?? 1_000_000 }));
    if (type === 'number') options.push(fc.double({ noNaN: true, noDefaultInfinity: true }));
    if (type === 'boolean') options.push(fc.boolean());
    if (type === 'null') options.push(fc.constant(null));
    if (type === 'array') options.push(fc.array(shape.items ? plausibleJson(shape.items) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }));
    if (type === 'object') options.push(plausibleObject(shape));
  }
  return options.length > 0 ? fc.oneof(...options) : fc.jsonValue({ maxDepth: 2 });
}

function plausibleObject(shape: Shape, except?: string): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(shape.properties ?? {}).filter(([key]) => key !== except);
  return fc.record(Object.fromEntries(entries.map(([key, child]) => [key, plausibleJson(child)])), { requiredKeys: [] });
}

// ── Poisons in JSON bodies ──────────────────────────────────────────────────────────────────────

/** Values refused by any schema at all: no branch of a union, no optional form takes them. */
const UNIVERSAL_JSON = [controlText, loneSurrogateText, longControlText];

/** The property every branch of a discriminated union fixes with `const`, if there is one. */
function discriminator(branches: Shape[]): string | null {
  const first = branches[0]?.properties ?? {};
  return (
    Object.keys(first).find((key) => branches.every((branch) => branch.type === 'object' && branch.properties?.[key]?.const !== undefined)) ??
    null
  );
}

type Weighted = { arbitrary: fc.Arbitrary<unknown>; weight: number };
const weighted = (arbitrary: fc.Arbitrary<unknown>, weight = 1): Weighted => ({ arbitrary, weight });

/**
 * A value `shape` certainly refuses, at this level or somewhere inside. Weighted towards the inside
 * and towards what the field is (a date field gets impossible dates), where the bugs hide.
 */
export function poisonedJson(shape: Shape): fc.Arbitrary<unknown> {
  const options: Weighted[] = [weighted(controlText, 4), weighted(loneSurrogateText, 3), weighted(longControlText)];
  const branches = shape.anyOf ?? shape.oneOf;
  if (branches) {
    const tag = discriminator(branches);
    // Inside one branch, with its tag kept, so no other branch can take the value.
    if (tag) options.push(weighted(fc.constantFrom(...branches).chain((branch) => poisonedObject(branch, tag)), 12));
    return fc.oneof(...options);
  }
  if (isUnknown(shape)) return fc.oneof(...options);
  const types = typesOf(shape);
  const numeric = types.includes('integer') || types.includes('number');
  if (!numeric) options.push(weighted(fc.integer()));
  if (!types.includes('boolean')) options.push(weighted(fc.boolean()));
  // An array or an object where neither belongs. (Never an empty one: an optional group reads it as blank.)
  if (!types.includes('object') && !types.includes('array')) {
    options.push(weighted(fc.constant({ nested: { deeper: ['\u0000'] } })), weighted(fc.constant([['\u0000']])));
  }
  if (types.includes('string') && !shape.enum && shape.const === undefined) {
    if (shape.maxLength !== undefined) options.push(weighted(tooLong(shape.maxLength), 2));
    if (isDateShape(shape)) options.push(weighted(fc.constantFrom(...IMPOSSIBLE_DATES), 8));
  }
  if (types.includes('integer')) options.push(weighted(fc.integer({ min: -1000, max: 1000 }).map((n) => n + 0.5)));
  if (numeric && shape.minimum !== undefined) options.push(weighted(fc.constant(shape.minimum - 1)));
  if (numeric && shape.exclusiveMinimum !== undefined) options.push(weighted(fc.constant(shape.exclusiveMinimum)));
  if (numeric && shape.maximum !== undefined && shape.maximum < Number.MAX_SAFE_INTEGER) options.push(weighted(fc.constant(shape.maximum + 1)));
  if (types.includes('array') && shape.items) {
    const items = shape.items;
    const inside = fc.tuple(fc.array(plausibleJson(items), { maxLength: 2 }), poisonedJson(items)).map(([good, bad]) => [...good, bad]);
    options.push(weighted(inside, 8));
  }
  if (types.includes('object') && shape.properties && Object.keys(shape.properties).length > 0) options.push(weighted(poisonedObject(shape), 12));
  return fc.oneof(...options);
}

/** An object with one property poisoned (never `keep`, a union's tag) and the others plausible. */
function poisonedObject(shape: Shape, keep?: string): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape.properties ?? {}).filter((key) => key !== keep);
  if (keys.length === 0) return fc.oneof(...UNIVERSAL_JSON).map((bad) => ({ bad }));
  return fc.constantFrom(...keys).chain((key) =>
    fc.tuple(plausibleObject(shape, key), poisonedJson(shape.properties![key]!)).map(([rest, bad]) => {
      const value: Record<string, unknown> = { ...rest, [key]: bad };
      if (keep) value[keep] = shape.properties![keep]!.const;
      return value;
    }),
  );
}

// ── Poisons in URLs (path parameters, query values), already percent-encoded ─────────────────────

const encode = (text: string) => encodeURIComponent(text);
/** Fastify refuses a path with these before routing (frameworkErrors): not UTF-8, or cut short. */
const MALFORMED_ESCAPES = ['%E0%A4%A', '%', '%G0', 'a%ZZ', '%ED%A0%80', '%C0%AF', '%FF'];

export function poisonedUrlText(shape: Shape, part: 'path' | 'query'): fc.Arbitrary<string> {
  const options: { arbitrary: fc.Arbitrary<string>; weight: number }[] = [
    { arbitrary: controlText.map(encode), weight: 4 },
    { arbitrary: longControlText.map(encode), weight: 1 },
  ];
  const add = (arbitrary: fc.Arbitrary<string>, weight = 1) => options.push({ arbitrary, weight });
  if (part === 'path') {
    add(fc.constantFrom(...MALFORMED_ESCAPES));
    // Over Fastify's maxParamLength (100): refused before routing.
    add(fc.integer({ min: 101, max: 10_000 }).map((n) => 'x'.repeat(n)));
  }
  const types = typesOf(shape);
  if (types.includes('string') && shape.maxLength !== undefined) add(tooLong(shape.maxLength).map(encode));
  if (isDateShape(shape)) add(fc.constantFrom(...IMPOSSIBLE_DATES), 8);
  if (types.includes('integer') || types.includes('number')) {
    add(fc.constantFrom('abc', '1e400', 'NaN', '0x1g'));
    if (types.includes('integer')) add(fc.constantFrom('1.5', '2.25'));
    if (shape.minimum !== undefined) add(fc.constant(String(shape.minimum - 1)));
    if (shape.exclusiveMinimum !== undefined) add(fc.constant(String(shape.exclusiveMinimum)));
    if (shape.maximum !== undefined && shape.maximum < Number.MAX_SAFE_INTEGER) add(fc.constant(String(shape.maximum + 1)));
  }
  if (shape.enum) add(fc.constantFrom('NOPE', 'pending', '1'));
  return fc.oneof(...options);
}

export function plausibleUrlText(shape: Shape): fc.Arbitrary<string> {
  if (shape.enum) return fc.constantFrom(...shape.enum.map(String));
  const types = typesOf(shape);
  if (types.includes('integer') || types.includes('number')) {
    return fc.integer({ min: Math.max(shape.minimum ?? 1, 1), max: Math.min(shape.maximum ?? 1_000_000, 1_000_000) }).map(String);
  }
  return fc.oneof(fc.stringMatching(/^[A-Za-z0-9_]{1,16}$/), fc.stringMatching(/^\d{1,15}$/), fc.constant('2026-02-30')).map(encode);
}

// ── Bodies Fastify refuses before any handler ───────────────────────────────────────────────────

export interface RawBody {
  readonly contentType: string;
  readonly payload: string;
}

export const UNREADABLE_BODIES: readonly RawBody[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"polluted":true}}}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'username=a&password=b' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x--' },
];
