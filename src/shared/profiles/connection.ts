/**
 * Why a step of "test connection" (a token grant, a catalog call) failed:
 * a closed list, classified in main and explained in the renderer.
 */
export const CONNECTION_CAUSES = [
  'wrong-client-id',
  'bad-secret',
  'key-not-registered',
  'clock-skew',
  'rate-limited',
  'missing-secret',
  'incomplete-profile',
  'wrong-tenant',
  'unreachable',
  'not-found',
  'cancelled',
  'service-error',
] as const;

export type ConnectionCause = (typeof CONNECTION_CAUSES)[number];

/** A short label per cause, for the badge on a failed step. */
export const CAUSE_LABELS: Record<ConnectionCause, string> = {
  'wrong-client-id': 'Wrong client id',
  'bad-secret': 'Bad client secret',
  'key-not-registered': 'Key not registered',
  'clock-skew': 'Clock skew',
  'rate-limited': 'Rate limited (429)',
  'missing-secret': 'No secret stored',
  'incomplete-profile': 'Profile incomplete',
  'wrong-tenant': 'Wrong tenant',
  unreachable: 'Unreachable',
  'not-found': 'Not found',
  cancelled: 'Cancelled',
  'service-error': 'Service error',
};

/** What to do about a failed step, by its cause. */
export const CAUSE_REMEDIES: Record<ConnectionCause, string> = {
  'wrong-client-id': 'Check the client id in the profile against the service account the operator created.',
  'bad-secret': 'Set the client secret again in Profiles; it may have been rotated.',
  'key-not-registered': 'Send the public key (Profiles → Copy PEM or JWK) to the operator to register for this client id.',
  'clock-skew': "This computer's clock differs from the identity server's; sync the clock (NTP) and test again.",
  'rate-limited': 'The token endpoint allows 10 requests per second; wait a moment and test again.',
  'missing-secret': 'Set a client secret or generate a key pair in Profiles.',
  'incomplete-profile': 'Fill in the identity server URL, tenant, environment, item-catalog URL and client id in Profiles.',
  'wrong-tenant': 'The client id belongs to another tenant: check the tenant and environment in the profile.',
  unreachable: 'Check the URL, your network and the proxy shown in Settings.',
  'not-found': 'Check the addresses in the profile: the service answered 404.',
  cancelled: 'The test was cancelled; run it again.',
  'service-error': 'The service answered with an error; the exchange below has its status and message.',
};
