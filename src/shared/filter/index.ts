export * from './ast';
export * from './complete';
export * from './evaluate';
export { lex, OPERATORS, isValidDate, type Operator, type Token } from './lexer';
export * from './parser';
export * from './printer';
