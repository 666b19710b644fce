/**
 * The front door of estimates on traffic: what configuration B would have earned on traffic logged under A. So far the
 * interleaving replay's parts — team-draft interleaving, each search's credit, the sign test (issue 45).
 */
export { interleavingOutcome, type Interleaved, signTest, type Team, teamDraft } from './interleave';
