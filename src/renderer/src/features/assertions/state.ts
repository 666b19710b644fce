/** The state door of assertions: what the store composes and other slices type against. */
export { createAssertionsSlice, type AssertionsSlice } from './assertions-slice';
