/**
 * The part of keytar this app calls, stated here rather than read from the package: keytar is an optional
 * native dependency that npm leaves out where it cannot build (no libsecret headers), and the typecheck and
 * the build must pass either way. At run time `KeychainStore.open` loads it, or reports why it could not.
 * An ambient declaration wins over the package's own types, so every machine checks against this one shape.
 */
declare module 'keytar' {
  /** keytar is CommonJS, so an ESM import (and a bundler's interop) hands its exports over as `default`. */
  const keytar: {
    getPassword(service: string, account: string): Promise<string | null>;
    setPassword(service: string, account: string, password: string): Promise<void>;
    deletePassword(service: string, account: string): Promise<boolean>;
    findCredentials(service: string): Promise<{ account: string; password: string }[]>;
  };
  export default keytar;
}
