// What a Code step threw, in words for the step's error, evaluated inside the isolate as part of
// the prelude (sandbox-prelude.ts), which throws the result as a plain Error marked THROWN_MARK.
// Reading a thrown value runs the code's own code — an Error's message getter, a Proxy's traps,
// toJSON — and isolated-vm, left to copy such a value itself, gave an empty reason (a message
// getter that throws), its own internals ("not an instance of `Error`", for a Proxy of an Error)
// or the message of whatever threw while it read (a toString that throws). So each part is read
// once here, what fails to read is said, and the text is capped: a 5 MB message no longer crosses
// to the worker whole. Uses `stringify` and `formatLog` (sandbox-inspect.ts) from the prelude.
export const THROWN_MARK = "__THREW__:";

export const SANDBOX_DESCRIBE_THROWN = String.raw`
  const describeThrown = (() => {
    // With its note, name and line, a cut message stays within the 2,000 characters the Code step
    // keeps of a failure (executors/code.ts), so the note and the line are never what is cut.
    const MAX_CHARS = 1800, INNER_CHARS = 300;
    const ErrorCtor = Error, toText = String;
    const TOO_LONG = {};
    const grouped = (n) => toText(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    // At most max characters, saying how many there were; never ends in half a surrogate pair.
    const capped = (text, max) => {
      if (text.length <= max) return text;
      let end = max;
      const c = text.charCodeAt(end - 1);
      if (c >= 0xd800 && c <= 0xdbff) end--;
      return text.slice(0, end) + "… (" + grouped(text.length) + " characters; the first " + grouped(end) + " shown)";
    };
    const read = (get) => { try { return { ok: true, value: get() }; } catch (e) { return { ok: false, threw: e }; } };
    const article = (name) => (/^[AEIOU]/i.test(name) ? "an " : "a ") + name;

    // JSON as before ({"code":42}) while it is short; a value that JSON cannot write, or only at
    // length, as console.log shows it (no getters run, nesting and length bounded).
    function valueText(v) {
      switch (typeof v) {
        case "string": return v;
        case "bigint": return toText(v) + "n";
        case "symbol": case "undefined": case "number": case "boolean": return toText(v);
        default: break;
      }
      if (v === null) return "null";
      let left = MAX_CHARS * 4;
      const json = read(() => stringify(v, function (key, x) {
        left -= key.length + (typeof x === "string" ? x.length : 4);
        if (left < 0) throw TOO_LONG;
        return x;
      }));
      if (json.ok && typeof json.value === "string" && typeof v !== "function") return json.value;
      const shown = read(() => formatLog([v]));
      const cannot = shown.ok ? /^\[value that cannot be shown: ([^]*)\]$/.exec(shown.value) : null;
      if (shown.ok && !cannot) return shown.value;
      return "a value that could not be described (reading it threw: " + (cannot ? cannot[1] : innerText(shown.threw)) + ")";
    }

    // What a getter or trap threw while we read: one level, never read again if it fails too.
    function innerText(x) {
      const isError = read(() => x instanceof ErrorCtor);
      if (!isError.ok) return "a value that could not be read";
      if (!isError.value) return capped(read(() => valueText(x)).value ?? "a value that could not be read", INNER_CHARS);
      const name = read(() => x.name), message = read(() => x.message);
      const prefix = name.ok && typeof name.value === "string" && name.value && name.value !== "Error" ? name.value + ": " : "";
      return capped(prefix + (message.ok && typeof message.value === "string" ? message.value : "(its message could not be read)"), INNER_CHARS);
    }

    // { text, stack }: the stack only to find the user's line (run-isolate.ts), cut to its frames.
    function describeError(e) {
      const name = read(() => e.name);
      const shownName = name.ok && typeof name.value === "string" && name.value ? capped(name.value, 100) : "Error";
      const stack = read(() => e.stack);
      const frames = stack.ok && typeof stack.value === "string" ? stack.value.slice(-4000) : "";
      const message = read(() => e.message);
      if (!message.ok) return { text: "the code threw " + article(shownName) + " whose message could not be read (its message getter threw: " + innerText(message.threw) + ")", stack: frames };
      if (message.value === "" || message.value === undefined) return { text: "the code threw " + article(shownName) + " with no message", stack: frames };
      const prefix = shownName === "Error" ? "" : shownName + ": ";
      return { text: prefix + capped(typeof message.value === "string" ? message.value : valueText(message.value), MAX_CHARS), stack: frames };
    }

    return (thrown) => {
      try {
        const isError = read(() => thrown instanceof ErrorCtor);
        if (!isError.ok) return { text: "the code threw a value that could not be described (reading it threw: " + innerText(isError.threw) + ")", stack: "" };
        if (isError.value) return describeError(thrown);
        return { text: "the code threw " + capped(valueText(thrown), MAX_CHARS), stack: "" };
      } catch {
        return { text: "the code threw a value that could not be described", stack: "" };
      }
    };
  })();
`;
