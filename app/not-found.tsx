import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="flex min-h-full items-center justify-center px-4">
      <div className="text-center">
        <p className="text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Not found</h1>
        <p className="mt-2 text-sm text-slate-500">This page does not exist, or it is not shared with you.</p>
        <Link href="/workspaces" className={buttonClass("secondary", "md", "mt-6")}>
          Go to your workspaces
        </Link>
      </div>
    </main>
  );
}
