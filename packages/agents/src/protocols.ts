import type { $Enums } from "@arena/db";
import type { AgentProtocolName } from "@arena/core";
import { z } from "zod";

/**
 * The protocols an agent with an endpoint is registered with (CLI, submission form, API), as users
 * write them, and the stored protocol each means; built-in and simulated agents are created by the
 * arena itself. How each protocol is called and health-checked: the adapter table in client.ts.
 */
export const SUBMITTED_PROTOCOLS = ["openai", "arena-http"] as const;
export type SubmittedProtocol = (typeof SUBMITTED_PROTOCOLS)[number];
export const STORED_PROTOCOL = { openai: "openai", "arena-http": "arena_http" } as const satisfies Record<SubmittedProtocol, AgentProtocolName>;
export type EndpointProtocol = (typeof STORED_PROTOCOL)[SubmittedProtocol];
/** Stored names of the endpoint protocols (the agents owners submit). */
export const ENDPOINT_PROTOCOLS: EndpointProtocol[] = SUBMITTED_PROTOCOLS.map((p) => STORED_PROTOCOL[p]);

export const submittedProtocolSchema = z.enum(SUBMITTED_PROTOCOLS, `protocol must be ${SUBMITTED_PROTOCOLS.join(" or ")}`);

// core's closed set and the database enum name the same protocols (a compile error otherwise).
type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : never) : never;
const protocolsAgree: Same<AgentProtocolName, $Enums.AgentProtocol> = true;
void protocolsAgree;
