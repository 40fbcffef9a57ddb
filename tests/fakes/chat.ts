// Fake chat tool incoming webhooks (Slack/Teams style): POST /hooks/<channel> with a message
// ({text} and optional card/blocks); answers "ok" like Slack does. Messages kept per channel.
import { createRouter, FakeError, startFakeServer, type FakeServer, type FakeServerOptions } from "./fake-server";

export type ChatMessage = { channel: string; text: string; card: unknown; at: string; body: unknown };
export type ChatFake = FakeServer & { messages: ChatMessage[]; channel: (name: string) => ChatMessage[]; webhookUrl: (channel: string) => string };

export async function startChatFake(opts?: FakeServerOptions): Promise<ChatFake> {
  const messages: ChatMessage[] = [];
  const router = createRouter().on("POST", "/hooks/:channel", (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const text = typeof b.text === "string" ? b.text : "";
    const card = b.card ?? b.blocks ?? b.attachments ?? null;
    // Slack's answer to an empty message.
    if (!text && !card) throw new FakeError(400, "no_text");
    messages.push({ channel: req.params.channel, text, card, at: req.at, body: req.body });
    return { body: "ok" };
  });
  const server = await startFakeServer("chat", router, opts);
  return {
    ...server,
    messages,
    channel: (name) => messages.filter((m) => m.channel === name),
    webhookUrl: (channel) => `${server.baseUrl}/hooks/${encodeURIComponent(channel)}`,
  };
}
