export { CsvReader, parseCsv, readCsv, unclosedQuoteMessage, type CsvRecord } from './reader';
export { csvCell, csvLine, defuse, undefuse } from './writer';
