import { describe, expect, it, vi } from 'vitest';

/*
 * A keychain that answers the opening check and then never again — a locked Secret Service waiting on a
 * password prompt nobody sees. The real keychain's behaviour is covered by test/integration/services/secrets.test.ts
 * where one answers; this is the fault that cannot be produced on demand.
 */
const never = () => new Promise<never>(() => {});
vi.mock('keytar', () => ({
  default: {
    findCredentials: async () => [],
    getPassword: never,
    setPassword: never,
    deletePassword: never,
  },
}));

const { KeychainStore } = await import('../../../../src/main/services/secrets/stores');

describe('a keychain that stops answering', () => {
  it('gives a storage error naming the keychain and the fix, for reads, writes and deletes', async () => {
    const { store } = await KeychainStore.open('search-workbench-timeout-test', 20);
    expect(store).toBeDefined();
    for (const [call, what] of [
      [() => store!.get('k'), 'reading a secret'],
      [() => store!.set('k', 'v'), 'storing a secret'],
      [() => store!.delete('k'), 'deleting a secret'],
    ] as const) {
      await expect(call()).rejects.toMatchObject({
        error: {
          code: 'storage',
          message: expect.stringMatching(
            new RegExp(`^The keychain \\(.+\\) did not answer within 0.04 s ${what}: .*unlock it and try again`),
          ),
        },
      });
    }
  });
});
