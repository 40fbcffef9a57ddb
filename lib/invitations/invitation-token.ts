// An invitation link's secret: 256 random bits, URL-safe, in the link's path (/invite/<token>).
// Only its SHA-256 is stored, as for API tokens, so a database dump holds no usable link.
import { createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

export const generateInvitationToken = () => randomBytes(32).toString("base64url");

export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const invitationLink = (token: string) => `${env().PUBLIC_URL}/invite/${token}`;
