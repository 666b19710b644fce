/**
 * The shape of every slice of the app store: a function of `set` and `get`
 * over the slice itself and only the other slices it uses (its deps). Typing
 * a slice against its deps rather than the whole store keeps the import
 * graph one-way (store → slices, never back), and lets a test build a slice
 * alone with just what it needs.
 */
export type SetState<T> = (partial: Partial<T> | ((state: T) => Partial<T>)) => void;

export type SliceCreator<S, D = unknown> = (set: SetState<S & D>, get: () => S & D) => S;

/**
 * A slice of a panel another screen hosts: it declares what it uses of its host (`H`, an interface of its own, so it
 * imports nothing of the host), reads and calls it through `get`, and sets only its own state.
 */
export type HostedSliceCreator<S, H> = (set: SetState<S>, get: () => S & H) => S;
