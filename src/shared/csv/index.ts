export { CsvReader, parseCsv, readCsv, unclosedQuoteMessage, type CsvRecord } from './reader';
export { csvCell, csvLine, csvLines, defuse, undefuse } from './writer';
