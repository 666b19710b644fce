let counter = 0;

/** A fresh id for request:cancel, unique within this window. */
export function nextRequestId(scope: string): string {
  counter += 1;
  return `${scope}:${counter}`;
}
