// Sign-in page. next-auth redirects failed attempts back here with ?error=…; the page it was
// going to survives through ?callbackUrl or next-auth's callback-url cookie.
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getCurrentUser } from "@/components/auth/current-user";
import { DEFAULT_LANDING, safeCallbackPath } from "@/lib/auth/callback-path";
import { signInErrorMessage } from "@/lib/auth/sign-in-error";

export const metadata: Metadata = { title: "Sign in · MSP Flow" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const jar = await cookies();
  const callbackUrl =
    safeCallbackPath(first(params.callbackUrl)) ??
    safeCallbackPath(jar.get("__Secure-next-auth.callback-url")?.value ?? jar.get("next-auth.callback-url")?.value) ??
    DEFAULT_LANDING;
  if (await getCurrentUser()) redirect(callbackUrl);

  const error = first(params.csrf) === "true" ? "The sign-in form had expired. Please try again." : signInErrorMessage(first(params.error));
  const notice = first(params.notice) === "password-changed" ? "Your password was changed. Sign in with the new one." : null;
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div className="mx-auto mb-3 flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-lg font-semibold text-white">M</div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in to MSP Flow</h1>
          <p className="mt-1 text-sm text-slate-500">Workflow automation for managed-service providers</p>
        </div>
        {notice && (
          <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            {notice}
          </p>
        )}
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <SignInForm callbackUrl={callbackUrl} error={error} />
        </div>
      </div>
    </main>
  );
}
