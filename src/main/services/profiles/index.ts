/** The front door of profiles: what other capabilities may use. */
export { generateRsaKeyPair } from './keys';
export { credentialsFor, readyProfile } from './profile-access';
export { ProfileActions } from './profile-actions';
export { ProfileService } from './profiles';
export { TokenClient, type TokenCredentials, tokenEndpoint } from './token-client';
export { LocalDemo } from './local-demo';
