import { describe, expect, it } from "vitest";
import { readPrismaSchema } from "../helpers/prisma-schema";

// The drift test is only as good as this reader: prove it notices each kind of difference.
describe("prisma schema reader", () => {
  const schema = readPrismaSchema(`
    enum Color { red green }
    model A {
      id    String  @id @default(uuid())
      n     Int?
      c     Color
      when  DateTime @map("when_at")
      bs    B[]
      @@index([n, c])
    }
    model B {
      id   String @id @db.Uuid
      aId  String @unique
      a    A      @relation(fields: [aId], references: [id])
      @@unique([id, aId])
      @@map("bees")
    }`);

  it("reads columns with types and nullability, skipping relation fields", () => {
    expect(schema.tables.get("A")!.columns).toEqual([
      { name: "id", type: "text", nullable: false },
      { name: "n", type: "integer", nullable: true },
      { name: "c", type: "enum:Color", nullable: false },
      { name: "when_at", type: "timestamp(3) without time zone", nullable: false },
    ]);
    expect(schema.tables.get("bees")!.columns.map((c) => c.type)).toEqual(["uuid", "text"]);
  });

  it("reads primary keys, uniques, indexes and enums", () => {
    expect(schema.tables.get("bees")!.primaryKey).toEqual(["id"]);
    expect(schema.indexes).toEqual([
      { table: "A", columns: ["n", "c"], unique: false },
      { table: "bees", columns: ["aId"], unique: true },
      { table: "bees", columns: ["id", "aId"], unique: true },
    ]);
    expect(schema.enums.get("Color")).toEqual(["red", "green"]);
  });

  it("refuses syntax it does not understand instead of passing silently", () => {
    expect(() => readPrismaSchema(`model X { id String @id\n @@fulltext([id]) }`)).toThrow(/unknown block attribute/);
  });
});
