/*
 * A compared side as the user edits it: Compare's two sides, and what the panels Compare hosts (Explain, the context
 * matrix) put on them. Here, with the request widgets several screens share, so those panels need not import Compare.
 */

export type SideKey = 'a' | 'b';

/** One side as the user edits it. */
export interface SideDraft {
  label: string;
  /** Null: the active profile. */
  profileId: string | null;
  token: string;
  configurationId: string;
  filter: string;
  /** Context variables as JSON text; empty for none. */
  variables: string;
}
