/** The front door of llm-judges in the window: what other features may use. */
export { AskJudge } from './AskJudge';
export { JudgeReportCard } from './JudgeReportCard';
