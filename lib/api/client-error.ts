// Node's own answer to a request it cannot parse. A method its parser does not know (FOO, or one
// of WebDAV's it lacks) never reaches a handler: node answered 400 with an empty body. Such a
// method is answered as the custom server answers the methods Next cannot route
// (unroutable-method.ts): 405, JSON on the API. Every other parse error gets node's default
// answer, which a clientError listener replaces and is therefore written here as node writes it.
import type { Duplex } from "node:stream";
import { unroutableMethodResponse } from "@/lib/api/unroutable-method";

const DEFAULTS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

type ClientError = Error & { code?: string; rawPacket?: Buffer };

type ServerSocket = Duplex & { bytesWritten?: number; _httpMessage?: unknown };

export function answerClientError(err: ClientError, socket: ServerSocket): void {
  // Node answers only a connection that has written nothing. A kept-alive connection whose
  // earlier answers are all sent (no response attached: node's own _httpMessage) may be
  // answered too — a client reusing its connection for FOO otherwise saw it hang up.
  const fresh = socket.writable && ((socket.bytesWritten ?? 0) === 0 || !socket._httpMessage);
  const refused = fresh ? methodRefused(err) : null;
  if (refused) {
    // Ended, not destroyed: the rest of the request (a client's chunked end) may still arrive,
    // and a socket destroyed with unread data resets the connection, losing the answer. The
    // client closes on Connection: close; one that does not is cut off after 5 s.
    socket.end(refused);
    setTimeout(() => socket.destroy(), 5_000).unref();
    return;
  }
  if (fresh) socket.write(`HTTP/1.1 ${DEFAULTS[err.code ?? ""] ?? "400 Bad Request"}\r\nConnection: close\r\n\r\n`);
  socket.destroy(err);
}

function methodRefused(err: ClientError): string | null {
  if (err.code !== "HPE_INVALID_METHOD" || !err.rawPacket) return null;
  const [method, target] = err.rawPacket.subarray(0, 8192).toString("latin1").split(/\r?\n/, 1)[0].split(" ");
  const answer = method ? unroutableMethodResponse(method, target) : null;
  if (!answer) return null;
  const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)), connection: "close" };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  return `HTTP/1.1 ${answer.status} Method Not Allowed\r\n${lines}\r\n${answer.body}`;
}
