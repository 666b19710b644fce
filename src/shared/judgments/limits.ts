/** The highest rating a judgment list's scale may have (0…9): TREC's and Quepid's scales fit within it. */
export const MAX_RATING_LIMIT = 9;
