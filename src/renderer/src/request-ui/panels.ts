/** The views of an answer: the screen's own, the raw JSON, or the exchange record. */
export type AnswerPanel = 'results' | 'raw' | 'exchange';
