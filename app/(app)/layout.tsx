// Everything in this group needs a signed-in user (pages check again themselves; see
// components/auth/current-user.ts).
import { requireCurrentUser } from "@/components/auth/current-user";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  await requireCurrentUser();
  return children;
}
