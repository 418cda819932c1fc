/**
 * Read functions of the audit package: `(db, params) → plain data` checked by the schemas beside
 * them. Loads no queue code, so the web app can import it.
 */
export * from "./schemas";
export {
  readAuditQueues,
  readAuditItem,
  exportAnnotations,
  auditReport,
  examinerAgreement,
  matchVoids,
  voidCandidates,
  PAPER,
  type Viewer,
} from "./reads";
export * from "../options";
export * from "../requests";
