/**
 * `make`'s value, made on the first call and kept. For what a module would otherwise work out as it
 * is imported but may never need: a process that does not ask for it does not pay for it.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
