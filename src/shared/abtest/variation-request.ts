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
    notes.push(`configurationId ${assignment.configurationId}: ${where}.`);
  } else if (request.configurationId) {
    notes.push(`configurationId ${request.configurationId} dropped: ${where} sends none (the tenant default).`);
  } else notes.push(`No configurationId: ${where} sends none (the tenant default).`);
  const variables = Object.entries(assignment.variables);
  if (variables.length) {
    next.context = { ...request.context, variables: { ...request.context?.variables, ...assignment.variables } };
    notes.push(`Context variables ${variables.map(([k, v]) => `${k}=${v}`).join(', ')}: ${where}.`);
  }
  return { request: next, notes };
}
