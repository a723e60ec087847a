// A schema built on first use. The PWA's first route imports these modules for their paths, types and
// query options; building every zod schema while the entry module evaluates was a third of that
// evaluation on a phone (docs/pwa.md, issue 18 item 8), though most are not needed before an answer
// arrives, or ever on that page. The value stands in for the schema everywhere (parse, shape, extend,
// use inside another schema, instanceof), so the server validates with exactly the same schema.

/** `build()` runs on the first read of any member; every read then goes to the schema it returned. */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // The target is a stand-in only: every trap reads and writes the built schema, with the schema itself
  // as the receiver, so zod's members that cache on the instance cache on the real one.
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property its target lacks as non-configurable; the stand-in has none.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
