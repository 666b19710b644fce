/** The state door of catalog: what the store composes and other slices type against. */
export { type CatalogSlice, createCatalogSlice } from './catalog-slice';
