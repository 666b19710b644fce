/** The state door of profiles: what the store composes and other slices type against. */
export { createProfilesSlice, type ProfilesSlice } from './profiles-slice';
