/** The state door of autocomplete: what the store composes and other slices type against. */
export { type AutocompleteSlice, createAutocompleteSlice } from './autocomplete-slice';
