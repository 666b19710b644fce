/** The front door of secrets: what other capabilities may use. */
export { openSecretStore, type SecretStoreChoice, secretStoreInfo } from './stores';
export { type Encryptor, secretKey, type SecretStore } from './types';
