// The npm registry these machines reach serves only the Linux x64 builds of packages that ship
// per-platform binaries (@next/swc-*, @tailwindcss/oxide-*, …). `npm install` then leaves the
// other platforms' optional packages out of package-lock.json, and `npm ci` refuses the lock as
// "out of sync". This adds the missing optional entries (version, optional, os/cpu/libc read
// from the package name) the way a full registry would have written them, so `npm ci` skips
// them by platform as usual. Run it after `npm install` changes the lock: npm run lock:complete
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const pkgs = lock.packages;

const OS = { android: "android", darwin: "darwin", freebsd: "freebsd", linux: "linux", win32: "win32", openharmony: "openharmony", netbsd: "netbsd", openbsd: "openbsd", sunos: "sunos", aix: "aix", wasm32: null };
const CPU = ["arm64", "x64", "ia32", "arm", "riscv64", "ppc64", "s390x", "loong64", "mips64el", "wasm32"];

function platformOf(name) {
  const base = name.split("/").pop();
  const parts = base.split("-");
  const out = {};
  const os = parts.find((p) => p in OS);
  if (os && OS[os]) out.os = [OS[os]];
  if (base.includes("wasm32")) out.cpu = ["wasm32"];
  else {
    const cpu = parts.find((p) => CPU.includes(p));
    if (cpu) out.cpu = [cpu];
  }
  if (/-musl/.test(base)) out.libc = ["musl"];
  else if (/-gnu/.test(base) && out.os?.[0] === "linux") out.libc = ["glibc"];
  return out;
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const prefix = path ? `${path}/node_modules/` : "node_modules/";
    if (pkgs[prefix + dep] || pkgs[`node_modules/${dep}`]) continue;
    const version = range.replace(/^[\^~=]/, "");
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    pkgs[`node_modules/${dep}`] = { version, ...platformOf(dep), ...(meta.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`complete-lockfile: added ${added} optional platform entries`);
