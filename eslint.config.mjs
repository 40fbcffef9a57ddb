import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // zod comes from lib/z.ts, which sets its messages in words before any schema parses.
  {
    files: ["app/**", "components/**", "lib/**", "worker/**", "scripts/**", "server.ts"],
    ignores: ["lib/z.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "zod", message: 'import { z } from "@/lib/z": its messages are in words' }] }] },
  },
  // `const { a: _a, ...rest } = x` is how a field is left out of a copy; the names it drops are not unused code.
  { rules: { "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }] } },
  { ignores: [".next/**", ".next-*/**", ".data/**", "lib/generated/**", "node_modules/**", "test-results/**", "playwright-report/**"] },
];

export default config;
