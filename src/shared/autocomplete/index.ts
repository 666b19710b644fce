/** The front door of autocomplete: what other capabilities may use. */
export { AUTOCOMPLETE_PREREQUISITES, isAutocompleteNotActivated, typedPrefixLength } from './typed-prefix';
