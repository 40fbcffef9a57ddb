import type { Metadata } from "next";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: "MSP Flow",
  description: "Workflow automation for managed-service providers",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request, never from a build-time copy (/, the 404 page were): Next
  // puts the request's CSP nonce (proxy.ts) on its scripts only while rendering, and a copy's
  // scripts, carrying none, would be refused.
  await connection();
  return (
    <html lang="en">
      <body className="font-sans">{children}</body>
    </html>
  );
}
