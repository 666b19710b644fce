export * from './json-diff';
export * from './metrics';
export * from './ranking';
export * from './responses';
export { absenceLabel, findRank, lookupLabel, pageIsWholeAnswer, type RankLookup } from './rank-lookup';
