import { serveQueues } from "@/features/console/queues";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export { serveQueues as GET, serveQueues as POST, serveQueues as PUT, serveQueues as DELETE };
