/** The state door of item: what the store composes and other slices type against. */
export { createItemSlice, type ItemSlice } from './item-slice';
