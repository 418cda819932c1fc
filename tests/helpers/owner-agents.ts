/**
 * The world of the owner-agent tests (tests/agent-*.int.test.ts): an emptied database, a fault
 * agent server the operator has allow-listed, the tournament queues, and one owner account.
 */
import type { PrismaClient } from "@arena/db";
import { addAllowedHost } from "@arena/db/accounts";
import { openTournamentQueues } from "@arena/tournament";
import { createUser } from "../accounts/fixtures";
import { startFaultAgentServer, type FaultAgentServer } from "../servers/fault-agent-server";
import { flushRedis } from "../tournament-fixtures";
import { freshDb } from "./arena";

export interface OwnerAgentWorld {
  db: PrismaClient;
  srv: FaultAgentServer;
  queues: ReturnType<typeof openTournamentQueues>;
  /** The owner's user id. */
  owner: string;
}

export async function ownerAgentWorld(): Promise<OwnerAgentWorld> {
  const db = await freshDb();
  const srv = await startFaultAgentServer();
  const queues = openTournamentQueues();
  await addAllowedHost(db, srv.hostPort, "test agent server");
  const owner = (await createUser(db, "owner")).id;
  return { db, srv, queues, owner };
}

/** Closes what `ownerAgentWorld` opened, and this worker's queue keys; parts never opened are passed over. */
export async function closeOwnerAgentWorld(world: Partial<OwnerAgentWorld>): Promise<void> {
  await world.queues?.close();
  await flushRedis();
  await world.srv?.close();
  await world.db?.$disconnect();
}
