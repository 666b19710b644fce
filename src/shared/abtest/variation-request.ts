import type { Assignment } from './bucket';

/** What a search request carries that a variation sets: the configuration and the context variables. */
interface VariedRequest {
  configurationId?: string | undefined;
  context?: { variables?: Record<string, unknown> | undefined } & Record<string, unknown>;
}

/**
 * A customer's request as their variation sends it: the variation's configuration (none: the tenant default, so
 * whatever the URL carried is dropped) and its context variables over the request's own; with what changed, in words.
 */
export function inVariation<R extends VariedRequest>(request: R, assignment: Assignment, testId: string): { request: R; notes: string[] } {
  const notes: string[] = [];
  const where = `variation ${assignment.variationId} of test ${testId}, bucket ${assignment.bucket}`;
  const { configurationId: _before, ...rest } = request;
  const next = { ...rest } as R;
  if (assignment.configurationId) {
    next.configurationId = assignment.configurationId;
    // What the URL asked for is said where the variation replaces it: from → to, and why.
    notes.push(
      request.configurationId && request.configurationId !== assignment.configurationId
        ? `configurationId ${request.configurationId} → ${assignment.configurationId}: replaced, as ${where} sends ${assignment.configurationId}.`
        : `configurationId ${assignment.configurationId}: ${where}.`,
    );
  } else if (request.configurationId) {
    notes.push(`configurationId ${request.configurationId} dropped: ${where} sends none (the tenant default).`);
  } else notes.push(`No configurationId: ${where} sends none (the tenant default).`);
  const variables = Object.entries(assignment.variables);
  if (variables.length) {
    const had = request.context?.variables ?? {};
    next.context = { ...request.context, variables: { ...had, ...assignment.variables } };
    const replaced = variables.filter(([k, v]) => k in had && JSON.stringify(had[k]) !== JSON.stringify(v));
    const added = variables.filter(([k]) => !(k in had));
    for (const [k, v] of replaced)
      notes.push(`Context variable ${k}=${String(had[k])} → ${k}=${String(v)}: replaced, as ${where} sets ${k}=${String(v)}.`);
    if (added.length) notes.push(`Context variables ${added.map(([k, v]) => `${k}=${String(v)}`).join(', ')}: ${where}.`);
  }
  return { request: next, notes };
}
