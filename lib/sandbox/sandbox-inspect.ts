// How a Code step's console.log writes its arguments, evaluated inside the isolate as part of
// the prelude (sandbox-prelude.ts): like Node's util.inspect for plain data, on one line —
// `{ a: 1, list: [ 1, 2 ] }`, `Map(1) { 1 => 2 }`, `Set(1) { 'x' }`, strings unquoted at the
// top level and quoted inside — and printf-style `%s %d %i %f %j %o %O %c %%` when the first
// argument is a string, as Node's console does. JSON.stringify (used before) wrote a Map or a
// class instance's private state as `{}` and a circular object as `[object Object]`.
// Safe on anything the code hands it: circular references print as [Circular], nesting past
// MAX_DEPTH as [Object] / [Array], long lists end in "... n more items", the text stops near
// MAX_CHARS (run-isolate.ts cuts every line there anyway), and getters are shown, not run.
// Built-ins it uses are captured when the prelude runs, before the user's code could patch them.
export const SANDBOX_INSPECT = String.raw`
  const formatLog = (() => {
    const MAX_DEPTH = 4, MAX_ITEMS = 100, MAX_CHARS = 10000;
    const ownKeys = Reflect.ownKeys, getDesc = Object.getOwnPropertyDescriptor, getProto = Object.getPrototypeOf;
    const isArray = Array.isArray, isView = ArrayBuffer.isView, is = Object.is, jsonStringify = JSON.stringify;
    const IDENT = /^[A-Za-z_$][\w$]*$/;
    const ESCAPES = { "'": "\\'", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    const quote = (s) => "'" + s.replace(/['\\\n\r\t]/g, (c) => ESCAPES[c]) + "'";
    const keyText = (k) => (typeof k === "symbol" ? "[" + k.toString() + "]" : IDENT.test(k) ? k : quote(k));
    const ctorName = (v) => {
      const proto = getProto(v);
      if (proto === null) return null;
      const d = getDesc(proto, "constructor");
      return d && typeof d.value === "function" && typeof d.value.name === "string" ? d.value.name : "Object";
    };
    const fnText = (f) => {
      const source = Function.prototype.toString.call(f);
      if (/^class\b/.test(source)) return "[class " + (f.name || "(anonymous)") + "]";
      return "[Function: " + (f.name || "(anonymous)") + "]";
    };
    const errorText = (e) => "[" + (e.name || "Error") + ": " + e.message + "]";

    function value(v, depth, seen, st) {
      if (st.left <= 0) return "…";
      const text = inner(v, depth, seen, st);
      if (typeof v !== "object" || v === null) st.left -= text.length;
      return text;
    }

    function list(open, items, close) {
      return items.length === 0 ? open + close : open + " " + items.join(", ") + " " + close;
    }

    function entries(v, keys, depth, seen, st) {
      const out = [];
      for (const k of keys) {
        if (st.left <= 0) { out.push("…"); break; }
        const d = getDesc(v, k);
        if (!d || !d.enumerable) continue;
        const shown = "get" in d || "set" in d ? (d.get && d.set ? "[Getter/Setter]" : d.get ? "[Getter]" : "[Setter]") : value(d.value, depth + 1, seen, st);
        const key = keyText(k);
        st.left -= key.length + 4;
        out.push(key + ": " + shown);
      }
      return out;
    }

    function items(values, total, depth, seen, st) {
      const out = [];
      for (const x of values) {
        if (st.left <= 0) { out.push("…"); return out; }
        st.left -= 2;
        out.push(x === HOLE ? "<1 empty item>" : value(x, depth + 1, seen, st));
      }
      if (total > values.length) out.push("... " + (total - values.length) + " more item" + (total - values.length === 1 ? "" : "s"));
      return out;
    }

    const HOLE = {};
    function inner(v, depth, seen, st) {
      switch (typeof v) {
        case "string": return quote(v);
        case "number": return is(v, -0) ? "-0" : String(v);
        case "bigint": return String(v) + "n";
        case "symbol": return v.toString();
        case "function": return fnText(v);
        case "object": break;
        default: return String(v);
      }
      if (v === null) return "null";
      if (seen.includes(v)) return "[Circular]";
      if (v instanceof Error) return errorText(v);
      if (v instanceof Date) return isNaN(v.getTime()) ? "Invalid Date" : v.toISOString();
      if (v instanceof RegExp) return String(v);
      if (v instanceof Promise) return "Promise { <unknown> }";
      if (v instanceof WeakMap || v instanceof WeakSet) return ctorName(v) + " { <items unknown> }";
      const name = ctorName(v);
      if (depth >= MAX_DEPTH) return isArray(v) ? "[Array]" : "[" + (name === null ? "Object: null prototype" : name) + "]";
      seen.push(v);
      try {
        if (isArray(v)) {
          const shown = [];
          for (let i = 0; i < v.length && i < MAX_ITEMS; i++) shown.push(i in v ? v[i] : HOLE);
          const prefix = name === "Array" ? "" : name + "(" + v.length + ") ";
          return prefix + list("[", items(shown, v.length, depth, seen, st), "]");
        }
        if (v instanceof Map) {
          const out = [];
          let i = 0;
          for (const [k, x] of v) {
            if (i++ >= MAX_ITEMS) { out.push("... " + (v.size - MAX_ITEMS) + " more items"); break; }
            if (st.left <= 0) { out.push("…"); break; }
            st.left -= 4; // every entry costs, as in items(): Maps of objects nest without end otherwise
            out.push(value(k, depth + 1, seen, st) + " => " + value(x, depth + 1, seen, st));
          }
          return name + "(" + v.size + ") " + list("{", out, "}");
        }
        if (v instanceof Set) {
          const shown = [];
          for (const x of v) if (shown.push(x) >= MAX_ITEMS) break;
          return name + "(" + v.size + ") " + list("{", items(shown, v.size, depth, seen, st), "}");
        }
        if (isView(v) && !(v instanceof DataView)) {
          return name + "(" + v.length + ") " + list("[", items([...v.subarray(0, MAX_ITEMS)], v.length, depth, seen, st), "]");
        }
        if (v instanceof ArrayBuffer) return "ArrayBuffer { byteLength: " + v.byteLength + " }";
        const body = list("{", entries(v, ownKeys(v), depth, seen, st), "}");
        if (name === null) return "[Object: null prototype] " + body;
        return name === "Object" ? body : name + " " + body;
      } finally {
        seen.pop();
      }
    }

    const inspect = (v, st) => {
      try {
        return value(v, 0, [], st);
      } catch (e) {
        return "[value that cannot be shown: " + (e && e.message) + "]";
      }
    };
    // A top-level string as written; an error with its stack, as Node prints it.
    const top = (v, st) => (typeof v === "string" ? v : v instanceof Error ? String(v.stack || v.message) : inspect(v, st));

    function printf(text, args, st) {
      let used = 0;
      const out = text.replace(/%([sdifjoOc%])/g, (m, c) => {
        if (c === "%") return "%";
        if (used >= args.length) return m;
        const a = args[used++];
        if (c === "s") return typeof a === "string" ? a : typeof a === "bigint" ? a + "n" : typeof a === "symbol" ? a.toString() : inspect(a, st);
        if (c === "d") return typeof a === "bigint" ? a + "n" : typeof a === "symbol" ? "NaN" : String(Number(a));
        if (c === "i") return typeof a === "bigint" ? a + "n" : typeof a === "symbol" ? "NaN" : String(parseInt(a));
        if (c === "f") return typeof a === "symbol" ? "NaN" : String(parseFloat(a));
        if (c === "j") { try { return String(jsonStringify(a)); } catch { return "[Circular]"; } }
        if (c === "c") return "";
        return inspect(a, st);
      });
      return { text: out, rest: args.slice(used) };
    }

    return (args) => {
      const st = { left: MAX_CHARS };
      let head = [];
      let rest = args;
      if (typeof args[0] === "string" && args.length > 1 && args[0].includes("%")) {
        const p = printf(args[0], args.slice(1), st);
        head = [p.text];
        rest = p.rest;
      }
      return head.concat(rest.map((a) => top(a, st))).join(" ");
    };
  })();
`;
