/**
 * Human audit of the examiner (docs/method.md §9): queues of sampled rounds, held items, annotations with
 * their revisions, operator voids. Reads are in `@arena/audit/read`.
 */
export { AuditError } from "./errors";
export { createAuditQueue, closeAuditQueue } from "./queues";
export * from "./requests";
export { nextItem, claimItem, HOLD_MS } from "./holds";
export { submitAnswers, submitReview } from "./annotate";
export { voidRound, type VoidOutcome } from "./void";
export { voidAndPublish } from "./commands";
export { drawSample } from "./sample";
export { cohensKappa, confusionMatrix, MIN_KAPPA_ITEMS, percent, reportedKappa } from "./stats";
export * from "./options";
export { itemVariants, chooseVariants, nextVariantItem, variantContexts, variantOrder, type VariantOption } from "./variants";
