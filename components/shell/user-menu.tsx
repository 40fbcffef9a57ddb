"use client";
// The signed-in user's menu at the right of the top bar: who is signed in, Account & security
// (sessions, API tokens, password), Change password (this browser stays signed in, and the bar
// says the others were signed out), Sign out (this browser) and Sign out everywhere (every
// browser session of the user, after a confirmation: DELETE /api/v1/auth/sessions). The sign-outs
// end with next-auth's CSRF-protected sign-out form, which clears this browser's cookie and goes
// to the sign-in page.
import { useState } from "react";
import Link from "next/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, CircleUser, KeyRound, LogOut, MonitorX, UserCog } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ChangePasswordDialog, PASSWORD_CHANGED } from "@/components/shell/change-password-dialog";
import { useSignOut } from "@/components/auth/use-sign-out";

const ITEM =
  "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none " +
  "data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:cursor-default data-[disabled]:opacity-50";

export function UserMenu({ email, accountHref }: { email: string; accountHref: string }) {
  const { form, signOut, ready } = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passwordChanged, setPasswordChanged] = useState(false);

  const signOutEverywhere = async () => {
    setError(null);
    setPasswordChanged(false);
    const res = await fetch("/api/v1/auth/sessions", { method: "DELETE" }).catch(() => null);
    if (!res?.ok) return setError("Could not sign out your other sessions; try again.");
    signOut();
  };

  return (
    <>
      {form}
      {error && (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      )}
      {passwordChanged && (
        <span role="status" className="text-xs text-green-700">
          {PASSWORD_CHANGED}
        </span>
      )}
      <Menu.Root>
        <Menu.Trigger
          aria-label={`Account: ${email}`}
          className="flex h-9 min-w-0 items-center gap-1 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {/* Below 1280 px the bar has no room for the address: an icon, and the menu names it. */}
          <CircleUser className="h-5 w-5 shrink-0 xl:hidden" aria-hidden />
          <span className="hidden max-w-[16rem] truncate xl:inline" data-testid="user-email">
            {email}
          </span>
          <ChevronDown className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={6} className="z-50 min-w-56 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            <Menu.Label className="truncate px-2 pb-1.5 pt-1 text-xs text-slate-500">
              Signed in as <span className="font-medium text-slate-700">{email}</span>
            </Menu.Label>
            <Menu.Separator className="my-1 h-px bg-slate-200" />
            <Menu.Item className={ITEM} asChild>
              <Link href={accountHref}>
                <UserCog className="h-4 w-4" aria-hidden /> Account &amp; security
              </Link>
            </Menu.Item>
            <Menu.Item className={ITEM} onSelect={() => (setPasswordChanged(false), setChangingPassword(true))}>
              <KeyRound className="h-4 w-4" aria-hidden /> Change password…
            </Menu.Item>
            <Menu.Separator className="my-1 h-px bg-slate-200" />
            <Menu.Item className={ITEM} disabled={!ready} onSelect={() => signOut()}>
              <LogOut className="h-4 w-4" aria-hidden /> Sign out
            </Menu.Item>
            <Menu.Item className={ITEM} disabled={!ready} onSelect={() => setConfirming(true)}>
              <MonitorX className="h-4 w-4" aria-hidden /> Sign out everywhere…
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} onChanged={() => setPasswordChanged(true)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description="Every browser and device signed in to your account is signed out, this one included. API tokens keep working; revoke those separately."
        confirmLabel="Sign out everywhere"
        onConfirm={() => void signOutEverywhere()}
        destructive
      />
    </>
  );
}
