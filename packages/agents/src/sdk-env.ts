import { withoutVariables } from "@arena/env";

/**
 * The provider SDKs fill what they are not given from the operator's environment (keys, base URLs,
 * organisation, project, webhook secrets, telemetry). Agent clients pass every such option
 * explicitly, so none of it reaches an agent's endpoint. Two variables have no option that
 * refuses them: the SDKs merge OPENAI_CUSTOM_HEADERS / ANTHROPIC_CUSTOM_HEADERS into every
 * request's headers, after the API key (so they could even replace it). They are hidden while an
 * agent's client is built: the constructors read them once, synchronously, so no other code can
 * see them missing.
 */
const UNREFUSABLE = ["OPENAI_CUSTOM_HEADERS", "ANTHROPIC_CUSTOM_HEADERS"] as const;

/** Builds an SDK client for an agent without the environment settings no option can refuse. */
export function withoutOperatorEnv<T>(build: () => T): T {
  return withoutVariables(UNREFUSABLE, build);
}
