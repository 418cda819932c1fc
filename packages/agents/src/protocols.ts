import type { $Enums } from "@arena/db";
import type { AgentProtocolName } from "@arena/core";
import { z } from "zod";

/**
 * The protocols an agent with an endpoint is registered with (CLI, submission form, API), as users
 * write them, and the stored protocol each means; built-in and simulated agents are created by the
 * arena itself. How each protocol is called and health-checked: the adapter table in client.ts.
 * Imports nothing at run time but zod, so the CLI can parse its options with it cheaply.
 */
export const SUBMITTED_PROTOCOLS = ["openai", "arena-http"] as const;
export type SubmittedProtocol = (typeof SUBMITTED_PROTOCOLS)[number];
export const submittedProtocolSchema = z.enum(SUBMITTED_PROTOCOLS, `protocol must be ${SUBMITTED_PROTOCOLS.join(" or ")}`);

export const STORED_PROTOCOL = { openai: "openai", "arena-http": "arena_http" } as const satisfies Record<SubmittedProtocol, AgentProtocolName>;
export type EndpointProtocol = (typeof STORED_PROTOCOL)[SubmittedProtocol];

/** Stored names of the endpoint protocols (the agents owners submit). */
export const ENDPOINT_PROTOCOLS = ["openai", "arena_http"] as const satisfies readonly EndpointProtocol[];
export const endpointProtocolSchema = z.enum(ENDPOINT_PROTOCOLS);

// Checked at compile time: every endpoint protocol is listed, and core's closed set and the
// database enum name the same protocols.
type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : never) : never;
const agree: [Same<EndpointProtocol, (typeof ENDPOINT_PROTOCOLS)[number]>, Same<AgentProtocolName, $Enums.AgentProtocol>] = [true, true];
void agree;
