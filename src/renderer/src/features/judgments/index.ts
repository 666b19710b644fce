/** The front door of judgments: what other capabilities may use. */
export { AgreementPanel } from './AgreementPanel';
export { IntentEditor, intentSummary } from './IntentEditor';
export { JudgingQueue } from './JudgingQueue';
export { JudgmentPicker } from './JudgmentPicker';
export { aboveScale, ClicksBadge, RatingBadge, ratingKeys } from './RatingBadge';
export { type RatingView, useRatingView } from './use-rating-view';
