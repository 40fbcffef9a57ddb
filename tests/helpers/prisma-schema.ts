// A small reader for the subset of the Prisma schema language this project uses, enough to
// derive the tables, columns, enums, primary keys and indexes Prisma Migrate would create.
// Used by the schema-drift test; it fails loudly on syntax it does not know.
export type ExpectedColumn = { name: string; type: string; nullable: boolean };
export type ExpectedIndex = { table: string; columns: string[]; unique: boolean };
export type ExpectedSchema = {
  tables: Map<string, { columns: ExpectedColumn[]; primaryKey: string[] }>;
  indexes: ExpectedIndex[];
  enums: Map<string, string[]>;
};

const SCALARS: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
  Decimal: "numeric(65,30)",
};

const NATIVE: Record<string, (arg?: string) => string> = {
  Uuid: () => "uuid",
  Text: () => "text",
  VarChar: (n) => `character varying(${n})`,
  Timestamptz: (n) => `timestamp(${n ?? 6}) with time zone`,
  Timestamp: (n) => `timestamp(${n ?? 6}) without time zone`,
  Integer: () => "integer",
  SmallInt: () => "smallint",
  BigInt: () => "bigint",
  JsonB: () => "jsonb",
  Json: () => "json",
};

const stripComments = (src: string) => src.replace(/\/\/[^\n]*/g, "");
const fieldList = (s: string) => s.split(",").map((x) => x.trim().replace(/\(.*\)$/, "")).filter(Boolean);

export function readPrismaSchema(src: string): ExpectedSchema {
  const text = stripComments(src);
  const enums = new Map<string, string[]>();
  for (const m of text.matchAll(/enum\s+(\w+)\s*\{([^}]*)\}/g)) {
    enums.set(m[1], m[2].split(/\s+/).filter((v) => v && !v.startsWith("@")));
  }
  // A brace inside a quoted default (Json @default("{}")) does not end the block.
  const blocks = [...text.matchAll(/model\s+(\w+)\s*\{((?:[^}"]|"[^"]*")*)\}/g)];
  const modelNames = new Set(blocks.map((b) => b[1]));
  const tables: ExpectedSchema["tables"] = new Map();
  const indexes: ExpectedIndex[] = [];
  for (const [, model, body] of blocks) {
    let table = model;
    const columns: ExpectedColumn[] = [];
    let primaryKey: string[] = [];
    const colName = new Map<string, string>();
    const pending: Array<{ fields: string[]; unique: boolean }> = [];
    for (const raw of body.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith("@@")) {
        const m = /^@@(\w+)\((.*)\)$/.exec(line);
        if (!m) throw new Error(`unknown block attribute: ${line}`);
        const list = /\[([^\]]*)\]/.exec(m[2]);
        if (m[1] === "map") table = /"([^"]+)"/.exec(m[2])![1];
        else if (m[1] === "id") primaryKey = fieldList(list![1]);
        else if (m[1] === "unique" || m[1] === "index") pending.push({ fields: fieldList(list![1]), unique: m[1] === "unique" });
        else throw new Error(`unknown block attribute: ${line}`);
        continue;
      }
      const m = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!m) throw new Error(`cannot read field: ${line}`);
      const [, name, type, list, optional, attrs] = m;
      if (modelNames.has(type)) continue; // relation field: no column
      if (list) throw new Error(`scalar lists are not supported here: ${line}`);
      const column = /@map\("([^"]+)"\)/.exec(attrs)?.[1] ?? name;
      colName.set(name, column);
      const native = /@db\.(\w+)(?:\(([^)]*)\))?/.exec(attrs);
      let sqlType: string;
      if (native) {
        const f = NATIVE[native[1]];
        if (!f) throw new Error(`unknown native type @db.${native[1]}`);
        sqlType = f(native[2]);
      } else if (SCALARS[type]) sqlType = SCALARS[type];
      else if (enums.has(type)) sqlType = `enum:${type}`;
      else throw new Error(`unknown type ${type} in ${model}.${name}`);
      columns.push({ name: column, type: sqlType, nullable: !!optional });
      if (/@id\b/.test(attrs)) primaryKey = [name];
      if (/@unique\b/.test(attrs)) pending.push({ fields: [name], unique: true });
    }
    const toCols = (fs: string[]) => fs.map((f) => colName.get(f) ?? f);
    tables.set(table, { columns, primaryKey: toCols(primaryKey) });
    for (const p of pending) indexes.push({ table, columns: toCols(p.fields), unique: p.unique });
  }
  return { tables, indexes, enums };
}
