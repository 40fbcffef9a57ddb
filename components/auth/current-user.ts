// The signed-in user in server components and pages. Pages call requireCurrentUser()
// themselves (layouts are not re-run on every client navigation, so a layout check alone is
// not enough); React's cache makes repeated calls in one render cost one lookup.
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { userFromSessionCookie, type AuthUser } from "@/lib/auth/authenticate-request";
import { DEFAULT_LANDING, safeCallbackPath } from "@/lib/auth/callback-path";
import { PATH_HEADER } from "@/components/auth/path-header";

export const getCurrentUser = cache(async (): Promise<AuthUser | null> => {
  return userFromSessionCookie((await headers()).get("cookie"));
});

/**
 * The signed-in user, or a redirect to /signin that comes back to the requested page; an account
 * still on a temporary password goes to /change-password instead of any page.
 */
export async function requireCurrentUser(): Promise<AuthUser> {
  const user = await getCurrentUser();
  if (user && !user.mustChangePassword) return user;
  const back = safeCallbackPath((await headers()).get(PATH_HEADER));
  // The page asked for (a deep link, an invitation) goes along through /change-password and the
  // sign-in after it; the usual landing page needs no mention.
  if (user) redirect(back && back !== DEFAULT_LANDING ? `/change-password?callbackUrl=${encodeURIComponent(back)}` : "/change-password");
  redirect(back ? `/signin?callbackUrl=${encodeURIComponent(back)}` : "/signin");
}
