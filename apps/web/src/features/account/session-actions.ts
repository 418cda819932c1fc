"use server";
import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { auth } from "@/lib/auth";
import { requireRole } from "@/lib/auth-session";
import { ROLES } from "./roles";

/**
 * Revocation by session id: the page never holds session tokens (a token is the session's
 * secret), so the token is looked up here among the caller's own sessions.
 */
export async function revokeSessionAction(form: FormData): Promise<void> {
  await requireRole(ROLES, "/me/sessions");
  const h = await headers();
  const id = String(form.get("id") ?? "");
  const sessions = await auth().api.listSessions({ headers: h });
  const target = sessions.find((s) => s.id === id);
  if (target) await auth().api.revokeSession({ headers: h, body: { token: target.token } });
  revalidatePath("/me/sessions");
}

/** Signs out every other browser and script session of the caller, keeping this one. */
export async function revokeOtherSessionsAction(): Promise<void> {
  await requireRole(ROLES, "/me/sessions");
  await auth().api.revokeOtherSessions({ headers: await headers() });
  revalidatePath("/me/sessions");
}
