// What JSONata needs from its host beyond plain JavaScript, for the sandbox isolate, which has
// V8's built-ins only. JSONata's $base64encode/$base64decode use `window.btoa`/`atob` in a browser
// and otherwise `new global.Buffer.from(text, "binary" | "base64").toString(...)`; an isolate has
// neither, and those functions failed there ("Cannot read properties of undefined (reading
// 'from')") while they worked in the worker. This defines `global` (the isolate's globalThis, as
// in Node) with a Buffer holding just the `from` JSONata calls, decoding and encoding exactly as
// Node's Buffer does: text read as latin1 bytes; base64 read leniently (standard and URL-safe
// letters, anything else skipped, up to the first `=`; text beyond Latin-1 there is garbage Node
// itself reads inconsistently, and is skipped), written standard with padding.
// Evaluated in the isolate before the JSONata library.
export const JSONATA_ISOLATE_ENV = String.raw`
(() => {
  const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const bytesToText = (bytes) => {
    let out = "";
    for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode.apply(null, bytes.slice(i, i + 8192));
    return out;
  };
  const bytesToBase64 = (bytes) => {
    let out = "";
    for (let i = 0; i < bytes.length; i += 3) {
      const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
      out += LETTERS[(n >> 18) & 63] + LETTERS[(n >> 12) & 63];
      out += i + 1 < bytes.length ? LETTERS[(n >> 6) & 63] : "=";
      out += i + 2 < bytes.length ? LETTERS[n & 63] : "=";
    }
    return out;
  };
  const base64ToBytes = (text) => {
    const bytes = [];
    let bits = 0;
    let count = 0;
    for (const c of text) {
      if (c === "=") break;
      const v = c === "-" ? 62 : c === "_" ? 63 : LETTERS.indexOf(c);
      if (v < 0) continue;
      bits = ((bits << 6) | v) & 0xffffff;
      count += 6;
      if (count >= 8) {
        count -= 8;
        bytes.push((bits >> count) & 255);
      }
    }
    return bytes;
  };
  // A plain function, as JSONata calls it with new: new global.Buffer.from(text, encoding).
  function from(text, encoding) {
    const s = String(text);
    const bytes = encoding === "base64" ? base64ToBytes(s) : Array.from({ length: s.length }, (_c, i) => s.charCodeAt(i) & 255);
    return { toString: (to) => (to === "base64" ? bytesToBase64(bytes) : bytesToText(bytes)) };
  }
  globalThis.global = globalThis;
  globalThis.Buffer = { from };
})();
`;
