var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// server/config.ts
var config_exports = {};
__export(config_exports, {
  ConfigError: () => ConfigError,
  loadConfig: () => loadConfig,
  sqlitePath: () => sqlitePath
});
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
function isHttpUrl(v) {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}
function loadConfig(env = process.env, overrides = {}) {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== void 0 && v.trim() !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:
${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const databaseUrl = overrides.databaseUrl ?? e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    dialect: databaseUrl.startsWith("sqlite:") ? "sqlite" : "postgres",
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: overrides.sessionSecret ?? e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    dataDir,
    mode: e.NODE_ENV,
    trustProxy: e.TRUST_PROXY === "1" || e.TRUST_PROXY === "true",
    seedDemo: true,
    pageCacheMb: e.PAGE_CACHE_MB,
    workers: e.WORKERS === "auto" ? availableParallelism() : e.WORKERS,
    ...overrides
  };
}
function readOrCreateSecret(dataDir) {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
    unlinkSync(file);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    writeFileSync(file, secret, { mode: 384, flag: "wx" });
    return secret;
  } catch (err) {
    if (err.code !== "EEXIST") throw err;
    return readFileSync(file, "utf8").trim();
  }
}
function sqlitePath(databaseUrl) {
  const p = databaseUrl.slice("sqlite:".length);
  return p === ":memory:" ? p : path.resolve(p);
}
var envSchema, ConfigError;
var init_config = __esm({
  "server/config.ts"() {
    "use strict";
    envSchema = z.object({
      PORT: z.coerce.number().int().min(0).max(65535).default(3e3),
      HOST: z.string().default("0.0.0.0"),
      DATABASE_URL: z.string().default("sqlite:data/vitrine.sqlite").refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), "must start with sqlite: or postgres://"),
      REDIS_URL: z.string().url().optional(),
      SMTP_URL: z.string().optional().refine((v) => v === void 0 || /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://"),
      MAIL_FROM: z.string().default("Vitrine <shop@localhost>"),
      SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
      PUBLIC_URL: z.string().refine(isHttpUrl, "must be an http:// or https:// address").optional(),
      LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
      DATA_DIR: z.string().default("data"),
      TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
      PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
      WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).default(1),
      NODE_ENV: z.enum(["development", "production", "test"]).default("production")
    });
    ConfigError = class extends Error {
    };
  }
});

// app/load-context.ts
var init_load_context = __esm({
  "app/load-context.ts"() {
    "use strict";
  }
});

// server/security.ts
import { createHmac, randomBytes as randomBytes2, timingSafeEqual } from "node:crypto";
function csrfToken(secret, seed) {
  return createHmac("sha256", secret).update(`csrf:${seed}`).digest("base64url");
}
function csrfValid(secret, seed, token) {
  if (!seed || !token) return false;
  const expected = Buffer.from(csrfToken(secret, seed));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
function contentSecurityPolicy(nonce, dev2) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev2 ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev2 ? " ws: wss:" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'"
  ];
  return directives.join("; ");
}
var CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, newCsrfSeed, newNonce, UNSAFE_METHODS;
var init_security = __esm({
  "server/security.ts"() {
    "use strict";
    CSRF_COOKIE = "vt_csrf";
    CSRF_FIELD = "_csrf";
    CSRF_HEADER = "x-csrf-token";
    newCsrfSeed = () => randomBytes2(18).toString("base64url");
    newNonce = () => randomBytes2(16).toString("base64");
    UNSAFE_METHODS = /* @__PURE__ */ new Set(["POST", "PUT", "PATCH", "DELETE"]);
  }
});

// db/dialect.ts
import { PostgresAdapter } from "kysely";
function isPostgres(db) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
var init_dialect = __esm({
  "db/dialect.ts"() {
    "use strict";
  }
});

// db/migrations/2026-11-21-001-foundation.ts
var foundation_exports = {};
__export(foundation_exports, {
  down: () => down,
  up: () => up
});
function withId(db, t2) {
  return isPostgres(db) ? t2.addColumn("id", "serial", (c) => c.primaryKey()) : t2.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
async function up(db) {
  await db.schema.createTable("settings").addColumn("key", "text", (c) => c.primaryKey()).addColumn("value", "text", (c) => c.notNull()).execute();
  await withId(db, db.schema.createTable("users")).addColumn("email", "text", (c) => c.notNull().unique()).addColumn("password_hash", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull().defaultTo("")).addColumn("role", "text", (c) => c.notNull().defaultTo("customer")).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createTable("sessions").addColumn("id_hash", "text", (c) => c.primaryKey()).addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade")).addColumn("data", "text", (c) => c.notNull().defaultTo("{}")).addColumn("created_at", "text", (c) => c.notNull()).addColumn("expires_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  await db.schema.createTable("password_resets").addColumn("token_hash", "text", (c) => c.primaryKey()).addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("expires_at", "text", (c) => c.notNull()).addColumn("used_at", "text").execute();
  await withId(db, db.schema.createTable("vendors")).addColumn("name", "text", (c) => c.notNull()).addColumn("slug", "text", (c) => c.notNull().unique()).execute();
  await withId(db, db.schema.createTable("media")).addColumn("path", "text", (c) => c.notNull()).addColumn("alt", "text", (c) => c.notNull().defaultTo("")).addColumn("title", "text", (c) => c.notNull().defaultTo("")).addColumn("caption", "text", (c) => c.notNull().defaultTo("")).addColumn("width", "integer", (c) => c.notNull().defaultTo(0)).addColumn("height", "integer", (c) => c.notNull().defaultTo(0)).addColumn("widths", "text", (c) => c.notNull().defaultTo("[]")).addColumn("original_url", "text").addColumn("created_at", "text", (c) => c.notNull()).execute();
  await withId(db, db.schema.createTable("categories")).addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("set null")).addColumn("name", "text", (c) => c.notNull()).addColumn("slug", "text", (c) => c.notNull()).addColumn("path", "text", (c) => c.notNull().unique()).addColumn("description", "text", (c) => c.notNull().defaultTo("")).addColumn("image_id", "integer", (c) => c.references("media.id").onDelete("set null")).addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0)).addColumn("product_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("categories_parent").on("categories").column("parent_id").execute();
  await withId(db, db.schema.createTable("tags")).addColumn("name", "text", (c) => c.notNull()).addColumn("slug", "text", (c) => c.notNull().unique()).addColumn("description", "text", (c) => c.notNull().defaultTo("")).execute();
  await withId(db, db.schema.createTable("products")).addColumn("type", "text", (c) => c.notNull().defaultTo("simple")).addColumn("name", "text", (c) => c.notNull()).addColumn("slug", "text", (c) => c.notNull().unique()).addColumn("status", "text", (c) => c.notNull().defaultTo("publish")).addColumn("catalog_visibility", "text", (c) => c.notNull().defaultTo("visible")).addColumn("featured", "integer", flag).addColumn("sku", "text", (c) => c.unique()).addColumn("short_description", "text", (c) => c.notNull().defaultTo("")).addColumn("description", "text", (c) => c.notNull().defaultTo("")).addColumn("regular_price", "integer").addColumn("sale_price", "integer").addColumn("sale_from", "text").addColumn("sale_to", "text").addColumn("min_price", "integer").addColumn("max_price", "integer").addColumn("tax_status", "text", (c) => c.notNull().defaultTo("taxable")).addColumn("tax_class", "text", (c) => c.notNull().defaultTo("")).addColumn("manage_stock", "integer", flag).addColumn("stock_quantity", "integer").addColumn("stock_status", "text", (c) => c.notNull().defaultTo("instock")).addColumn("backorders", "text", (c) => c.notNull().defaultTo("no")).addColumn("low_stock_amount", "integer").addColumn("sold_individually", "integer", flag).addColumn("weight", "real").addColumn("length", "real").addColumn("width", "real").addColumn("height", "real").addColumn("virtual", "integer", flag).addColumn("downloadable", "integer", flag).addColumn("download_limit", "integer").addColumn("download_expiry", "integer").addColumn("external_url", "text").addColumn("button_text", "text").addColumn("purchase_note", "text", (c) => c.notNull().defaultTo("")).addColumn("reviews_allowed", "integer", (c) => c.notNull().defaultTo(1)).addColumn("shipping_class", "text", (c) => c.notNull().defaultTo("")).addColumn("image_id", "integer", (c) => c.references("media.id").onDelete("set null")).addColumn("vendor_id", "integer", (c) => c.notNull().defaultTo(0)).addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0)).addColumn("total_sales", "integer", (c) => c.notNull().defaultTo(0)).addColumn("average_rating", "real", (c) => c.notNull().defaultTo(0)).addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0)).addColumn("meta", "text", (c) => c.notNull().defaultTo("{}")).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  for (const [name, cols] of [
    ["products_listing", ["status", "catalog_visibility", "menu_order", "id"]],
    ["products_price", ["min_price"]],
    ["products_created", ["created_at"]],
    ["products_sales", ["total_sales"]],
    ["products_rating", ["average_rating"]],
    ["products_featured", ["featured"]]
  ]) {
    await db.schema.createIndex(name).on("products").columns([...cols]).execute();
  }
  await withId(db, db.schema.createTable("product_attributes")).addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("name", "text", (c) => c.notNull()).addColumn("slug", "text", (c) => c.notNull()).addColumn("options", "text", (c) => c.notNull().defaultTo("[]")).addColumn("visible", "integer", (c) => c.notNull().defaultTo(1)).addColumn("variation", "integer", flag).addColumn("is_global", "integer", flag).addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).addColumn("display", "text", (c) => c.notNull().defaultTo("select")).addColumn("swatches", "text", (c) => c.notNull().defaultTo("{}")).execute();
  await db.schema.createIndex("product_attributes_product").on("product_attributes").column("product_id").execute();
  await withId(db, db.schema.createTable("product_variations")).addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("sku", "text", (c) => c.unique()).addColumn("attributes", "text", (c) => c.notNull().defaultTo("{}")).addColumn("status", "text", (c) => c.notNull().defaultTo("publish")).addColumn("description", "text", (c) => c.notNull().defaultTo("")).addColumn("regular_price", "integer").addColumn("sale_price", "integer").addColumn("sale_from", "text").addColumn("sale_to", "text").addColumn("manage_stock", "integer", flag).addColumn("stock_quantity", "integer").addColumn("stock_status", "text", (c) => c.notNull().defaultTo("instock")).addColumn("backorders", "text", (c) => c.notNull().defaultTo("no")).addColumn("image_id", "integer", (c) => c.references("media.id").onDelete("set null")).addColumn("weight", "real").addColumn("length", "real").addColumn("width", "real").addColumn("height", "real").addColumn("min_qty", "integer").addColumn("max_qty", "integer").addColumn("virtual", "integer", flag).addColumn("downloadable", "integer", flag).addColumn("tax_class", "text", (c) => c.notNull().defaultTo("parent")).addColumn("shipping_class", "text", (c) => c.notNull().defaultTo("")).addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0)).addColumn("meta", "text", (c) => c.notNull().defaultTo("{}")).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("product_variations_product").on("product_variations").column("product_id").execute();
  await db.schema.createTable("product_categories").addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade")).addPrimaryKeyConstraint("product_categories_pk", ["product_id", "category_id"]).execute();
  await db.schema.createIndex("product_categories_category").on("product_categories").columns(["category_id", "product_id"]).execute();
  await db.schema.createTable("product_tags").addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade")).addPrimaryKeyConstraint("product_tags_pk", ["product_id", "tag_id"]).execute();
  await db.schema.createIndex("product_tags_tag").on("product_tags").columns(["tag_id", "product_id"]).execute();
  await db.schema.createTable("product_images").addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade")).addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).addPrimaryKeyConstraint("product_images_pk", ["product_id", "media_id"]).execute();
  await db.schema.createTable("product_links").addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("linked_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("kind", "text", (c) => c.notNull()).addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).addPrimaryKeyConstraint("product_links_pk", ["product_id", "kind", "linked_id"]).execute();
  await withId(db, db.schema.createTable("product_downloads")).addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("name", "text", (c) => c.notNull()).addColumn("url", "text", (c) => c.notNull()).execute();
  await withId(db, db.schema.createTable("reviews")).addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("author", "text", (c) => c.notNull()).addColumn("email", "text", (c) => c.notNull()).addColumn("rating", "integer", (c) => c.notNull()).addColumn("content", "text", (c) => c.notNull()).addColumn("verified", "integer", flag).addColumn("status", "text", (c) => c.notNull().defaultTo("pending")).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("reviews_product").on("reviews").columns(["product_id", "status", "created_at"]).execute();
}
async function down(db) {
  for (const t2 of [
    "reviews",
    "product_downloads",
    "product_links",
    "product_images",
    "product_tags",
    "product_categories",
    "product_variations",
    "product_attributes",
    "products",
    "tags",
    "categories",
    "media",
    "vendors",
    "password_resets",
    "sessions",
    "users",
    "settings"
  ]) {
    await db.schema.dropTable(t2).ifExists().execute();
  }
}
var flag;
var init_foundation = __esm({
  "db/migrations/2026-11-21-001-foundation.ts"() {
    "use strict";
    init_dialect();
    flag = (c) => c.notNull().defaultTo(0);
  }
});

// db/migrations/2026-11-21-002-cart.ts
var cart_exports = {};
__export(cart_exports, {
  down: () => down2,
  up: () => up2
});
async function up2(db) {
  await withId2(db, db.schema.createTable("carts")).addColumn("token_hash", "text", (c) => c.notNull().unique()).addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade")).addColumn("customer", "text", (c) => c.notNull().defaultTo("{}")).addColumn("shipping_choice", "text", (c) => c.notNull().defaultTo("{}")).addColumn("coupons", "text", list).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("carts_user").on("carts").column("user_id").execute();
  await withId2(db, db.schema.createTable("cart_items")).addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade")).addColumn("item_key", "text", (c) => c.notNull()).addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("variation_id", "integer", (c) => c.references("product_variations.id").onDelete("cascade")).addColumn("attributes", "text", (c) => c.notNull().defaultTo("{}")).addColumn("quantity", "integer", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addUniqueConstraint("cart_items_key", ["cart_id", "item_key"]).execute();
  await withId2(db, db.schema.createTable("coupons")).addColumn("code", "text", (c) => c.notNull().unique()).addColumn("description", "text", (c) => c.notNull().defaultTo("")).addColumn("discount_type", "text", (c) => c.notNull().defaultTo("fixed_cart")).addColumn("amount", "integer", (c) => c.notNull().defaultTo(0)).addColumn("free_shipping", "integer", flag2).addColumn("expires_at", "text").addColumn("minimum_spend", "integer").addColumn("maximum_spend", "integer").addColumn("individual_use", "integer", flag2).addColumn("exclude_sale_items", "integer", flag2).addColumn("usage_limit", "integer").addColumn("usage_limit_per_user", "integer").addColumn("limit_usage_to_x_items", "integer").addColumn("usage_count", "integer", (c) => c.notNull().defaultTo(0)).addColumn("product_ids", "text", list).addColumn("excluded_product_ids", "text", list).addColumn("category_ids", "text", list).addColumn("excluded_category_ids", "text", list).addColumn("email_restrictions", "text", list).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await withId2(db, db.schema.createTable("coupon_usages")).addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id").onDelete("cascade")).addColumn("customer", "text", (c) => c.notNull()).addColumn("order_id", "integer").addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("coupon_usages_customer").on("coupon_usages").columns(["coupon_id", "customer"]).execute();
  await withId2(db, db.schema.createTable("shipping_classes")).addColumn("name", "text", (c) => c.notNull()).addColumn("slug", "text", (c) => c.notNull().unique()).execute();
  await withId2(db, db.schema.createTable("shipping_zones")).addColumn("name", "text", (c) => c.notNull()).addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await withId2(db, db.schema.createTable("shipping_zone_locations")).addColumn("zone_id", "integer", (c) => c.notNull().references("shipping_zones.id").onDelete("cascade")).addColumn("type", "text", (c) => c.notNull()).addColumn("code", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("shipping_zone_locations_zone").on("shipping_zone_locations").column("zone_id").execute();
  await withId2(db, db.schema.createTable("shipping_methods")).addColumn("zone_id", "integer", (c) => c.references("shipping_zones.id").onDelete("cascade")).addColumn("type", "text", (c) => c.notNull()).addColumn("title", "text", (c) => c.notNull()).addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1)).addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).addColumn("settings", "text", (c) => c.notNull().defaultTo("{}")).execute();
  await withId2(db, db.schema.createTable("tax_rates")).addColumn("country", "text", (c) => c.notNull().defaultTo("")).addColumn("state", "text", (c) => c.notNull().defaultTo("")).addColumn("postcodes", "text", (c) => c.notNull().defaultTo("")).addColumn("cities", "text", (c) => c.notNull().defaultTo("")).addColumn("rate", "integer", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull().defaultTo("")).addColumn("priority", "integer", (c) => c.notNull().defaultTo(1)).addColumn("compound", "integer", flag2).addColumn("shipping", "integer", (c) => c.notNull().defaultTo(1)).addColumn("tax_class", "text", (c) => c.notNull().defaultTo("")).addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("tax_rates_location").on("tax_rates").columns(["tax_class", "country", "state"]).execute();
}
async function down2(db) {
  for (const t2 of ["tax_rates", "shipping_methods", "shipping_zone_locations", "shipping_zones", "shipping_classes", "coupon_usages", "coupons", "cart_items", "carts"]) {
    await db.schema.dropTable(t2).ifExists().execute();
  }
}
var withId2, flag2, list;
var init_cart = __esm({
  "db/migrations/2026-11-21-002-cart.ts"() {
    "use strict";
    init_dialect();
    withId2 = (db, t2) => isPostgres(db) ? t2.addColumn("id", "serial", (c) => c.primaryKey()) : t2.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
    flag2 = (c) => c.notNull().defaultTo(0);
    list = (c) => c.notNull().defaultTo("[]");
  }
});

// db/migrations/2026-11-21-003-listing-indexes.ts
var listing_indexes_exports = {};
__export(listing_indexes_exports, {
  LISTED_CONDITION: () => LISTED_CONDITION,
  down: () => down3,
  up: () => up3
});
import { sql } from "kysely";
async function up3(db) {
  await db.schema.dropIndex("products_listing").ifExists().execute();
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on("products").expression(sql.raw(columns.join(", "))).where(sql.raw(LISTED_CONDITION)).execute();
  }
}
async function down3(db) {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.createIndex("products_listing").on("products").columns(["status", "catalog_visibility", "menu_order", "id"]).execute();
}
var LISTED_CONDITION, INDEXES;
var init_listing_indexes = __esm({
  "db/migrations/2026-11-21-003-listing-indexes.ts"() {
    "use strict";
    LISTED_CONDITION = "status = 'publish' and catalog_visibility in ('visible', 'catalog')";
    INDEXES = [
      ["products_listed_menu", ["menu_order", "name", "id"]],
      ["products_listed_created", ["created_at desc", "id desc"]],
      ["products_listed_price", ["min_price", "id"]],
      ["products_listed_price_desc", ["max_price desc", "id desc"]],
      ["products_listed_sales", ["total_sales desc", "id desc"]],
      ["products_listed_rating", ["average_rating desc", "review_count desc", "id desc"]],
      ["products_listed_featured", ["featured", "menu_order", "id"]]
    ];
  }
});

// db/migrations/2026-11-21-004-orders.ts
var orders_exports = {};
__export(orders_exports, {
  down: () => down4,
  up: () => up4
});
async function up4(db) {
  await withId3(db, db.schema.createTable("orders")).addColumn("order_key", "text", (c) => c.notNull().unique()).addColumn("status", "text", (c) => c.notNull().defaultTo("pending")).addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("billing_email", "text", (c) => c.notNull()).addColumn("billing", "text", json).addColumn("shipping", "text", json).addColumn("customer_note", "text", (c) => c.notNull().defaultTo("")).addColumn("payment_method", "text", (c) => c.notNull()).addColumn("payment_method_title", "text", (c) => c.notNull().defaultTo("")).addColumn("transaction_id", "text").addColumn("currency", "text", (c) => c.notNull()).addColumn("prices_include_tax", "integer", flag3).addColumn("subtotal", "integer", money).addColumn("discount_total", "integer", money).addColumn("shipping_total", "integer", money).addColumn("tax_total", "integer", money).addColumn("total", "integer", money).addColumn("refunded_total", "integer", money).addColumn("shipping_lines", "text", list2).addColumn("coupon_lines", "text", list2).addColumn("tax_lines", "text", list2).addColumn("stock_reduced", "integer", flag3).addColumn("idempotency_key", "text", (c) => c.unique()).addColumn("request_hash", "text").addColumn("customer_ip", "text", (c) => c.notNull().defaultTo("")).addColumn("user_agent", "text", (c) => c.notNull().defaultTo("")).addColumn("paid_at", "text").addColumn("completed_at", "text").addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("orders_email").on("orders").column("billing_email").execute();
  await db.schema.createIndex("orders_status").on("orders").columns(["status", "id"]).execute();
  await withId3(db, db.schema.createTable("order_items")).addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade")).addColumn("product_id", "integer").addColumn("variation_id", "integer").addColumn("name", "text", (c) => c.notNull()).addColumn("sku", "text", (c) => c.notNull().defaultTo("")).addColumn("attributes", "text", json).addColumn("quantity", "integer", (c) => c.notNull()).addColumn("unit_price", "integer", money).addColumn("subtotal", "integer", money).addColumn("total", "integer", money).addColumn("tax", "integer", money).addColumn("refunded_quantity", "integer", money).execute();
  await db.schema.createIndex("order_items_order").on("order_items").column("order_id").execute();
  await db.schema.createIndex("order_items_product").on("order_items").column("product_id").execute();
  await withId3(db, db.schema.createTable("order_notes")).addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade")).addColumn("content", "text", (c) => c.notNull()).addColumn("customer_note", "integer", flag3).addColumn("author", "text", (c) => c.notNull().defaultTo("system")).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("order_notes_order").on("order_notes").column("order_id").execute();
  await withId3(db, db.schema.createTable("order_refunds")).addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade")).addColumn("amount", "integer", (c) => c.notNull()).addColumn("reason", "text", (c) => c.notNull().defaultTo("")).addColumn("items", "text", list2).addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("order_refunds_order").on("order_refunds").column("order_id").execute();
  await db.schema.createTable("customer_addresses").addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("type", "text", (c) => c.notNull()).addColumn("address", "text", json).addColumn("updated_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("customer_addresses_pk", ["user_id", "type"]).execute();
  await withId3(db, db.schema.createTable("privacy_requests")).addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("email", "text", (c) => c.notNull()).addColumn("type", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull().defaultTo("pending")).addColumn("created_at", "text", (c) => c.notNull()).addColumn("completed_at", "text").execute();
}
async function down4(db) {
  for (const t2 of ["privacy_requests", "customer_addresses", "order_refunds", "order_notes", "order_items", "orders"]) {
    await db.schema.dropTable(t2).ifExists().execute();
  }
}
var withId3, flag3, money, json, list2;
var init_orders = __esm({
  "db/migrations/2026-11-21-004-orders.ts"() {
    "use strict";
    init_dialect();
    withId3 = (db, t2) => isPostgres(db) ? t2.addColumn("id", "serial", (c) => c.primaryKey()) : t2.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
    flag3 = (c) => c.notNull().defaultTo(0);
    money = (c) => c.notNull().defaultTo(0);
    json = (c) => c.notNull().defaultTo("{}");
    list2 = (c) => c.notNull().defaultTo("[]");
  }
});

// db/migrations/2026-11-21-006-store-version.ts
var store_version_exports = {};
__export(store_version_exports, {
  STORE_TABLES: () => STORE_TABLES,
  down: () => down5,
  up: () => up5
});
import { sql as sql2 } from "kysely";
async function up5(db) {
  await sql2`insert into settings (key, value) values (${KEY}, '1') on conflict (key) do nothing`.execute(db);
  if (isPostgres(db)) {
    await sql2.raw(`create or replace function vitrine_touch_store() returns trigger language plpgsql as $$
      begin
        -- The bump itself writes to settings: do not recurse.
        if pg_trigger_depth() > 1 then return null; end if;
        ${BUMP};
        return null;
      end $$`).execute(db);
    for (const table2 of STORE_TABLES) {
      await sql2.raw(`create trigger ${table2}_store_version after insert or update or delete or truncate on ${table2}
        for each statement execute function vitrine_touch_store()`).execute(db);
    }
    await sql2.raw(`create trigger settings_store_version after insert or update on settings
      for each row when (new.key not like 'cache.%') execute function vitrine_touch_store()`).execute(db);
    await sql2.raw(`create trigger settings_store_version_delete after delete on settings
      for each row when (old.key not like 'cache.%') execute function vitrine_touch_store()`).execute(db);
    return;
  }
  for (const table2 of STORE_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql2.raw(`create trigger ${table2}_store_version_${event} after ${event} on ${table2} begin ${BUMP}; end`).execute(db);
    }
  }
  await sql2.raw(`create trigger settings_store_version_insert after insert on settings when new.key not like 'cache.%' begin ${BUMP}; end`).execute(db);
  await sql2.raw(`create trigger settings_store_version_update after update on settings when new.key not like 'cache.%' begin ${BUMP}; end`).execute(db);
  await sql2.raw(`create trigger settings_store_version_delete after delete on settings when old.key not like 'cache.%' begin ${BUMP}; end`).execute(db);
}
async function down5(db) {
  if (isPostgres(db)) {
    for (const table2 of [...STORE_TABLES, "settings"]) await sql2.raw(`drop trigger if exists ${table2}_store_version on ${table2}`).execute(db);
    await sql2.raw("drop trigger if exists settings_store_version_delete on settings").execute(db);
    await sql2.raw("drop function if exists vitrine_touch_store()").execute(db);
  } else {
    for (const table2 of [...STORE_TABLES, "settings"]) {
      for (const event of ["insert", "update", "delete"]) await sql2.raw(`drop trigger if exists ${table2}_store_version_${event}`).execute(db);
    }
  }
  await sql2`delete from settings where key = ${KEY}`.execute(db);
}
var STORE_TABLES, KEY, BUMP;
var init_store_version = __esm({
  "db/migrations/2026-11-21-006-store-version.ts"() {
    "use strict";
    init_dialect();
    STORE_TABLES = [
      "products",
      "product_variations",
      "product_attributes",
      "product_categories",
      "product_tags",
      "product_images",
      "product_links",
      "product_downloads",
      "categories",
      "tags",
      "media",
      "vendors",
      "reviews",
      "coupons",
      "shipping_classes",
      "shipping_zones",
      "shipping_zone_locations",
      "shipping_methods",
      "tax_rates"
    ];
    KEY = "cache.store_version";
    BUMP = `update settings set value = cast(cast(value as bigint) + 1 as text) where key = '${KEY}'`;
  }
});

// db/migrations/index.ts
var migrations, migrationProvider;
var init_migrations = __esm({
  "db/migrations/index.ts"() {
    "use strict";
    init_foundation();
    init_cart();
    init_listing_indexes();
    init_orders();
    init_store_version();
    migrations = {
      "2026-11-21-001-foundation": foundation_exports,
      "2026-11-21-002-cart": cart_exports,
      "2026-11-21-003-listing-indexes": listing_indexes_exports,
      "2026-11-21-004-orders": orders_exports,
      "2026-11-21-006-store-version": store_version_exports
    };
    migrationProvider = {
      async getMigrations() {
        return migrations;
      }
    };
  }
});

// db/freshness.ts
function staleFromHere() {
  epoch++;
}
function forgetAtNextTurn() {
  if (turnPending) return;
  turnPending = true;
  setImmediate(() => {
    turnPending = false;
    epoch++;
  });
}
async function watchWrites(connection) {
  const run = connection.executeQuery.bind(connection);
  connection.executeQuery = (query) => {
    if (READ_ONLY.test(query.sql)) return run(query);
    const result = run(query);
    epoch++;
    return result.finally(() => {
      epoch++;
    });
  };
}
var epoch, turnPending, freshnessEpoch, READ_ONLY;
var init_freshness = __esm({
  "db/freshness.ts"() {
    "use strict";
    epoch = 0;
    turnPending = false;
    freshnessEpoch = () => epoch;
    READ_ONLY = /^\s*(select|begin|start transaction|savepoint|release|rollback|set|show|pragma|explain)\b/i;
  }
});

// db/client.ts
import { mkdirSync as mkdirSync2 } from "node:fs";
import path2 from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  PostgresIntrospector,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  sql as sql3
} from "kysely";
import pg from "pg";
function idleSqlite(db) {
  const access = sqliteHandles.get(db);
  return access && !access.sqlite.inTransaction ? access : void 0;
}
function createDb(databaseUrl, options = {}) {
  if (databaseUrl.startsWith("sqlite:")) {
    const file = sqlitePath(databaseUrl);
    if (file !== ":memory:") mkdirSync2(path2.dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    const statements = withStatementCache(sqlite);
    const db = new Kysely({ dialect: new ImmediateSqliteDialect({ database: statements, onCreateConnection: watchWrites }) });
    sqliteHandles.set(db, { sqlite, prepare: statements.prepare });
    return db;
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : void 0
  });
  return new Kysely({ dialect: new SearchPathPostgresDialect({ pool, onCreateConnection: watchWrites }) });
}
async function migrate(db) {
  const schema = isPostgres(db) ? (await sql3`select current_schema() as s`.execute(db)).rows[0]?.s : void 0;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
function withStatementCache(sqlite) {
  const statements = /* @__PURE__ */ new Map();
  return {
    close: () => sqlite.close(),
    prepare(text4) {
      let stmt = statements.get(text4);
      if (stmt) {
        statements.delete(text4);
      } else {
        stmt = sqlite.prepare(text4);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
      }
      statements.set(text4, stmt);
      return stmt;
    }
  };
}
var sqliteHandles, SearchPathIntrospector, SearchPathPostgresDialect, STATEMENT_CACHE_SIZE, ImmediateSqliteDriver, ImmediateSqliteDialect;
var init_client = __esm({
  "db/client.ts"() {
    "use strict";
    init_dialect();
    init_config();
    init_migrations();
    init_freshness();
    pg.types.setTypeParser(20, (v) => Number(v));
    sqliteHandles = /* @__PURE__ */ new WeakMap();
    SearchPathIntrospector = class extends PostgresIntrospector {
      #db;
      constructor(db) {
        super(db);
        this.#db = db;
      }
      async getTables() {
        const { rows } = await sql3`
      select n.nspname as schema, c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'p') and n.nspname = any (current_schemas(false))`.execute(this.#db);
        return rows.map((r) => ({ schema: r.schema, name: r.name, isView: r.kind === "v", columns: [] }));
      }
    };
    SearchPathPostgresDialect = class extends PostgresDialect {
      createIntrospector(db) {
        return new SearchPathIntrospector(db);
      }
    };
    STATEMENT_CACHE_SIZE = 500;
    ImmediateSqliteDriver = class extends SqliteDriver {
      async beginTransaction(connection) {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      }
    };
    ImmediateSqliteDialect = class extends SqliteDialect {
      #config;
      constructor(config) {
        super(config);
        this.#config = config;
      }
      createDriver() {
        return new ImmediateSqliteDriver(this.#config);
      }
    };
  }
});

// app/lib/store-version.server.ts
import { CompiledQuery as CompiledQuery2, sql as sql4 } from "kysely";
async function touchStore(db) {
  await db.updateTable("settings").set({ value: sql4`cast(cast(value as bigint) + 1 as text)` }).where("key", "=", STORE_VERSION_KEY).execute();
}
function remember(db, epoch2, version2) {
  if (freshnessEpoch() === epoch2) {
    remembered.set(db, { epoch: epoch2, version: version2 });
    forgetAtNextTurn();
  }
  return version2;
}
function readStoreVersion(db) {
  if (db.isTransaction) return db.executeQuery(READ).then((r) => r.rows[0]?.value ?? "0");
  const epoch2 = freshnessEpoch();
  const known = remembered.get(db);
  if (known && known.epoch === epoch2) return Promise.resolve(known.version);
  const idle = idleSqlite(db);
  if (idle) {
    let stmt = versionStatements.get(idle.sqlite);
    if (!stmt) versionStatements.set(idle.sqlite, stmt = idle.sqlite.prepare(READ.sql).pluck());
    return Promise.resolve(remember(db, epoch2, stmt.get() ?? "0"));
  }
  const flying = inFlight.get(db);
  if (flying && flying.epoch === epoch2) return flying.pending;
  const pending2 = db.executeQuery(READ).then((r) => remember(db, epoch2, r.rows[0]?.value ?? "0")).finally(() => {
    if (inFlight.get(db)?.pending === pending2) inFlight.delete(db);
  });
  inFlight.set(db, { epoch: epoch2, pending: pending2 });
  return pending2;
}
var STORE_VERSION_KEY, READ, versionStatements, remembered, inFlight;
var init_store_version_server = __esm({
  "app/lib/store-version.server.ts"() {
    "use strict";
    init_client();
    init_freshness();
    STORE_VERSION_KEY = "cache.store_version";
    READ = CompiledQuery2.raw(`select value from settings where key = '${STORE_VERSION_KEY}'`, []);
    versionStatements = /* @__PURE__ */ new WeakMap();
    remembered = /* @__PURE__ */ new WeakMap();
    inFlight = /* @__PURE__ */ new WeakMap();
  }
});

// server/page-cache.ts
function isCacheablePage(method, url) {
  if (method !== "GET" || url.length > 2048 || !CACHEABLE.test(url)) return false;
  const path7 = url.split("?", 1)[0];
  return !path7.endsWith(".data");
}
function toParts(body3) {
  return body3.split(MARKS).map((piece, i) => i % 2 === 0 ? Buffer.from(piece) : piece === CSRF_MARK ? "csrf" : "nonce");
}
function fillParts(parts, csrf, nonce) {
  const csrfBuf = Buffer.from(csrf);
  const nonceBuf = Buffer.from(nonce);
  return Buffer.concat(parts.map((p) => p === "csrf" ? csrfBuf : p === "nonce" ? nonceBuf : p));
}
var CSRF_MARK, NONCE_MARK, MARKS, CACHEABLE, MAX_AGE_MS, PageCache;
var init_page_cache = __esm({
  "server/page-cache.ts"() {
    "use strict";
    CSRF_MARK = "vtcsrfmarkQz7Rk2";
    NONCE_MARK = "vtnoncemarkQz7Rk2";
    MARKS = new RegExp(`(${CSRF_MARK}|${NONCE_MARK})`);
    CACHEABLE = /^\/(?:$|\?|shop(?:[/?]|$)|product-category\/|product-tag\/|product\/)/;
    MAX_AGE_MS = 6e4;
    PageCache = class {
      constructor(maxBytes) {
        this.maxBytes = maxBytes;
      }
      maxBytes;
      #pages = /* @__PURE__ */ new Map();
      #bytes = 0;
      get(key, version2) {
        const page = this.#pages.get(key);
        if (!page) return void 0;
        this.#pages.delete(key);
        if (page.version !== version2 || Date.now() - page.born > MAX_AGE_MS) {
          this.#bytes -= page.bytes;
          return void 0;
        }
        this.#pages.set(key, page);
        return page;
      }
      set(key, page) {
        if (page.bytes > this.maxBytes / 8) return;
        const old = this.#pages.get(key);
        if (old) {
          this.#pages.delete(key);
          this.#bytes -= old.bytes;
        }
        this.#pages.set(key, page);
        this.#bytes += page.bytes;
        for (const [k, p] of this.#pages) {
          if (this.#bytes <= this.maxBytes) break;
          this.#pages.delete(k);
          this.#bytes -= p.bytes;
        }
      }
      get size() {
        return this.#pages.size;
      }
    };
  }
});

// server/pages.ts
var pages_exports = {};
__export(pages_exports, {
  BUILD_DIR: () => BUILD_DIR,
  IMPORT_UPLOAD_BYTES: () => IMPORT_UPLOAD_BYTES,
  SERVER_BUILD: () => SERVER_BUILD,
  registerPages: () => registerPages
});
import { existsSync as existsSync2 } from "node:fs";
import path3 from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "react-router";
async function registerPages(app, opts) {
  let build;
  if (opts.dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    await app.register((await import("@fastify/middie")).default);
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    build = () => vite.ssrLoadModule("virtual:react-router/server-build");
  } else {
    if (!existsSync2(SERVER_BUILD)) throw new Error("No production build found: run `npm run build` first.");
    build = await import(pathToFileURL(SERVER_BUILD).href);
  }
  const handle = createRequestHandler(build, opts.dev ? "development" : "production");
  const dev2 = opts.dev;
  const cache = !dev2 && opts.pageCacheBytes > 0 ? new PageCache(opts.pageCacheBytes) : null;
  const servePage = async (request, reply) => {
    const ctx = request.ctx;
    const notices = Object.keys(request.cookies).filter((n) => n.startsWith("vt_store_notice_hidden_")).sort().join(",");
    const key = `${ctx.secure ? "https" : "http"}|${request.headers.host ?? ""}|${request.url}|${notices}`;
    const version2 = await readStoreVersion(ctx.services.db);
    let page = cache.get(key, version2);
    reply.header("x-page-cache", page ? "hit" : "miss");
    if (!page) {
      const marked = { ...ctx, csrfToken: CSRF_MARK, cspNonce: NONCE_MARK };
      const response = await handle(toWebRequest(request), marked);
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return sendWebResponse(reply, response, ctx.cspNonce, dev2);
      const body3 = await response.text();
      const cookies = response.headers.getSetCookie();
      page = {
        version: version2,
        born: Date.now(),
        status: response.status,
        headers: [...response.headers].filter(([k]) => k !== "set-cookie" && k !== "content-length"),
        parts: toParts(body3),
        bytes: Buffer.byteLength(body3)
      };
      if (response.status === 200 && cookies.length === 0 && !response.headers.has("cache-control")) cache.set(key, page);
      for (const cookie2 of cookies) reply.header("set-cookie", cookie2);
    }
    reply.status(page.status);
    for (const [k, v] of page.headers) reply.header(k, v);
    reply.header("content-security-policy", contentSecurityPolicy(ctx.cspNonce, dev2));
    reply.header("cache-control", "private, no-cache");
    return reply.send(fillParts(page.parts, ctx.csrfToken, ctx.cspNonce));
  };
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body3, done) => done(null, body3));
    const handler = async (request, reply) => {
      if (cache && !request.ctx.user && isCacheablePage(request.method, request.url)) return servePage(request, reply);
      const webRequest = toWebRequest(request);
      if (UNSAFE_METHODS.has(request.method) && !await formCsrfOk(request, webRequest.clone())) {
        return reply.status(403).type("text/html; charset=utf-8").send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Form expired</title></head><body><main><h1>This form has expired</h1><p>Please go back, reload the page and try again.</p></main></body></html>'
        );
      }
      const response = await handle(webRequest, request.ctx);
      return sendWebResponse(reply, response, request.ctx.cspNonce, dev2);
    };
    pages.all("/*", handler);
    pages.post("/admin/import", { bodyLimit: IMPORT_UPLOAD_BYTES }, handler);
  });
}
async function formCsrfOk(request, clone) {
  const secret = request.ctx.services.config.sessionSecret;
  let token = request.headers[CSRF_HEADER];
  if (!token) {
    const type = request.headers["content-type"] ?? "";
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      const form = await clone.formData().catch(() => null);
      const value2 = form?.get(CSRF_FIELD);
      token = typeof value2 === "string" ? value2 : void 0;
    }
  }
  return csrfValid(secret, request.csrfSeed, token);
}
function toWebRequest(request) {
  const origin2 = `${request.protocol}://${request.headers.host ?? "localhost"}`;
  const headers = new Headers();
  for (const [key, value2] of Object.entries(request.headers)) {
    if (value2 === void 0) continue;
    if (Array.isArray(value2)) for (const v of value2) headers.append(key, v);
    else headers.set(key, String(value2));
  }
  const controller = new AbortController();
  request.raw.once("close", () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
  return new Request(new URL(request.url, origin2), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body) : void 0,
    signal: controller.signal
  });
}
async function sendWebResponse(reply, response, nonce, dev2) {
  reply.status(response.status);
  for (const [key, value2] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value2);
  }
  for (const cookie2 of response.headers.getSetCookie()) reply.header("set-cookie", cookie2);
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
    reply.header("content-security-policy", contentSecurityPolicy(nonce, dev2));
    if (!response.headers.has("cache-control")) reply.header("cache-control", "private, no-cache");
  }
  if (!response.body) return reply.send();
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
    return reply.send(Buffer.from(await response.arrayBuffer()));
  }
  return reply.send(Readable.fromWeb(response.body));
}
var BUILD_DIR, IMPORT_UPLOAD_BYTES, SERVER_BUILD;
var init_pages = __esm({
  "server/pages.ts"() {
    "use strict";
    init_load_context();
    init_security();
    init_store_version_server();
    init_page_cache();
    BUILD_DIR = path3.resolve("build");
    IMPORT_UPLOAD_BYTES = 64 * 1024 * 1024;
    SERVER_BUILD = path3.join(BUILD_DIR, "server", "index.js");
  }
});

// app/config/constants.ts
var DEFAULT_PRICE_FORMAT, PRICE_SLIDER_STEP, MAX_EMBEDDED_VARIATIONS, LIMITS;
var init_constants = __esm({
  "app/config/constants.ts"() {
    "use strict";
    DEFAULT_PRICE_FORMAT = { precision: 2, thousandSeparator: ",", decimalPoint: "." };
    PRICE_SLIDER_STEP = 1;
    MAX_EMBEDDED_VARIATIONS = 30;
    LIMITS = {
      /** Largest request body accepted, in bytes. */
      bodyBytes: 1048576,
      /** Login attempts allowed per e-mail and address within the window. */
      loginAttempts: 10,
      loginWindowMs: 15 * 6e4,
      /** Session lifetime. */
      sessionMs: 30 * 24 * 36e5,
      /** A password-reset link is valid this long, once. */
      passwordResetMs: 60 * 6e4,
      /** Reset links asked for per client address, and per e-mail address, within the window. */
      passwordResetPerClient: 10,
      passwordResetPerEmail: 5,
      passwordResetWindowMs: 15 * 6e4,
      passwordMinLength: 8,
      passwordMaxLength: 256
    };
  }
});

// app/lib/mail.server.ts
import { randomBytes as randomBytes3 } from "node:crypto";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path4 from "node:path";
import nodemailer from "nodemailer";
function createMailer(opts) {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: "smtp",
      async send(m) {
        await transporter.sendMail({ from: opts.from, ...m });
      },
      close: () => transporter.close()
    };
  }
  const dir = mailDir(opts.dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    transport: "file",
    async send(m) {
      const info = await builder.sendMail({ from: opts.from, ...m });
      await mkdir(dir, { recursive: true });
      const name = `${Date.now().toString().padStart(15, "0")}-${randomBytes3(4).toString("hex")}.eml`;
      await writeFile(path4.join(dir, name), info.message, { mode: 384 });
    },
    close: () => builder.close()
  };
}
var mailDir, WORD, RUN;
var init_mail_server = __esm({
  "app/lib/mail.server.ts"() {
    "use strict";
    mailDir = (dataDir) => path4.join(dataDir, "mail");
    WORD = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;
    RUN = new RegExp(`${WORD.source}(?:\\s+${WORD.source})*`, "g");
  }
});

// app/lib/rate-limit.server.ts
function createRateLimiter(limit, windowMs, now = Date.now) {
  const windows = /* @__PURE__ */ new Map();
  return {
    hit(key) {
      const t2 = now();
      let w = windows.get(key);
      if (!w || t2 - w.start >= windowMs) {
        w = { start: t2, count: 0 };
        windows.set(key, w);
        if (windows.size > 5e4) prune(t2);
      }
      w.count += 1;
      return w.count > limit ? Math.ceil((w.start + windowMs - t2) / 1e3) : 0;
    },
    reset(key) {
      windows.delete(key);
    }
  };
  function prune(t2) {
    for (const [k, w] of windows) if (t2 - w.start >= windowMs) windows.delete(k);
  }
}
var init_rate_limit_server = __esm({
  "app/lib/rate-limit.server.ts"() {
    "use strict";
  }
});

// app/lib/http-error.ts
var HttpError;
var init_http_error = __esm({
  "app/lib/http-error.ts"() {
    "use strict";
    HttpError = class extends Error {
      constructor(status, code, message, fields, headers, details2) {
        super(message);
        this.status = status;
        this.code = code;
        this.fields = fields;
        this.headers = headers;
        this.details = details2;
      }
      status;
      code;
      fields;
      headers;
      details;
    };
  }
});

// app/lib/time.ts
var nowIso, isoIn;
var init_time = __esm({
  "app/lib/time.ts"() {
    "use strict";
    nowIso = () => (/* @__PURE__ */ new Date()).toISOString();
    isoIn = (ms) => new Date(Date.now() + ms).toISOString();
  }
});

// app/lib/validate.ts
function parseInput(schema, input) {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  const message = first ? first[0] === "_" ? first[1] : `${first[0]}: ${first[1]}` : "Invalid input";
  throw new HttpError(400, "invalid", message, fields);
}
var init_validate = __esm({
  "app/lib/validate.ts"() {
    "use strict";
    init_http_error();
  }
});

// app/features/catalog/catalog-write.server.ts
import { sql as sql5 } from "kysely";
import sanitizeHtml from "sanitize-html";
import { z as z2 } from "zod";
function checkSale(p, at, issue) {
  if (p.sale_price != null && p.regular_price != null && p.sale_price >= p.regular_price) issue([...at, "sale_price"], "Must be below the regular price");
  if (p.sale_from && p.sale_to && saleStart(p.sale_from) > saleEnd(p.sale_to)) issue([...at, "sale_to"], "Must not be before sale_from");
}
function slugify(text4, fallback = "item") {
  const s = text4.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 180).replace(/^-+|-+$/g, "");
  return s || fallback;
}
function inTransaction(db, fn) {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
async function uniqueValue(db, table2, column, base3) {
  const rows = await db.selectFrom(table2).select(`${column} as v`).where((eb) => eb.or([eb(column, "=", base3), eb(column, "like", `${base3}-%`)])).execute();
  const taken = new Set(rows.map((r) => r.v));
  let candidate = base3;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base3}-${i}`;
  return candidate;
}
async function ensureCategory(db, names) {
  if (!names.length || names.some((n) => !n.trim())) throw new HttpError(400, "invalid", "A category path needs non-empty names.");
  let parent = null;
  for (const raw of names) {
    const name = raw.trim();
    const base3 = parent ? `${parent.path}/${slugify(name, "category")}` : slugify(name, "category");
    const parentId = parent?.id ?? null;
    const found = await db.selectFrom("categories").select(["id", "path"]).where((eb) => parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", parentId)).where((eb) => eb.or([eb("name", "=", name), eb("path", "=", base3)])).orderBy("id").executeTakeFirst();
    if (found) {
      parent = found;
      continue;
    }
    const path7 = await uniqueValue(db, "categories", "path", base3);
    parent = await db.insertInto("categories").values({ parent_id: parentId, name, slug: path7.slice(path7.lastIndexOf("/") + 1), path: path7 }).returning(["id", "path"]).executeTakeFirstOrThrow();
  }
  return parent.id;
}
async function createCategoryTree(db, nodes, above = []) {
  const out = {};
  for (const [i, node] of nodes.entries()) {
    const catId = await ensureCategory(db, [...above, node.name]);
    const row = await db.updateTable("categories").set({
      menu_order: node.menu_order ?? i,
      ...node.description !== void 0 && { description: node.description },
      ...node.image_id !== void 0 && { image_id: node.image_id }
    }).where("id", "=", catId).returning("path").executeTakeFirstOrThrow();
    out[row.path] = catId;
    Object.assign(out, await createCategoryTree(db, node.children ?? [], [...above, node.name]));
  }
  return out;
}
async function ensureTag(db, name) {
  const clean = name.trim();
  if (!clean) throw new HttpError(400, "invalid", "A tag needs a name.");
  const found = await db.selectFrom("tags").select("id").where("name", "=", clean).orderBy("id").executeTakeFirst();
  if (found) return found.id;
  const slug = await uniqueValue(db, "tags", "slug", slugify(clean, "tag"));
  return (await db.insertInto("tags").values({ name: clean, slug }).returning("id").executeTakeFirstOrThrow()).id;
}
function stockStatus(p) {
  if (!p.manage_stock || p.stock_quantity == null) return p.stock_status;
  if (p.stock_quantity > 0) return "instock";
  return p.backorders === "no" ? "outofstock" : "onbackorder";
}
async function requireIds(db, table2, wanted, field) {
  const unique = [...new Set(wanted)];
  if (!unique.length) return;
  const found = await db.selectFrom(table2).select("id").where("id", "in", unique).execute();
  const missing = unique.filter((i) => !found.some((r) => r.id === i));
  if (missing.length) throw new HttpError(400, "invalid", `${field}: unknown id ${missing.join(", ")}`, { [field]: `Unknown id ${missing.join(", ")}` });
}
async function requireFreeSkus(db, p) {
  const skus = [p.sku, ...p.variations.map((v) => v.sku)].filter((s) => !!s);
  if (!skus.length) return;
  const taken = await db.selectFrom("products").select("sku").where("sku", "in", skus).executeTakeFirst() ?? await db.selectFrom("product_variations").select("sku").where("sku", "in", skus).executeTakeFirst();
  if (taken) throw new HttpError(409, "sku_taken", `The SKU "${taken.sku}" is already used.`, { sku: "Already used" });
}
async function createProduct(db, input) {
  const p = parseInput(productInputSchema, input);
  return inTransaction(db, async (trx) => {
    const swatchMedia = p.attributes.flatMap((a) => a.display === "image" ? Object.values(a.swatches) : []);
    await requireIds(trx, "media", [...p.images, ...p.variations.flatMap((v) => v.image ? [v.image] : []), ...swatchMedia], "images");
    await requireFreeSkus(trx, p);
    const now = nowIso();
    const created = p.created_at ? new Date(p.created_at).toISOString() : now;
    const slug = await uniqueValue(trx, "products", "slug", slugify(p.slug || p.name, "product"));
    const { images, categories, tags, attributes, variations, links, reviews, meta, created_at: _c, slug: _s, ...rest } = p;
    const { id: productId } = await trx.insertInto("products").values({
      ...rest,
      ...prices(p),
      ...shape(p),
      slug,
      sku: p.sku ?? null,
      stock_quantity: p.stock_quantity ?? null,
      stock_status: stockStatus(p),
      low_stock_amount: p.low_stock_amount ?? null,
      download_limit: p.download_limit ?? null,
      download_expiry: p.download_expiry ?? null,
      external_url: p.external_url ?? null,
      button_text: p.button_text ?? null,
      image_id: images[0] ?? null,
      meta: JSON.stringify(meta),
      created_at: created,
      updated_at: now
    }).returning("id").executeTakeFirstOrThrow();
    if (images.length) await trx.insertInto("product_images").values([...new Set(images)].map((m, i) => ({ product_id: productId, media_id: m, position: i }))).execute();
    const categoryIds = /* @__PURE__ */ new Set();
    for (const c of categories.length ? categories : [["Uncategorized"]]) categoryIds.add(typeof c === "number" ? c : await ensureCategory(trx, c));
    await requireIds(trx, "categories", [...categoryIds], "categories");
    await trx.insertInto("product_categories").values([...categoryIds].map((c) => ({ product_id: productId, category_id: c }))).execute();
    const tagIds = /* @__PURE__ */ new Set();
    for (const t2 of tags) tagIds.add(typeof t2 === "number" ? t2 : await ensureTag(trx, t2));
    await requireIds(trx, "tags", [...tagIds], "tags");
    if (tagIds.size) await trx.insertInto("product_tags").values([...tagIds].map((t2) => ({ product_id: productId, tag_id: t2 }))).execute();
    if (attributes.length) {
      await trx.insertInto("product_attributes").values(attributes.map((a, i) => ({ ...a, product_id: productId, slug: attributeSlug(a), position: i, options: JSON.stringify(a.options), swatches: JSON.stringify(a.swatches) }))).execute();
    }
    for (let i = 0; i < variations.length; i += 500) {
      await trx.insertInto("product_variations").values(variations.slice(i, i + 500).map((v) => variationRow(p, v, productId, now))).execute();
    }
    if (reviews.length) {
      await trx.insertInto("reviews").values(reviews.map((r) => ({ ...r, product_id: productId, user_id: r.user_id ?? null, created_at: r.created_at ? new Date(r.created_at).toISOString() : now }))).execute();
    }
    await writeLinks(trx, productId, links);
    await recomputeProduct(trx, productId);
    await recountCategories(trx, [...categoryIds]);
    return { id: productId, slug };
  });
}
function variationRow(p, v, productId, now) {
  const attributes = Object.fromEntries(p.attributes.filter((a) => a.variation).map((a) => [attributeSlug(a), ""]));
  for (const [key, value2] of Object.entries(v.attributes)) {
    const attr = p.attributes.find((a) => a.variation && (attributeSlug(a) === key || a.name === key));
    attributes[attributeSlug(attr)] = value2 === "" ? "" : matchOption(attr.options, value2);
  }
  const { image, meta, ...rest } = v;
  return {
    ...rest,
    ...prices(v),
    ...shape(v),
    product_id: productId,
    sku: v.sku ?? null,
    attributes: JSON.stringify(attributes),
    stock_quantity: v.stock_quantity ?? null,
    stock_status: stockStatus(v),
    image_id: image ?? null,
    min_qty: v.min_qty ?? null,
    max_qty: v.max_qty ?? null,
    meta: JSON.stringify(meta),
    created_at: now,
    updated_at: now
  };
}
async function writeLinks(trx, productId, links) {
  const all = Object.values(links).flat();
  if (all.includes(productId)) throw new HttpError(400, "invalid", "A product cannot link to itself.", { links: "Links to itself" });
  await requireIds(trx, "products", all, "links");
  if (links.grouped?.length) {
    const nested = await trx.selectFrom("products").select("id").where("id", "in", links.grouped).where("type", "=", "grouped").execute();
    if (nested.length) throw new HttpError(400, "invalid", "A grouped product cannot contain another grouped product.", { "links.grouped": "Grouped child" });
  }
  for (const [kind, list5] of Object.entries(links)) {
    await trx.deleteFrom("product_links").where("product_id", "=", productId).where("kind", "=", kind).execute();
    const unique = [...new Set(list5)];
    if (unique.length) await trx.insertInto("product_links").values(unique.map((l, i) => ({ product_id: productId, linked_id: l, kind, position: i }))).execute();
  }
}
async function setProductLinks(db, productId, input) {
  const links = parseInput(productInputSchema.shape.links, input);
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("products").select("type").where("id", "=", productId).executeTakeFirst();
    if (!row) throw new HttpError(404, "not_found", "No such product.");
    if (row.type !== "grouped" && links.grouped?.length) throw new HttpError(400, "invalid", "Only a grouped product has children.", { "links.grouped": "Not a grouped product" });
    await writeLinks(trx, productId, links);
    await recomputeProduct(trx, productId);
  });
}
function effective(alias, now) {
  const c = (col) => sql5.ref(alias ? `${alias}.${col}` : col);
  return sql5`CASE WHEN ${c("sale_price")} IS NOT NULL AND (${c("sale_from")} IS NULL OR ${c("sale_from")} <= ${now}) AND (${c("sale_to")} IS NULL OR ${c("sale_to")} >= ${now}) THEN ${c("sale_price")} ELSE ${c("regular_price")} END`;
}
async function recomputeProducts(db, ids2) {
  if (ids2 !== "all" && !ids2.length) return;
  await inTransaction(db, (trx) => recompute(trx, ids2));
}
async function recompute(db, ids2) {
  if (isPostgres(db)) await sql5`SET LOCAL jit = off`.execute(db);
  const now = nowIso();
  const update = (values, scope = ids2) => {
    const changed = Object.entries(values).map(([col, expr]) => sql5`${sql5.ref(col)} IS DISTINCT FROM ${expr}`);
    const q = db.updateTable("products").set(values).where(sql5`(${sql5.join(changed, sql5` OR `)})`);
    return scope === "all" ? q : q.where("id", "in", scope);
  };
  const eff = effective(null, now);
  await update({ min_price: eff, max_price: eff }).where("type", "in", ["simple", "external"]).execute();
  const vars = sql5`FROM product_variations v WHERE v.product_id = products.id AND v.status = 'publish'`;
  const varEff = effective("v", now);
  await update({ min_price: sql5`(SELECT MIN(${varEff}) ${vars})`, max_price: sql5`(SELECT MAX(${varEff}) ${vars})` }).where("type", "=", "variable").execute();
  await update({ stock_status: childStock(sql5`SELECT 1 FROM product_variations c WHERE c.product_id = products.id AND c.status = 'publish'`) }).where("type", "=", "variable").where("manage_stock", "=", 0).execute();
  const kids = sql5`FROM product_links l JOIN products c ON c.id = l.linked_id WHERE l.product_id = products.id AND l.kind = 'grouped' AND c.status = 'publish'`;
  const groupedValues = { min_price: sql5`(SELECT MIN(c.min_price) ${kids})`, max_price: sql5`(SELECT MAX(c.max_price) ${kids})`, stock_status: childStock(sql5`SELECT 1 ${kids}`) };
  const parents = ids2 === "all" ? db.selectFrom("products").select("id as product_id").where("type", "=", "grouped") : db.selectFrom("product_links").select("product_id").where("kind", "=", "grouped").where("linked_id", "in", ids2);
  const groupedIds = [.../* @__PURE__ */ new Set([...ids2 === "all" ? [] : ids2, ...(await parents.execute()).map((r) => r.product_id)])];
  if (groupedIds.length) await update(groupedValues, groupedIds).where("type", "=", "grouped").execute();
  const approved = sql5`FROM reviews r WHERE r.product_id = products.id AND r.status = 'approved'`;
  await update({
    review_count: sql5`(SELECT COUNT(*) ${approved})`,
    average_rating: sql5`CAST(COALESCE((SELECT ROUND(AVG(r.rating), 2) ${approved}), 0) AS REAL)`
  }).execute();
}
async function recountCategories(db, categoryIds) {
  let q = db.updateTable("categories").set({
    // CROSS JOIN fixes SQLite's join order (subtree categories first, then their products
    // by index); it would otherwise scan all products per category. PostgreSQL reorders freely.
    product_count: sql5`(SELECT COUNT(DISTINCT pc.product_id)
      FROM categories d CROSS JOIN product_categories pc CROSS JOIN products p
      WHERE pc.category_id = d.id AND p.id = pc.product_id
      AND (d.path = categories.path OR d.path LIKE categories.path || '/%')
      AND p.status = 'publish' AND p.catalog_visibility IN ('visible', 'catalog'))`
  });
  if (categoryIds !== "all") {
    if (!categoryIds.length) return;
    const rows = await db.selectFrom("categories").select("path").where("id", "in", categoryIds).execute();
    const paths = new Set(rows.flatMap((r) => r.path.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
    q = q.where("path", "in", [...paths]);
  }
  await q.execute();
}
var flag4, money2, id, size, when, html, stock, backorders, colour, saleFields, stockFields, shapeFields, attributeSchema, variationSchema, reviewSchema, ids, productInputSchema, saleStart, saleEnd, attributeSlug, matchOption, prices, shape, childStock, recomputeProduct;
var init_catalog_write_server = __esm({
  "app/features/catalog/catalog-write.server.ts"() {
    "use strict";
    init_dialect();
    init_http_error();
    init_time();
    init_validate();
    flag4 = z2.union([z2.boolean(), z2.literal(0), z2.literal(1)]).transform((v) => v ? 1 : 0);
    money2 = z2.number().int("must be whole minor units").min(0, "must not be negative").max(1e12);
    id = z2.number().int().positive();
    size = z2.number().min(0).max(1e6).nullish();
    when = z2.union([z2.iso.datetime({ offset: true }), z2.iso.date()]);
    html = (max) => z2.string().max(max).default("").transform((s) => sanitizeHtml(s));
    stock = z2.enum(["instock", "outofstock", "onbackorder"]).default("instock");
    backorders = z2.enum(["no", "notify", "yes"]).default("no");
    colour = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;
    saleFields = {
      regular_price: money2.nullish(),
      sale_price: money2.nullish(),
      sale_from: when.nullish(),
      sale_to: when.nullish()
    };
    stockFields = {
      manage_stock: flag4.default(0),
      stock_quantity: z2.number().int().min(-1e9).max(1e9).nullish(),
      stock_status: stock,
      backorders
    };
    shapeFields = { weight: size, length: size, width: size, height: size, virtual: flag4.default(0), downloadable: flag4.default(0) };
    attributeSchema = z2.object({
      name: z2.string().trim().min(1).max(100),
      slug: z2.string().trim().max(100).optional(),
      options: z2.array(z2.string().trim().min(1).max(200)).max(500).default([]),
      visible: flag4.default(1),
      variation: flag4.default(0),
      is_global: flag4.default(0),
      display: z2.enum(["select", "color", "label", "image"]).default("select"),
      swatches: z2.record(z2.string(), z2.union([z2.string().max(200), id])).default({})
    });
    variationSchema = z2.object({
      sku: z2.string().trim().min(1).max(100).nullish(),
      attributes: z2.record(z2.string(), z2.string().max(200)),
      status: z2.enum(["publish", "private"]).default("publish"),
      description: html(2e4),
      ...saleFields,
      ...stockFields,
      ...shapeFields,
      image: id.nullish(),
      min_qty: z2.number().int().min(0).nullish(),
      max_qty: z2.number().int().min(0).nullish(),
      tax_class: z2.string().max(100).default("parent"),
      shipping_class: z2.string().max(100).default(""),
      menu_order: z2.number().int().default(0),
      meta: z2.record(z2.string(), z2.unknown()).default({})
    });
    reviewSchema = z2.object({
      author: z2.string().trim().min(1).max(100),
      email: z2.email(),
      rating: z2.number().int().min(1).max(5),
      content: z2.string().trim().min(1).max(1e4),
      status: z2.enum(["approved", "pending", "spam"]).default("pending"),
      verified: flag4.default(0),
      user_id: id.nullish(),
      created_at: when.optional()
    });
    ids = z2.array(id).max(500).default([]);
    productInputSchema = z2.object({
      type: z2.enum(["simple", "variable", "grouped", "external"]).default("simple"),
      name: z2.string().trim().min(1).max(200),
      slug: z2.string().trim().max(200).optional(),
      status: z2.enum(["publish", "draft", "private"]).default("publish"),
      catalog_visibility: z2.enum(["visible", "catalog", "search", "hidden"]).default("visible"),
      featured: flag4.default(0),
      sku: z2.string().trim().min(1).max(100).nullish(),
      short_description: html(2e4),
      description: html(2e5),
      ...saleFields,
      ...stockFields,
      ...shapeFields,
      tax_status: z2.enum(["taxable", "shipping", "none"]).default("taxable"),
      tax_class: z2.string().max(100).default(""),
      low_stock_amount: z2.number().int().min(0).nullish(),
      sold_individually: flag4.default(0),
      download_limit: z2.number().int().min(-1).nullish(),
      download_expiry: z2.number().int().min(-1).nullish(),
      external_url: z2.url({ protocol: /^https?$/ }).nullish(),
      button_text: z2.string().trim().max(100).nullish(),
      purchase_note: html(2e4),
      reviews_allowed: flag4.default(1),
      shipping_class: z2.string().max(100).default(""),
      vendor_id: z2.number().int().min(0).default(0),
      menu_order: z2.number().int().default(0),
      total_sales: z2.number().int().min(0).default(0),
      meta: z2.record(z2.string(), z2.unknown()).default({}),
      created_at: when.optional(),
      /** Media ids, the first being the main image. */
      images: z2.array(id).max(100).default([]),
      /** Category ids, or name paths such as ["Clothing", "Hoodies"] (created when missing). */
      categories: z2.array(z2.union([id, z2.array(z2.string().trim().min(1).max(100)).min(1).max(10)])).max(100).default([]),
      /** Tag ids or names (created when missing). */
      tags: z2.array(z2.union([id, z2.string().trim().min(1).max(100)])).max(100).default([]),
      attributes: z2.array(attributeSchema).max(50).default([]),
      variations: z2.array(variationSchema).max(5e3).default([]),
      links: z2.object({ upsell: ids, crosssell: ids, grouped: ids }).partial().default({}),
      reviews: z2.array(reviewSchema).max(5e3).default([])
    }).superRefine((p, ctx) => {
      const issue = (path7, message) => ctx.addIssue({ code: "custom", path: path7, message });
      checkSale(p, [], issue);
      if (p.type === "external" && !p.external_url) issue(["external_url"], "An external product needs its URL");
      if (p.type !== "variable" && p.variations.length) issue(["variations"], "Only a variable product has variations");
      if (p.type !== "grouped" && p.links.grouped?.length) issue(["links", "grouped"], "Only a grouped product has children");
      const slugs = p.attributes.map((a) => attributeSlug(a));
      slugs.forEach((s, i) => slugs.indexOf(s) !== i && issue(["attributes", i, "name"], "Duplicate attribute"));
      p.attributes.forEach((a, i) => {
        for (const [value2, swatch] of Object.entries(a.swatches)) {
          if (a.display === "color" && (typeof swatch !== "string" || !colour.test(swatch))) issue(["attributes", i, "swatches", value2], "Not a CSS colour");
          if (a.display === "image" && typeof swatch !== "number") issue(["attributes", i, "swatches", value2], "Must be a media id");
        }
      });
      const skus = [p.sku, ...p.variations.map((v) => v.sku)].filter(Boolean);
      if (new Set(skus).size !== skus.length) issue(["sku"], "SKUs must be unique");
      p.variations.forEach((v, i) => {
        checkSale(v, ["variations", i], issue);
        if (v.min_qty != null && v.max_qty != null && v.min_qty > v.max_qty) issue(["variations", i, "max_qty"], "Must not be below min_qty");
        for (const [key, value2] of Object.entries(v.attributes)) {
          const attr = p.attributes.find((a) => a.variation && (attributeSlug(a) === key || a.name === key));
          if (!attr) issue(["variations", i, "attributes", key], "Not a variation attribute of this product");
          else if (value2 !== "" && matchOption(attr.options, value2) === void 0) issue(["variations", i, "attributes", key], `"${value2}" is not an option`);
        }
      });
    });
    saleStart = (v) => v ? new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v).toISOString() : null;
    saleEnd = (v) => v ? new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v).toISOString() : null;
    attributeSlug = (a) => slugify(a.slug || a.name, "attribute");
    matchOption = (options, value2) => options.find((o) => o === value2) ?? options.find((o) => slugify(o) === slugify(value2));
    prices = (p) => ({
      regular_price: p.regular_price ?? null,
      sale_price: p.sale_price ?? null,
      sale_from: saleStart(p.sale_from),
      sale_to: saleEnd(p.sale_to)
    });
    shape = (p) => ({
      weight: p.weight ?? null,
      length: p.length ?? null,
      width: p.width ?? null,
      height: p.height ?? null,
      virtual: p.virtual,
      downloadable: p.downloadable
    });
    childStock = (children) => sql5`CASE WHEN EXISTS (${children} AND c.stock_status = 'instock') THEN 'instock' WHEN EXISTS (${children} AND c.stock_status = 'onbackorder') THEN 'onbackorder' ELSE 'outofstock' END`;
    recomputeProduct = (db, productId) => recomputeProducts(db, [productId]);
  }
});

// app/lib/media.server.ts
import path5 from "node:path";
var mediaRoot;
var init_media_server = __esm({
  "app/lib/media.server.ts"() {
    "use strict";
    mediaRoot = (dataDir) => path5.join(dataDir, "media");
  }
});

// app/lib/images.server.ts
import { mkdir as mkdir2 } from "node:fs/promises";
import nodePath from "node:path";
import sharp from "sharp";
function checkPath(path7) {
  const parts = path7.split("/");
  if (path7.length > 200 || parts.some((p) => !SEGMENT.test(p) || p.includes(".."))) {
    throw new HttpError(400, "invalid_path", `Invalid media path "${path7}": use lower-case letters, digits, ".", "_", "-" and "/".`);
  }
}
function variantWidths(sourceWidth) {
  const fit = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  return fit.length ? fit : [IMAGE_WIDTHS[0]];
}
async function generateVariants(input, dataDir, path7, options = {}) {
  checkPath(path7);
  const source = sharp(input, { failOn: "error" }).autoOrient();
  let meta;
  try {
    meta = await source.metadata();
  } catch {
    throw new HttpError(415, "unsupported_image", "The file is not an image we can read (use JPEG, PNG, WebP, AVIF, GIF or SVG).");
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new HttpError(415, "unsupported_image", "The image has no size.");
  const widths = variantWidths(width);
  const base3 = nodePath.join(mediaRoot(dataDir), path7);
  await mkdir2(nodePath.dirname(base3), { recursive: true });
  const webp = { quality: WEBP_QUALITY, effort: options.effort ?? 4 };
  const at = (w) => meta.format === "svg" ? sharp(input, { density: 72 * w / width }) : source.clone();
  const prepared = (w) => options.opaque ? at(w).removeAlpha() : at(w);
  await Promise.all(widths.map((w) => prepared(w).resize({ width: w }).webp(webp).toFile(`${base3}-${w}.webp`)));
  return { width, height, widths };
}
async function insertMedia(db, m) {
  const row = await db.insertInto("media").values({
    path: m.path,
    alt: m.alt ?? "",
    title: m.title ?? "",
    caption: m.caption ?? "",
    width: m.width,
    height: m.height,
    widths: JSON.stringify(m.widths),
    original_url: m.originalUrl ?? null,
    created_at: nowIso()
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}
var IMAGE_WIDTHS, WEBP_QUALITY, SEGMENT;
var init_images_server = __esm({
  "app/lib/images.server.ts"() {
    "use strict";
    init_http_error();
    init_media_server();
    init_time();
    IMAGE_WIDTHS = [150, 300, 600, 1200];
    WEBP_QUALITY = 80;
    SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;
  }
});

// db/seed/demo-commerce.ts
async function seedDemoCommerce(db) {
  const zone = async (name, position, locations) => {
    const { id: id2 } = await db.insertInto("shipping_zones").values({ name, position }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("shipping_zone_locations").values(locations.map((l) => ({ zone_id: id2, ...l }))).execute();
    return id2;
  };
  const method = (zone_id, type, title2, position, settings) => db.insertInto("shipping_methods").values({ zone_id, type, title: title2, position, settings: JSON.stringify(settings) }).execute();
  const uk = await zone("United Kingdom", 0, [{ type: "country", code: "GB" }]);
  await method(uk, "flat_rate", "Standard delivery", 0, { cost: 395, costType: "per_order" });
  await method(uk, "free_shipping", "Free delivery", 1, { requires: "either", minAmount: 5e3, ignoreDiscounts: false });
  await method(uk, "local_pickup", "Collect from the shop", 2, { cost: 0 });
  const us = await zone("United States", 1, [{ type: "country", code: "US" }]);
  await method(us, "flat_rate", "International tracked", 0, { cost: 995, costType: "per_order" });
  await method(us, "free_shipping", "Free shipping (coupon)", 1, { requires: "coupon", minAmount: 0, ignoreDiscounts: false });
  const europe = await zone("Europe", 2, [{ type: "continent", code: "EU" }]);
  await method(europe, "flat_rate", "European delivery", 0, { cost: 695, costType: "per_order" });
  await method(null, "flat_rate", "Worldwide delivery", 0, { cost: 1495, costType: "per_order" });
  await db.insertInto("tax_rates").values([
    { country: "GB", state: "", rate: 2e5, name: "VAT", priority: 1, shipping: 1, tax_class: "", position: 0 },
    { country: "GB", state: "", rate: 5e4, name: "VAT", priority: 1, shipping: 1, tax_class: "reduced-rate", position: 1 },
    { country: "GB", state: "", rate: 0, name: "VAT", priority: 1, shipping: 1, tax_class: "zero-rate", position: 2 },
    { country: "US", state: "CA", rate: 72500, name: "CA sales tax", priority: 1, shipping: 0, tax_class: "", position: 3 },
    { country: "DE", state: "", rate: 19e4, name: "MwSt.", priority: 1, shipping: 1, tax_class: "", position: 4 }
  ].map((r) => ({ ...r, postcodes: "", cities: "", compound: 0 }))).execute();
  const now = nowIso();
  await db.insertInto("coupons").values([
    { code: DEMO_COUPONS.percent, description: "10 % off your order", discount_type: "percent", amount: 1e3, free_shipping: 0, created_at: now, updated_at: now },
    { code: DEMO_COUPONS.freeShipping, description: "Free shipping", discount_type: "fixed_cart", amount: 0, free_shipping: 1, created_at: now, updated_at: now }
  ]).execute();
}
var DEMO_COUPONS;
var init_demo_commerce = __esm({
  "db/seed/demo-commerce.ts"() {
    "use strict";
    init_time();
    DEMO_COUPONS = { percent: "welcome10", freeShipping: "freeship" };
  }
});

// db/seed/demo-kit.ts
function grid(attrs, base3, each = () => ({})) {
  let combos = [{}];
  for (const [slug, values] of Object.entries(attrs)) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [slug]: v })));
  const out = [];
  combos.forEach((attributes, i) => {
    const extra = each(attributes, i);
    if (extra) out.push({ ...base3, ...extra, attributes });
  });
  return out;
}
function day(offset) {
  return new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);
}
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t2 = a;
    t2 = Math.imul(t2 ^ t2 >>> 15, t2 | 1);
    t2 ^= t2 + Math.imul(t2 ^ t2 >>> 7, t2 | 61);
    return ((t2 ^ t2 >>> 14) >>> 0) / 4294967296;
  };
}
var PALETTE, colorAttr, sizeAttr, CLOTHING_SIZES;
var init_demo_kit = __esm({
  "db/seed/demo-kit.ts"() {
    "use strict";
    PALETTE = {
      Red: "#c2412d",
      Blue: "#2f5d9e",
      Green: "#3d7a4f",
      Black: "#2b2b2b",
      White: "#f4f1ea",
      Yellow: "#e0b131",
      Grey: "#8a8d91",
      Navy: "#1f2e4d",
      Sand: "#d8c3a0",
      Olive: "#6b7a3a",
      Pink: "#e59bb0",
      Terracotta: "#c46a47",
      Teal: "#2a8c8c",
      Plum: "#6e3b5c"
    };
    colorAttr = (colors, variation = true) => ({
      name: "Color",
      slug: "color",
      options: colors,
      variation,
      display: "color",
      swatches: Object.fromEntries(colors.map((c) => [c, PALETTE[c]]))
    });
    sizeAttr = (sizes, name = "Size") => ({
      name,
      slug: "size",
      options: sizes,
      variation: true,
      display: "label",
      swatches: Object.fromEntries(sizes.map((s) => [s, s]))
    });
    CLOTHING_SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
  }
});

// db/seed/demo-clothing.ts
var TEE, HOODIE, ACC, cotton, CLOTHING;
var init_demo_clothing = __esm({
  "db/seed/demo-clothing.ts"() {
    "use strict";
    init_demo_kit();
    TEE = ["Clothing", "T-shirts"];
    HOODIE = ["Clothing", "Hoodies"];
    ACC = ["Clothing", "Accessories"];
    cotton = { weight: 0.2, length: 30, width: 25, height: 2 };
    CLOTHING = [
      {
        name: "Classic Cotton Tee",
        type: "variable",
        category: TEE,
        shape: "tshirt",
        color: "Red",
        featured: true,
        gallery: true,
        sku: "TEE-CLASSIC",
        blurb: "Our best-selling crew neck in soft combed cotton, cut for an easy everyday fit.",
        details: ["100% combed ring-spun cotton, 180 g/m\xB2", "Pre-shrunk, side-seamed body", "Six colours, sizes XS to XXL"],
        tags: ["Cotton", "Bestseller"],
        ...cotton,
        attributes: [colorAttr(["Red", "Blue", "Green", "Black", "White", "Yellow"]), sizeAttr(CLOTHING_SIZES)],
        // 36 variations: more than the page preloads, so the product page asks for them one by one.
        variations: grid({ color: ["Red", "Blue", "Green", "Black", "White", "Yellow"], size: CLOTHING_SIZES }, { regular_price: 1900 }, (c, i) => ({
          sku: `TEE-CLASSIC-${i + 1}`,
          regular_price: c.size === "XXL" ? 2100 : 1900,
          stock_status: c.color === "Yellow" && c.size === "XS" || c.color === "Green" && c.size === "XXL" ? "outofstock" : "instock"
        })),
        reviews: { approved: [5, 5, 4, 5, 4], pending: [2] },
        upsells: ["Heavyweight Boxy Tee"],
        crosssells: ["Six-Panel Cap", "Wool Beanie"]
      },
      {
        name: "Organic Pocket Tee",
        type: "variable",
        category: TEE,
        shape: "tshirt",
        color: "Sand",
        blurb: "A relaxed tee with a chest pocket, made from certified organic cotton.",
        details: ["GOTS certified organic cotton", "Chest pocket with bar tacks", "Garment dyed for a lived-in look"],
        tags: ["Organic", "Cotton"],
        ...cotton,
        attributes: [colorAttr(["Sand", "Olive", "Navy"]), sizeAttr(["S", "M", "L", "XL"])],
        variations: grid({ color: ["Sand", "Olive", "Navy"], size: ["S", "M", "L", "XL"] }, { regular_price: 2400 }, (c) => c.color === "Olive" ? { sale_price: 1900 } : c.color === "Navy" && c.size === "XL" ? { stock_status: "outofstock" } : {}),
        reviews: { approved: [4, 5] }
      },
      {
        name: "Heavyweight Boxy Tee",
        type: "variable",
        category: TEE,
        shape: "tshirt",
        color: "Black",
        blurb: "A thick, structured tee with a boxy cut and dropped shoulders.",
        details: ["260 g/m\xB2 heavyweight cotton", "Boxy fit with dropped shoulders", "Ribbed collar that keeps its shape"],
        tags: ["Cotton"],
        ...cotton,
        attributes: [colorAttr(["Black", "Red"]), sizeAttr(["S", "M", "L"])],
        variations: [
          ...grid({ color: ["Black"], size: ["S", "M", "L"] }, { regular_price: 3200 }, (c) => c.size === "L" ? { stock_status: "outofstock" } : {}),
          // One variation for red in any size, as shops do when the price does not depend on it.
          { attributes: { color: "red", size: "" }, regular_price: 3400 }
        ]
      },
      {
        name: "Striped Breton Tee",
        category: TEE,
        shape: "tshirt",
        color: "Navy",
        featured: true,
        sku: "TEE-BRETON",
        regular_price: 3500,
        sale_price: 2800,
        sale_from: day(-5),
        sale_to: day(25),
        ...cotton,
        blurb: "The seaside classic: navy stripes on an off-white base, with a boat neck.",
        details: ["Heavy cotton jersey", "Boat neck and three-quarter sleeves", "Yarn-dyed stripes that never fade"],
        tags: ["Cotton", "Sale"],
        reviews: { approved: [5, 4, 4] }
      },
      {
        name: "Long Sleeve Waffle Tee",
        category: TEE,
        shape: "tshirt",
        color: "Grey",
        regular_price: 3900,
        manage_stock: true,
        stock_quantity: 3,
        low_stock_amount: 5,
        ...cotton,
        blurb: "A waffle-knit long sleeve that layers well and keeps you warm.",
        details: ["Waffle-knit cotton blend", "Ribbed cuffs", "Only a few left"]
      },
      {
        name: "Kids' Dino Tee",
        type: "variable",
        category: TEE,
        shape: "tshirt",
        color: "Green",
        blurb: "A bright tee with a friendly dinosaur, sized for little explorers.",
        details: ["Soft organic cotton", "Water-based print, safe for kids", "Roomy fit to grow into"],
        tags: ["Kids", "Organic"],
        attributes: [sizeAttr(["2-3 Y", "4-5 Y", "6-7 Y", "8-9 Y"], "Age")],
        variations: grid({ size: ["2-3 Y", "4-5 Y", "6-7 Y", "8-9 Y"] }, { regular_price: 1500 }, (c) => c.size === "8-9 Y" ? { regular_price: 1700 } : {})
      },
      {
        name: "Vintage Ringer Tee",
        category: TEE,
        shape: "tshirt",
        color: "White",
        regular_price: 2600,
        stock_status: "outofstock",
        ...cotton,
        blurb: "A retro ringer with contrast trims. Back soon.",
        details: ["Slub cotton", "Contrast collar and cuffs", "Currently sold out"]
      },
      {
        name: "Graphic Sun Tee",
        category: TEE,
        shape: "tshirt",
        color: "Yellow",
        regular_price: 2900,
        featured: true,
        ...cotton,
        blurb: "A cheerful sunburst print on a warm yellow tee.",
        details: ["Screen printed by hand", "100% cotton", "Regular fit"],
        tags: ["Bestseller"],
        reviews: { approved: [5, 4], pending: [5] },
        crosssells: ["Canvas Tote Bag"]
      },
      {
        name: "Screen-Printing Workshop",
        type: "external",
        category: TEE,
        shape: "ticket",
        color: "Blue",
        regular_price: 6500,
        external_url: "https://example.com/workshops/screen-printing",
        button_text: "Book a seat",
        virtual: true,
        blurb: "Print your own tee in a three-hour workshop with our printers.",
        details: ["Held by our partner studio", "All materials included", "Booked on the studio website"]
      },
      {
        name: "Everyday Zip Hoodie",
        type: "variable",
        category: HOODIE,
        shape: "hoodie",
        color: "Grey",
        featured: true,
        gallery: true,
        sku: "HOOD-ZIP",
        weight: 0.6,
        length: 40,
        width: 30,
        height: 6,
        blurb: "A brushed-fleece zip hoodie you will reach for every morning.",
        details: ["Brushed-back fleece, 320 g/m\xB2", "Metal zip and lined hood", "Kangaroo pockets"],
        tags: ["Fleece", "Bestseller"],
        attributes: [colorAttr(["Grey", "Navy", "Black"]), sizeAttr(["S", "M", "L", "XL"])],
        variations: grid({ color: ["Grey", "Navy", "Black"], size: ["S", "M", "L", "XL"] }, { regular_price: 5900 }, (c, i) => ({
          sku: `HOOD-ZIP-${i + 1}`,
          ...c.color === "Navy" && c.size === "S" ? { stock_status: "outofstock" } : {},
          ...c.color === "Black" ? { manage_stock: true, stock_quantity: c.size === "XL" ? 0 : 4 } : {}
        })),
        reviews: { approved: [5, 4, 5, 3], pending: [4] },
        upsells: ["Fleece Pullover Hoodie"],
        crosssells: ["Wool Beanie"]
      },
      {
        name: "Fleece Pullover Hoodie",
        type: "variable",
        category: HOODIE,
        shape: "hoodie",
        color: "Olive",
        weight: 0.65,
        blurb: "A cosy pullover with a roomy hood and a front pocket.",
        details: ["Recycled polyester and cotton fleece", "Double-layer hood", "Ribbed cuffs and hem"],
        tags: ["Fleece"],
        attributes: [colorAttr(["Olive", "Plum", "Sand"]), sizeAttr(["S", "M", "L"])],
        // A sale that starts next week: prices stay regular until then.
        variations: grid({ color: ["Olive", "Plum", "Sand"], size: ["S", "M", "L"] }, { regular_price: 5500, sale_price: 4400, sale_from: day(7), sale_to: day(21) })
      },
      {
        name: "Cropped Hoodie",
        category: HOODIE,
        shape: "hoodie",
        color: "Pink",
        regular_price: 4800,
        sale_price: 3600,
        weight: 0.5,
        blurb: "A cropped hoodie in soft pink fleece, now reduced.",
        details: ["Cropped length", "Raw-edge hem", "Midweight fleece"],
        tags: ["Sale", "Fleece"],
        reviews: { approved: [4] }
      },
      {
        name: "Heritage College Hoodie",
        category: HOODIE,
        shape: "hoodie",
        color: "Navy",
        regular_price: 6200,
        weight: 0.7,
        manage_stock: true,
        stock_quantity: 0,
        backorders: "notify",
        blurb: "A heavyweight hoodie with an embroidered crest. Order now, ships in two weeks.",
        details: ["Heavyweight 400 g/m\xB2 fleece", "Embroidered crest", "Available on backorder"]
      },
      {
        name: "Wool Beanie",
        type: "variable",
        category: ACC,
        shape: "beanie",
        color: "Red",
        featured: true,
        weight: 0.1,
        blurb: "A chunky rib-knit beanie in pure lambswool.",
        details: ["100% lambswool", "Turn-up cuff", "One size fits most"],
        tags: ["Wool", "Winter"],
        attributes: [colorAttr(["Red", "Navy", "Grey", "Yellow", "Teal"])],
        variations: grid({ color: ["Red", "Navy", "Grey", "Yellow", "Teal"] }, { regular_price: 2200 }, (c) => c.color === "Teal" ? { stock_status: "outofstock" } : {}),
        reviews: { approved: [5, 5, 4] },
        crosssells: ["Knitted Scarf"]
      },
      {
        name: "Six-Panel Cap",
        type: "variable",
        category: ACC,
        shape: "cap",
        color: "Green",
        weight: 0.1,
        blurb: "A washed cotton cap with an adjustable strap.",
        details: ["Washed cotton twill", "Brass buckle strap", "Curved peak"],
        attributes: [colorAttr(["Green", "Sand", "Black", "Blue"])],
        variations: grid({ color: ["Green", "Sand", "Black", "Blue"] }, { regular_price: 2500 }, (c) => c.color === "Blue" ? { stock_status: "outofstock" } : {})
      },
      {
        name: "Canvas Tote Bag",
        category: ACC,
        shape: "tote",
        color: "White",
        regular_price: 1800,
        featured: true,
        gallery: true,
        weight: 0.3,
        length: 42,
        width: 38,
        height: 10,
        blurb: "A sturdy canvas tote for groceries, books and everything in between.",
        details: ["12 oz cotton canvas", "Reinforced handles", "Inner pocket"],
        tags: ["Cotton", "Bestseller"],
        reviews: { approved: [5, 5, 5, 4] },
        upsells: ["Market Tote XL"]
      },
      {
        name: "Market Tote XL",
        category: ACC,
        shape: "tote",
        color: "Olive",
        regular_price: 3200,
        weight: 0.45,
        blurb: "An extra-large tote that carries a whole week of groceries.",
        details: ["Waxed canvas", "Leather handles", "Holds up to 20 kg"]
      },
      {
        name: "Merino Socks 3-Pack",
        type: "variable",
        category: ACC,
        shape: "socks",
        color: "Yellow",
        weight: 0.15,
        blurb: "Three pairs of soft merino socks for all seasons.",
        details: ["70% merino wool", "Cushioned sole", "Three colours per pack"],
        tags: ["Wool"],
        attributes: [sizeAttr(["36-39", "40-43", "44-47"])],
        variations: grid({ size: ["36-39", "40-43", "44-47"] }, { regular_price: 2400 })
      },
      {
        name: "Knitted Scarf",
        category: ACC,
        shape: "scarf",
        color: "Red",
        regular_price: 3400,
        manage_stock: true,
        stock_quantity: 2,
        low_stock_amount: 3,
        weight: 0.2,
        blurb: "A long knitted scarf with tassels, made in small batches.",
        details: ["Wool and alpaca blend", "180 cm long", "Hand-finished tassels"],
        tags: ["Wool", "Winter"]
      },
      {
        name: "Limited Edition Enamel Pin",
        category: ACC,
        shape: "pin",
        color: "Yellow",
        regular_price: 900,
        sold_individually: true,
        manage_stock: true,
        stock_quantity: 7,
        weight: 0.01,
        blurb: "A hard-enamel star pin from a numbered run. One per customer.",
        details: ["Hard enamel on gold-plated metal", "Rubber clutch back", "Limited to one per order"]
      },
      {
        name: "Recycled Laptop Sleeve",
        category: ACC,
        shape: "sleeve",
        color: "Teal",
        regular_price: 3900,
        weight: 0.3,
        blurb: "A padded sleeve made from recycled bottles, fits 13 to 14 inch laptops.",
        details: ["Recycled PET felt", "Water-repellent", "Fits 13\u201314 inch laptops"],
        reviews: { approved: [3, 4] }
      }
    ];
  }
});

// db/seed/demo-home.ts
var MUG, POSTER, PLANT, mug, HOME;
var init_demo_home = __esm({
  "db/seed/demo-home.ts"() {
    "use strict";
    init_demo_kit();
    MUG = ["Home", "Mugs"];
    POSTER = ["Home", "Posters"];
    PLANT = ["Home", "Plants"];
    mug = { weight: 0.35, length: 12, width: 9, height: 10 };
    HOME = [
      {
        name: "Stoneware Coffee Mug",
        type: "variable",
        category: MUG,
        shape: "mug",
        color: "Blue",
        featured: true,
        gallery: true,
        ...mug,
        blurb: "A hand-glazed stoneware mug that holds a generous 350 ml.",
        details: ["Hand-glazed stoneware", "350 ml", "Dishwasher and microwave safe"],
        tags: ["Ceramics", "Bestseller"],
        attributes: [colorAttr(["Blue", "Red", "Green", "White", "Black", "Yellow"])],
        variations: grid({ color: ["Blue", "Red", "Green", "White", "Black", "Yellow"] }, { regular_price: 1600 }, (c) => c.color === "Black" ? { stock_status: "outofstock" } : c.color === "Yellow" ? { sale_price: 1200 } : {}),
        reviews: { approved: [5, 4, 5, 5], pending: [1] },
        crosssells: ["Espresso Cup Pair"],
        upsells: ["Travel Tumbler"]
      },
      {
        name: "Enamel Camp Mug",
        category: MUG,
        shape: "mug",
        color: "White",
        regular_price: 1400,
        sale_price: 1100,
        ...mug,
        weight: 0.2,
        blurb: "A light enamel mug for the trail, the garden and the desk.",
        details: ["Enamel-coated steel", "300 ml", "Rolled rim"],
        tags: ["Outdoor", "Sale"],
        reviews: { approved: [4, 4] }
      },
      {
        name: "Espresso Cup Pair",
        category: MUG,
        shape: "mug",
        color: "Terracotta",
        regular_price: 1800,
        ...mug,
        weight: 0.3,
        blurb: "Two small cups for a proper espresso, in warm terracotta.",
        details: ["Set of two", "90 ml each", "Matt outside, glazed inside"],
        tags: ["Ceramics"]
      },
      {
        name: "Travel Tumbler",
        type: "variable",
        category: MUG,
        shape: "tumbler",
        color: "Black",
        weight: 0.3,
        blurb: "A vacuum-insulated tumbler that keeps coffee hot for hours.",
        details: ["Double-wall stainless steel", "Leak-proof lid", "Hot for 6 hours, cold for 12"],
        tags: ["Outdoor"],
        attributes: [sizeAttr(["350 ml", "500 ml"], "Capacity")],
        variations: grid({ size: ["350 ml", "500 ml"] }, { regular_price: 2600 }, (c) => c.size === "500 ml" ? { regular_price: 2900 } : {}),
        reviews: { approved: [5, 3] }
      },
      {
        name: "Speckled Latte Mug",
        category: MUG,
        shape: "mug",
        color: "Sand",
        regular_price: 1900,
        ...mug,
        blurb: "A wide, speckled mug made for milky coffee and slow mornings.",
        details: ["Speckled clay body", "450 ml", "Each one slightly different"],
        tags: ["Ceramics"],
        reviews: { approved: [5, 5, 4, 4, 5, 3], pending: [4] }
      },
      {
        name: "Coffee Corner Set",
        type: "grouped",
        category: MUG,
        shape: "mug",
        color: "Terracotta",
        gallery: true,
        blurb: "Everything for a coffee corner: pick the pieces you need.",
        details: ["Choose any of the pieces", "Each piece ships separately"],
        children: ["Espresso Cup Pair", "Enamel Camp Mug", "Speckled Latte Mug"]
      },
      {
        name: "Mountain Sunrise Poster",
        type: "variable",
        category: POSTER,
        shape: "poster",
        color: "Plum",
        gallery: true,
        weight: 0.4,
        blurb: "A calm mountain sunrise printed on heavy matte paper.",
        details: ["Gicl\xE9e print on 230 g/m\xB2 paper", "Optional oak frame", "Ships flat in a protective sleeve"],
        tags: ["Art print"],
        attributes: [sizeAttr(["A4", "A3", "A2"]), { name: "Frame", options: ["No frame", "Oak frame"], variation: true }],
        variations: grid({ size: ["A4", "A3", "A2"], frame: ["No frame", "Oak frame"] }, { regular_price: 2e3 }, (c) => ({
          regular_price: { A4: 2e3, A3: 2900, A2: 3900 }[c.size] + (c.frame === "Oak frame" ? 3e3 : 0),
          ...c.size === "A2" && c.frame === "Oak frame" ? { stock_status: "outofstock" } : {}
        })),
        reviews: { approved: [5, 5] }
      },
      {
        name: "City Map Poster",
        type: "variable",
        category: POSTER,
        shape: "poster",
        color: "Blue",
        blurb: "A minimal street map of your favourite city.",
        details: ["Printed on recycled paper", "50 \xD7 70 cm", "Choose the city"],
        tags: ["Art print"],
        attributes: [{ name: "City", options: ["Lisbon", "Kyoto", "Montreal"], variation: true, display: "image" }],
        imageSwatches: { attribute: "city", art: { Lisbon: "Yellow", Kyoto: "Pink", Montreal: "Blue" } },
        variations: grid({ city: ["Lisbon", "Kyoto", "Montreal"] }, { regular_price: 3200 })
      },
      {
        name: "Abstract Shapes Poster",
        category: POSTER,
        shape: "poster",
        color: "Terracotta",
        featured: true,
        regular_price: 2800,
        sale_price: 2200,
        sale_from: day(-2),
        sale_to: day(12),
        weight: 0.3,
        blurb: "Bold, warm shapes that bring colour to a bare wall.",
        details: ["50 \xD7 70 cm", "Matte archival paper", "Frame not included"],
        tags: ["Art print", "Sale"],
        reviews: { approved: [4, 5, 5] }
      },
      {
        name: "Botanical Print Set",
        category: POSTER,
        shape: "poster",
        color: "Green",
        regular_price: 4500,
        weight: 0.5,
        blurb: "Three botanical studies printed as a matching set.",
        details: ["Set of three A4 prints", "Printed with plant-based inks", "Signed by the illustrator"],
        tags: ["Art print"]
      },
      {
        name: "Vintage Travel Poster",
        category: POSTER,
        shape: "poster",
        color: "Teal",
        regular_price: 3500,
        stock_status: "outofstock",
        blurb: "A travel poster in the style of the 1930s railway posters.",
        details: ["50 \xD7 70 cm", "Lithograph-style print", "Out of stock for now"]
      },
      {
        name: "Terracotta Plant Pot",
        type: "variable",
        category: PLANT,
        shape: "pot",
        color: "Terracotta",
        blurb: "A classic unglazed pot with a saucer, in three sizes.",
        details: ["Unglazed terracotta", "Drainage hole and saucer", "Frost resistant"],
        tags: ["Ceramics", "Garden"],
        attributes: [sizeAttr(["Small", "Medium", "Large"])],
        variations: grid({ size: ["Small", "Medium", "Large"] }, { regular_price: 1200 }, (c) => ({
          regular_price: { Small: 1200, Medium: 1800, Large: 2600 }[c.size],
          weight: { Small: 0.6, Medium: 1.1, Large: 2.4 }[c.size]
        }))
      },
      {
        name: "Snake Plant in Ceramic Pot",
        category: PLANT,
        shape: "plant",
        color: "White",
        featured: true,
        gallery: true,
        regular_price: 3900,
        manage_stock: true,
        stock_quantity: 4,
        low_stock_amount: 5,
        weight: 2.5,
        length: 20,
        width: 20,
        height: 55,
        blurb: "A tough, upright snake plant that thrives on neglect, potted and ready.",
        details: ["About 55 cm tall with pot", "Low light tolerant", "Water every two to three weeks"],
        tags: ["Plants", "Bestseller"],
        reviews: { approved: [5, 5, 4] },
        crosssells: ["Terracotta Plant Pot"]
      },
      {
        name: "Monstera Deliciosa",
        category: PLANT,
        shape: "plant",
        color: "Sand",
        regular_price: 4900,
        weight: 4,
        height: 70,
        blurb: "The famous split-leaf plant, grown in our greenhouse.",
        details: ["About 70 cm tall", "Bright, indirect light", "Delivered in a nursery pot"],
        tags: ["Plants"],
        reviews: { approved: [4] }
      },
      {
        name: "Hanging Macram\xE9 Planter",
        category: PLANT,
        shape: "pot",
        color: "Sand",
        regular_price: 2200,
        weight: 0.3,
        blurb: "A hand-knotted cotton hanger for pots up to 18 cm.",
        details: ["Hand-knotted cotton rope", "100 cm drop", "Pot not included"],
        tags: ["Garden"]
      },
      {
        name: "Succulent Trio",
        category: PLANT,
        shape: "plant",
        color: "Pink",
        regular_price: 2400,
        sale_price: 1900,
        weight: 1,
        blurb: "Three small succulents in pastel pots, an easy start for new plant parents.",
        details: ["Three plants, 6 cm pots", "Needs sun and little water", "Pots vary in colour"],
        tags: ["Plants", "Sale"]
      },
      {
        name: "Self-Watering Planter",
        type: "variable",
        category: PLANT,
        shape: "pot",
        color: "Green",
        weight: 0.8,
        blurb: "A planter with a hidden reservoir, so plants drink when they need to.",
        details: ["Recycled plastic", "Water level indicator", "Two weeks between refills"],
        tags: ["Garden"],
        attributes: [colorAttr(["Green", "White", "Grey"])],
        variations: grid({ color: ["Green", "White", "Grey"] }, { regular_price: 2900 })
      },
      {
        name: "Desk Cactus",
        category: PLANT,
        shape: "plant",
        color: "Yellow",
        regular_price: 1500,
        weight: 0.5,
        blurb: "A small, slow-growing cactus in a sunny yellow pot, for desks and windowsills.",
        details: ["About 15 cm tall", "Full sun", "Water once a month"],
        tags: ["Plants"],
        reviews: { pending: [5] }
      },
      {
        name: "Ceramic Herb Planter",
        category: PLANT,
        shape: "pot",
        color: "White",
        regular_price: 2700,
        weight: 1.2,
        blurb: "A long windowsill planter with room for three herbs.",
        details: ["Glazed ceramic", "40 cm long", "With a bamboo tray"],
        tags: ["Ceramics", "Garden"]
      }
    ];
  }
});

// db/seed/demo-data.ts
var DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_PRODUCT_NAMES, DEMO_PRODUCT_SLUGS, DEMO_FEATURED_NAMES, REVIEWERS, REVIEW_TEXTS;
var init_demo_data = __esm({
  "db/seed/demo-data.ts"() {
    "use strict";
    init_catalog_write_server();
    init_demo_clothing();
    init_demo_home();
    DEMO_CATEGORIES = [
      {
        name: "Clothing",
        description: "Everyday clothes in natural fabrics, made to last.",
        art: { shape: "tshirt", color: "Blue", extra: "hoodie" },
        children: [
          { name: "T-shirts", description: "Tees in every weight, from airy to heavyweight.", art: { shape: "tshirt", color: "Red" } },
          { name: "Hoodies", description: "Warm fleece hoodies, zipped or pulled over.", art: { shape: "hoodie", color: "Grey" } },
          { name: "Accessories", description: "Caps, beanies, bags and the little extras.", art: { shape: "beanie", color: "Yellow" } }
        ]
      },
      {
        name: "Home",
        description: "Things for the kitchen, the walls and the windowsill.",
        art: { shape: "mug", color: "Terracotta", extra: "plant" },
        children: [
          { name: "Mugs", description: "Mugs and cups for every kind of coffee.", art: { shape: "mug", color: "Blue" } },
          { name: "Posters", description: "Art prints for bare walls.", art: { shape: "poster", color: "Plum" } },
          { name: "Plants", description: "Easy-going plants and the pots to put them in.", art: { shape: "plant", color: "Terracotta" } }
        ]
      }
    ];
    DEMO_PRODUCTS = [...CLOTHING, ...HOME];
    DEMO_PRODUCT_NAMES = DEMO_PRODUCTS.map((p) => p.name);
    DEMO_PRODUCT_SLUGS = DEMO_PRODUCT_NAMES.map((n) => slugify(n));
    DEMO_FEATURED_NAMES = DEMO_PRODUCTS.filter((p) => p.featured).map((p) => p.name);
    REVIEWERS = ["Amara Okafor", "Lukas Brandt", "Sofia Marino", "Kenji Watanabe", "Chlo\xE9 Martin", "Priya Nair", "Mateo Garc\xEDa", "Hannah Berg", "Tom\xE1s Silva", "Olivia Chen"];
    REVIEW_TEXTS = {
      5: ["Exactly as pictured and beautifully made. Would buy again.", "Lovely quality, fast delivery. My new favourite.", "Perfect. I ordered a second one as a gift."],
      4: ["Very nice, just a little smaller than I expected.", "Good quality for the price. Happy with it.", "Really like it; delivery took a few days longer than hoped."],
      3: ["It is fine. Does the job, nothing special.", "Decent, but the colour is slightly different in person."],
      2: ["Not quite what I hoped for; the fit is off for me."],
      1: ["Arrived damaged. Customer service was helpful though."]
    };
  }
});

// db/seed/demo-images.ts
function rgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [n >> 16 & 255, n >> 8 & 255, n & 255];
}
function drawSvg(art2) {
  const bg = light(art2.color) > 0.82 ? "#dfe6ee" : mix(art2.color, "#ffffff", 0.82);
  const dark = mix(art2.color, "#000000", 0.35);
  const item = SHAPES[art2.shape](art2.color, dark);
  const view = art2.view ?? "front";
  const stripes = view === "alt" ? `<pattern id="s" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="8" fill="${mix(bg, "#ffffff", 0.5)}"/></pattern><rect width="100" height="100" fill="url(#s)"/>` : "";
  const body3 = art2.extra ? `<g transform="translate(-14 6) scale(0.8)">${item}</g><g transform="translate(34 26) scale(0.66)">${SHAPES[art2.extra](mix(art2.color, "#ffffff", 0.3), dark)}</g>` : view === "detail" ? `<g transform="translate(-40 -30) scale(1.8)">${item}</g>` : `<ellipse cx="50" cy="88" rx="30" ry="4" fill="#000000" opacity="0.08"/>${item}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SOURCE_SIZE}" height="${SOURCE_SIZE}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${bg}"/>${stripes}${body3}</svg>`;
}
function renderArt(art2) {
  return Buffer.from(drawSvg(art2));
}
function artKey(art2) {
  return [art2.shape, art2.color.slice(1), art2.view ?? "front", art2.extra ?? ""].filter(Boolean).join("-");
}
var SOURCE_SIZE, clamp, toHex, mix, light, SHAPES;
var init_demo_images = __esm({
  "db/seed/demo-images.ts"() {
    "use strict";
    SOURCE_SIZE = 1200;
    clamp = (v) => Math.max(0, Math.min(255, Math.round(v)));
    toHex = (c) => `#${c.map((v) => clamp(v).toString(16).padStart(2, "0")).join("")}`;
    mix = (a, b, t2) => toHex(rgb(a).map((v, i) => v + (rgb(b)[i] - v) * t2));
    light = (hex) => rgb(hex).reduce((s, v, i) => s + v * [0.299, 0.587, 0.114][i], 0) / 255;
    SHAPES = {
      tshirt: (c, d) => `<path d="M34 22 L43 18 Q50 25 57 18 L66 22 L82 34 L75 45 L67 40 L67 82 L33 82 L33 40 L25 45 L18 34 Z" fill="${c}"/><path d="M43 18 Q50 25 57 18" stroke="${d}" stroke-width="1.6" fill="none"/>`,
      hoodie: (c, d) => `<path d="M36 26 Q38 12 50 12 Q62 12 64 26 L80 36 L84 72 L75 73 L70 46 L69 84 L31 84 L30 46 L25 73 L16 72 L20 36 Z" fill="${c}"/><path d="M40 27 Q50 38 60 27 M44 31 L43 44 M56 31 L57 44 M37 64 L63 64 L60 76 L40 76 Z" stroke="${d}" stroke-width="1.4" fill="none"/>`,
      cap: (c, d) => `<path d="M24 60 Q24 30 50 30 Q76 30 76 60 Z" fill="${c}"/><path d="M72 58 Q88 58 90 66 L60 66 Z" fill="${d}"/><circle cx="50" cy="30" r="2.5" fill="${d}"/><path d="M50 31 L50 59 M37 34 Q41 46 40 59 M63 34 Q59 46 60 59" stroke="${d}" stroke-width="1" fill="none"/>`,
      beanie: (c, d) => `<circle cx="50" cy="22" r="7" fill="${d}"/><path d="M27 62 Q27 28 50 28 Q73 28 73 62 Z" fill="${c}"/><rect x="24" y="60" width="52" height="14" rx="3" fill="${d}"/>`,
      tote: (c, d) => `<path d="M38 40 Q38 18 50 18 Q62 18 62 40" stroke="${d}" stroke-width="3" fill="none"/><path d="M28 38 L72 38 L76 84 L24 84 Z" fill="${c}"/><circle cx="50" cy="60" r="8" fill="${d}" opacity="0.5"/>`,
      socks: (c, d) => `<path d="M32 16 L46 16 L46 56 Q46 66 38 72 L28 80 Q20 84 17 76 Q15 70 22 65 L32 57 Z" fill="${c}"/><path d="M54 22 L68 22 L68 62 Q68 72 60 78 L50 86 Q42 90 39 82 Q37 76 44 71 L54 63 Z" fill="${mix(c, "#ffffff", 0.25)}"/><rect x="32" y="16" width="14" height="6" fill="${d}"/><rect x="54" y="22" width="14" height="6" fill="${d}"/>`,
      scarf: (c, d) => `<path d="M30 20 Q50 34 70 20 L70 32 Q50 46 30 32 Z M56 36 L66 36 L70 84 L58 84 Z" fill="${c}"/><path d="M58 84 L58 90 M62 84 L62 90 M66 84 L66 90 M70 84 L70 90 M58 50 L68 50 M58 66 L69 66" stroke="${d}" stroke-width="1.5"/>`,
      pin: (c, d) => `<path d="M50 18 L59 38 L81 40 L64 55 L69 77 L50 66 L31 77 L36 55 L19 40 L41 38 Z" fill="${c}" stroke="${d}" stroke-width="3" stroke-linejoin="round"/>`,
      mug: (c, d) => `<path d="M66 40 Q82 40 82 54 Q82 68 66 68" stroke="${d}" stroke-width="6" fill="none"/><path d="M26 32 L70 32 L67 80 Q66 84 62 84 L34 84 Q30 84 29 80 Z" fill="${c}"/><ellipse cx="48" cy="32" rx="22" ry="4" fill="${d}"/>`,
      tumbler: (c, d) => `<rect x="36" y="14" width="28" height="8" rx="3" fill="${d}"/><path d="M34 22 L66 22 L62 86 L38 86 Z" fill="${c}"/><rect x="35" y="46" width="30" height="8" fill="${d}" opacity="0.6"/>`,
      poster: (c, d) => `<rect x="24" y="12" width="52" height="74" fill="#ffffff" stroke="${d}" stroke-width="2"/><rect x="29" y="17" width="42" height="64" fill="${mix(c, "#ffffff", 0.55)}"/><circle cx="58" cy="36" r="8" fill="${mix(c, "#ffd34d", 0.5)}"/><path d="M29 81 L44 50 L54 66 L60 57 L71 81 Z" fill="${c}"/>`,
      pot: (c, d) => `<path d="M26 44 L74 44 L68 84 L32 84 Z" fill="${c}"/><rect x="22" y="38" width="56" height="10" rx="2" fill="${d}"/>`,
      plant: (c, d) => `<path d="M50 44 Q30 30 28 12 Q46 18 50 40 Q52 18 68 10 Q70 30 52 44 Q66 32 80 30 Q74 44 54 46" fill="#4f8a4c"/><path d="M50 46 Q42 30 36 22" stroke="#3b6b39" stroke-width="1.2" fill="none"/><path d="M30 48 L70 48 L65 86 L35 86 Z" fill="${c}"/><rect x="27" y="44" width="46" height="8" rx="2" fill="${d}"/>`,
      ticket: (c, d) => `<path d="M16 32 L84 32 L84 44 Q78 50 84 56 L84 68 L16 68 L16 56 Q22 50 16 44 Z" fill="${c}"/><path d="M62 34 L62 66" stroke="${d}" stroke-width="1.5" stroke-dasharray="3 3"/><circle cx="39" cy="50" r="8" fill="${d}" opacity="0.5"/>`,
      sleeve: (c, d) => `<rect x="18" y="28" width="64" height="46" rx="6" fill="${c}"/><path d="M18 40 L82 40" stroke="${d}" stroke-width="2"/><rect x="44" y="34" width="12" height="3" rx="1.5" fill="${d}"/>`
    };
  }
});

// db/seed/demo.ts
async function hasProducts(db) {
  return !!await db.selectFrom("products").select("id").limit(1).executeTakeFirst();
}
function productArts(p) {
  const main2 = { art: art(p, p.color), alt: p.name };
  const gallery = p.gallery ? [{ art: art(p, p.color, "detail"), alt: `${p.name}, close-up` }, { art: art(p, p.color, "alt"), alt: `${p.name} on a striped backdrop` }] : [];
  const byOption = /* @__PURE__ */ new Map();
  const colours = p.attributes?.find((a) => a.slug === "color")?.options ?? [];
  for (const c of colours) byOption.set(`color:${c}`.toLowerCase(), { art: art(p, c), alt: `${p.name} in ${c}` });
  for (const [option, c] of Object.entries(p.imageSwatches?.art ?? {})) {
    byOption.set(`${p.imageSwatches.attribute}:${option}`.toLowerCase(), { art: art(p, c), alt: `${p.name}: ${option}` });
  }
  return { main: main2, gallery, byOption };
}
async function eachLimited(items, limit, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}
async function renderAll(dataDir) {
  const arts = /* @__PURE__ */ new Map();
  const add = (a) => arts.set(artKey(a), a);
  const walk = (cats) => cats.forEach((c) => (add({ ...c.art, color: PALETTE[c.art.color] }), walk(c.children ?? [])));
  walk(DEMO_CATEGORIES);
  for (const p of DEMO_PRODUCTS) {
    const { main: main2, gallery, byOption } = productArts(p);
    [main2, ...gallery, ...byOption.values()].forEach((u) => add(u.art));
  }
  const made = /* @__PURE__ */ new Map();
  await eachLimited([...arts], 2, async ([key, a]) => {
    made.set(key, await generateVariants(renderArt(a), dataDir, `demo/${key}`, { effort: DEMO_WEBP_EFFORT, opaque: true }));
  });
  return made;
}
function reviewsFor(p, random, now) {
  const list5 = [...(p.reviews?.approved ?? []).map((r) => [r, "approved"]), ...(p.reviews?.pending ?? []).map((r) => [r, "pending"])];
  return list5.map(([rating2, status], i) => {
    const author = REVIEWERS[Math.floor(random() * REVIEWERS.length)];
    const texts2 = REVIEW_TEXTS[rating2];
    return {
      author,
      email: `${author.split(" ")[0].normalize("NFKD").replace(/[^a-z]/gi, "").toLowerCase()}@example.com`,
      rating: rating2,
      content: texts2[Math.floor(random() * texts2.length)],
      status,
      verified: status === "approved" && random() < 0.7,
      created_at: new Date(now - (list5.length - i) * 3 * DAY - Math.floor(random() * DAY)).toISOString()
    };
  });
}
async function seedDemo(services) {
  const { db, config, log } = services;
  if (await hasProducts(db)) return null;
  const started = Date.now();
  const files = await renderAll(config.dataDir);
  const rendered = Date.now();
  const result = await inTransaction(db, async (trx) => {
    if (await hasProducts(trx)) return null;
    const media = async (a, alt, title2) => {
      const key = artKey(a);
      return insertMedia(trx, { ...files.get(key), path: `demo/${key}`, alt, title: title2 });
    };
    const toNodes = async (cats) => {
      const nodes = [];
      for (const c of cats) {
        const image_id = await media({ ...c.art, color: PALETTE[c.art.color] }, c.name, c.name);
        nodes.push({ name: c.name, description: c.description, image_id, children: await toNodes(c.children ?? []) });
      }
      return nodes;
    };
    await createCategoryTree(trx, await toNodes(DEMO_CATEGORIES));
    const random = prng(20261121);
    const now = Date.now();
    const ids2 = /* @__PURE__ */ new Map();
    const ordered2 = [...DEMO_PRODUCTS.filter((p) => p.type !== "grouped"), ...DEMO_PRODUCTS.filter((p) => p.type === "grouped")];
    for (const [i, p] of ordered2.entries()) {
      const { main: main2, gallery, byOption } = productArts(p);
      const images = [];
      for (const u of [main2, ...gallery]) images.push(await media(u.art, u.alt, p.name));
      const optionMedia = /* @__PURE__ */ new Map();
      for (const [k, u] of byOption) optionMedia.set(k, await media(u.art, u.alt, p.name));
      const { category, shape: _s, color: _c, blurb, details: details2, gallery: _g, reviews: _r, upsells: _u, crosssells: _x, children, imageSwatches, ...fields } = p;
      const input = {
        ...fields,
        short_description: `<p>${escapeHtml(blurb)}</p>`,
        description: `<p>${escapeHtml(blurb)}</p><h3>Details</h3><ul>${details2.map((d) => `<li>${escapeHtml(d)}</li>`).join("")}</ul>`,
        categories: [category],
        images,
        attributes: p.attributes?.map((a) => imageSwatches && a.name.toLowerCase() === imageSwatches.attribute ? { ...a, swatches: Object.fromEntries(a.options.map((o) => [o, optionMedia.get(`${imageSwatches.attribute}:${o}`.toLowerCase())])) } : a),
        variations: p.variations?.map((v) => {
          const key = Object.entries(v.attributes).map(([k, val]) => `${k}:${val}`.toLowerCase()).find((k) => optionMedia.has(k));
          return key ? { ...v, image: optionMedia.get(key) } : v;
        }),
        links: children ? { grouped: children.map((n) => ids2.get(n)) } : {},
        reviews: reviewsFor(p, random, now),
        total_sales: Math.floor(random() * 400),
        created_at: new Date(now - (ordered2.length - i) * DAY).toISOString()
      };
      ids2.set(p.name, (await createProduct(trx, input)).id);
    }
    for (const p of DEMO_PRODUCTS) {
      if (!p.upsells && !p.crosssells) continue;
      await setProductLinks(trx, ids2.get(p.name), {
        upsell: (p.upsells ?? []).map((n) => ids2.get(n)),
        crosssell: (p.crosssells ?? []).map((n) => ids2.get(n))
      });
    }
    await seedDemoCommerce(trx);
    return { products: ids2.size };
  });
  if (result) log.info({ products: result.products, images: files.size, imagesMs: rendered - started, dbMs: Date.now() - rendered }, "seeded the demo shop");
  return result;
}
async function seedDemoIfEmpty(services) {
  return await seedDemo(services) !== null;
}
var DEMO_WEBP_EFFORT, DAY, escapeHtml, art;
var init_demo = __esm({
  "db/seed/demo.ts"() {
    "use strict";
    init_catalog_write_server();
    init_images_server();
    init_demo_commerce();
    init_demo_data();
    init_demo_images();
    init_demo_kit();
    DEMO_WEBP_EFFORT = 0;
    DAY = 864e5;
    escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    art = (p, color, view) => ({ shape: p.shape, color: PALETTE[color], view });
  }
});

// app/features/catalog/scheduled-sales.server.ts
async function applyScheduledSales(db, now = /* @__PURE__ */ new Date()) {
  const until = now.toISOString();
  const row = await db.selectFrom("settings").select("value").where("key", "=", SALES_CHECKED_KEY).executeTakeFirst();
  const since = row?.value ?? new Date(now.getTime() - 864e5).toISOString();
  const crossed = (column) => [
    db.selectFrom("products").select("id").where(column, ">", since).where(column, "<=", until),
    db.selectFrom("product_variations").select("product_id as id").where(column, ">", since).where(column, "<=", until)
  ];
  const [a, b] = crossed("sale_from");
  const [c, d] = crossed("sale_to");
  const rows = await a.union(b).union(c).union(d).execute();
  const ids2 = [...new Set(rows.map((r) => r.id))];
  await recomputeProducts(db, ids2);
  await db.insertInto("settings").values({ key: SALES_CHECKED_KEY, value: until }).onConflict((oc) => oc.column("key").doUpdateSet({ value: until })).execute();
  return ids2;
}
function scheduleSales(db, onError, everyMs = 6e4) {
  let current = null;
  const tick = () => {
    current ??= applyScheduledSales(db).then(() => void 0, onError).finally(() => {
      current = null;
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
var SALES_CHECKED_KEY;
var init_scheduled_sales_server = __esm({
  "app/features/catalog/scheduled-sales.server.ts"() {
    "use strict";
    init_catalog_write_server();
    SALES_CHECKED_KEY = "cache.sales_checked_at";
  }
});

// app/features/account/session.server.ts
import { createHash, randomBytes as randomBytes4 } from "node:crypto";
async function createSession(db, userId) {
  const token = randomBytes4(32).toString("base64url");
  await db.insertInto("sessions").values({ id_hash: hash(token), user_id: userId, created_at: nowIso(), expires_at: isoIn(LIMITS.sessionMs) }).execute();
  return token;
}
async function sessionUser(db, token) {
  if (!token || token.length > 100) return null;
  const row = await db.selectFrom("sessions").innerJoin("users", "users.id", "sessions.user_id").select(["users.id", "users.email", "users.name", "users.role", "sessions.expires_at"]).where("sessions.id_hash", "=", hash(token)).executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}
async function destroySession(db, token) {
  if (!token) return;
  await db.deleteFrom("sessions").where("id_hash", "=", hash(token)).execute();
}
async function destroyUserSessions(db, userId) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
function sessionCookie(token, secure) {
  const attrs = ["Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) attrs.push("Secure");
  if (token === null) return [`${SESSION_COOKIE}=`, "Max-Age=0", ...attrs].join("; ");
  return [`${SESSION_COOKIE}=${token}`, `Max-Age=${Math.floor(LIMITS.sessionMs / 1e3)}`, ...attrs].join("; ");
}
var SESSION_COOKIE, hash;
var init_session_server = __esm({
  "app/features/account/session.server.ts"() {
    "use strict";
    init_constants();
    init_time();
    SESSION_COOKIE = "vt_session";
    hash = (token) => createHash("sha256").update(token).digest("base64url");
  }
});

// server/context.ts
function isSecure(request, publicUrl) {
  return request.protocol === "https" || (publicUrl?.startsWith("https:") ?? false);
}
async function attachContext(services, request, reply) {
  staleFromHere();
  const secure = isSecure(request, services.config.publicUrl);
  let seed = request.cookies[CSRF_COOKIE];
  if (!seed || seed.length > 64) {
    if (request.headers["cart-token"]) seed = "";
    else reply.setCookie(CSRF_COOKIE, seed = newCsrfSeed(), { path: "/", httpOnly: true, sameSite: "lax", secure });
  }
  request.csrfSeed = seed;
  const sessionToken = request.cookies[SESSION_COOKIE] ?? null;
  const user = sessionToken ? await sessionUser(services.db, sessionToken) : null;
  const host = request.headers.host ?? `localhost:${services.config.port}`;
  let token;
  let nonce;
  request.ctx = {
    services,
    user,
    sessionToken: user ? sessionToken : null,
    // Computed when first read: most API answers need neither.
    get csrfToken() {
      return token ??= csrfToken(services.config.sessionSecret, seed);
    },
    get cspNonce() {
      return nonce ??= newNonce();
    },
    origin: services.config.publicUrl?.replace(/\/$/, "") ?? `${secure ? "https" : "http"}://${host}`,
    secure,
    clientIp: request.ip
  };
}
var init_context = __esm({
  "server/context.ts"() {
    "use strict";
    init_session_server();
    init_freshness();
    init_security();
  }
});

// server/errors.ts
function registerErrorHandling(app) {
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      const payload = body(err.code, err.message, err.fields);
      if (err.details) Object.assign(payload.error, err.details);
      return reply.status(err.status).send(payload);
    }
    const known = err.code ? FASTIFY_CODES[err.code] : void 0;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    if (err instanceof SyntaxError || err.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
      return reply.status(400).send(body("invalid_json", "The body is not valid JSON."));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body("bad_request", err.message));
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(body("internal", "Something went wrong on our side."));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body("not_found", `No API route ${request.method} ${request.url.split("?")[0]}.`));
  });
}
var body, FASTIFY_CODES;
var init_errors = __esm({
  "server/errors.ts"() {
    "use strict";
    init_http_error();
    body = (code, message, fields) => ({
      error: fields ? { code, message, fields } : { code, message }
    });
    FASTIFY_CODES = {
      FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "too_large", message: "The request body is too large." },
      FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupported_media_type", message: "Send JSON (application/json)." },
      FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid_json", message: "The JSON body is empty." },
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "invalid", message: "Content-Length does not match the body." }
    };
  }
});

// server/api/health.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { sql as sql6 } from "kysely";
async function healthRoutes(api) {
  api.get("/health", async (_request, reply) => {
    const { db, config } = api.services;
    try {
      await sql6`select 1`.execute(db);
    } catch {
      return reply.status(503).send({ status: "error", db: config.dialect, version });
    }
    return { status: "ok", db: config.dialect, version };
  });
}
var version;
var init_health = __esm({
  "server/api/health.ts"() {
    "use strict";
    ({ version } = JSON.parse(readFileSync2(new URL("./package.json", import.meta.url), "utf8")));
  }
});

// app/lib/store-cache.server.ts
function generation(db, version2) {
  let gen = caches.get(db);
  const now = Date.now();
  if (!gen || gen.version !== version2 || gen.entries.size >= MAX_ENTRIES || now - gen.born > STORE_CACHE_MAX_AGE_MS) {
    gen = { version: version2, born: now, entries: /* @__PURE__ */ new Map() };
    caches.set(db, gen);
  }
  return gen;
}
async function cached(db, key, load) {
  if (db.isTransaction) return load();
  const gen = generation(db, await readStoreVersion(db));
  let entry = gen.entries.get(key);
  if (!entry) {
    entry = load();
    const entries = gen.entries;
    entries.set(key, entry);
    entry.catch(() => entries.delete(key));
  }
  return entry;
}
async function cachedMany(db, keys, loadMissing) {
  const out = /* @__PURE__ */ new Map();
  if (db.isTransaction) return loadMissing(keys);
  const gen = generation(db, await readStoreVersion(db));
  const missing = keys.filter((k) => !gen.entries.has(k));
  if (missing.length) {
    const batch = loadMissing(missing);
    const entries = gen.entries;
    for (const k of missing) {
      const one = batch.then((m) => m.get(k));
      entries.set(k, one);
      one.catch(() => entries.delete(k));
    }
  }
  for (const k of keys) {
    const value2 = await gen.entries.get(k);
    if (value2 !== void 0) out.set(k, value2);
  }
  return out;
}
var MAX_ENTRIES, STORE_CACHE_MAX_AGE_MS, caches;
var init_store_cache_server = __esm({
  "app/lib/store-cache.server.ts"() {
    "use strict";
    init_store_version_server();
    MAX_ENTRIES = 2e4;
    STORE_CACHE_MAX_AGE_MS = 6e4;
    caches = /* @__PURE__ */ new WeakMap();
  }
});

// app/features/admin/settings.schema.ts
import { z as z3 } from "zod";
var flag5, text, bankAccountSchema, gatewaySettings, paymentSettingsSchema, storeSettingsSchema, DEFAULT_SETTINGS;
var init_settings_schema = __esm({
  "app/features/admin/settings.schema.ts"() {
    "use strict";
    init_constants();
    flag5 = (fallback) => z3.preprocess((v) => {
      if (typeof v === "boolean" || v === void 0) return v;
      const s = String(v).toLowerCase();
      return ["1", "on", "true", "yes"].includes(s) ? true : ["0", "off", "false", "no", ""].includes(s) ? false : v;
    }, z3.boolean({ message: "Must be yes or no" }).default(fallback));
    text = (max, fallback = "") => z3.string().trim().max(max, `At most ${max} characters`).default(fallback);
    bankAccountSchema = z3.object({
      accountName: text(100),
      accountNumber: text(50),
      bankName: text(100),
      sortCode: text(30),
      iban: text(50),
      bic: text(20)
    });
    gatewaySettings = (title2, description, instructions, enabled) => ({
      enabled: flag5(enabled),
      title: z3.string().trim().min(1, "Title is required").max(100, "At most 100 characters").default(title2),
      description: text(1e3, description),
      /** Shown on the order-received page and in the order e-mails. */
      instructions: text(2e3, instructions)
    });
    paymentSettingsSchema = z3.object({
      bacs: z3.preprocess(
        (v) => v ?? {},
        z3.object({
          ...gatewaySettings(
            "Direct bank transfer",
            "Make your payment directly into our bank account. Please use your order ID as the payment reference. Your order will not be shipped until the funds have cleared in our account.",
            "Please use your order ID as the payment reference. Your order will be shipped once the funds have cleared.",
            true
          ),
          accounts: z3.array(bankAccountSchema).max(10, "At most 10 accounts").default([])
        })
      ),
      cheque: z3.preprocess(
        (v) => v ?? {},
        z3.object(gatewaySettings("Check payments", "Please send a check to the store address.", "Please send your cheque to the store address, with your order number on the back.", true))
      ),
      cod: z3.preprocess(
        (v) => v ?? {},
        z3.object(gatewaySettings("Cash on delivery", "Pay with cash upon delivery.", "Pay with cash upon delivery.", true))
      )
    });
    storeSettingsSchema = z3.object({
      storeName: z3.string().trim().min(1, "Store name is required").max(80).default("Vitrine"),
      currency: z3.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Use a three-letter ISO 4217 code, e.g. GBP").default("GBP"),
      currencyPosition: z3.enum(["left", "right", "left_space", "right_space"]).default("left"),
      pricePrecision: z3.coerce.number().int().min(0, "At least 0").max(4, "At most 4").default(DEFAULT_PRICE_FORMAT.precision),
      thousandSeparator: z3.string().max(1, "One character at most").default(DEFAULT_PRICE_FORMAT.thousandSeparator),
      decimalPoint: z3.string().min(1, "Required").max(1, "One character").default(DEFAULT_PRICE_FORMAT.decimalPoint),
      productsPerPage: z3.coerce.number().int().min(1, "At least 1").max(100, "At most 100").default(12),
      priceFilterStep: z3.coerce.number().int().min(1, "At least 1").max(1e3, "At most 1000").default(PRICE_SLIDER_STEP),
      storeNotice: z3.string().trim().max(500, "At most 500 characters").default(""),
      // Product page
      /** Clicking the chosen swatch again clears it (WooCommerce's behaviour). */
      variationReselectClears: flag5(true),
      /** Variations embedded in the page up to this many; beyond, the form asks the server. */
      maxEmbeddedVariations: z3.coerce.number().int().min(0).max(1e3).default(MAX_EMBEDDED_VARIATIONS),
      /** New reviews are published at once instead of waiting for approval. */
      reviewsAutoApprove: flag5(false),
      /** Only customers who bought the product may review it. */
      reviewsVerifiedOnly: flag5(false),
      // Cart and checkout
      redirectToCartAfterAdd: flag5(false),
      cartWidget: z3.enum(["dropdown", "offcanvas"]).default("dropdown"),
      couponsEnabled: flag5(true),
      shippingCalculatorEnabled: flag5(true),
      /** Shoppers may order without an account. */
      guestCheckout: flag5(true),
      /** Shoppers may create an account while ordering. */
      accountCreationAtCheckout: flag5(true),
      /** Terms and conditions page (a path such as /terms); when set, checkout asks to accept them. */
      termsUrl: z3.string().trim().max(300).regex(/^(\/[^\s]*|https?:\/\/[^\s]+)?$/, "Use a path such as /terms or a full URL").default(""),
      /** Who gets "new order" e-mails; empty: every admin and shop manager account. */
      orderNotificationEmail: z3.string().trim().toLowerCase().max(254).regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, "Enter a valid e-mail address").default(""),
      payments: z3.preprocess((v) => v ?? {}, paymentSettingsSchema),
      // Taxes (the WooCommerce meanings)
      taxesEnabled: flag5(false),
      /** Catalog prices are entered with tax included. */
      pricesIncludeTax: flag5(false),
      taxDisplayShop: z3.enum(["incl", "excl"]).default("excl"),
      taxDisplayCart: z3.enum(["incl", "excl"]).default("excl"),
      /** Round tax once on the subtotal instead of per line. */
      taxRoundAtSubtotal: flag5(false),
      taxBasedOn: z3.enum(["shipping", "billing", "base"]).default("shipping"),
      /** The shop's own address: tax base and the default shipping estimate. */
      baseCountry: z3.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Use a two-letter country code").default("GB"),
      baseState: z3.string().trim().max(100).default(""),
      basePostcode: z3.string().trim().max(20).default(""),
      baseCity: z3.string().trim().max(100).default(""),
      language: z3.string().trim().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Use a language tag such as en or en-GB").default("en"),
      direction: z3.enum(["ltr", "rtl"]).default("ltr")
    });
    DEFAULT_SETTINGS = storeSettingsSchema.parse({});
  }
});

// app/features/admin/settings.server.ts
function getSettings(db) {
  return cached(db, "settings", () => readSettings(db));
}
async function readSettings(db) {
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "like", "store.%").execute();
  const saved = {};
  for (const r of rows) {
    try {
      saved[r.key.slice("store.".length)] = JSON.parse(r.value);
    } catch {
    }
  }
  const parsed = storeSettingsSchema.safeParse(saved);
  return parsed.success ? parsed.data : storeSettingsSchema.parse({});
}
var init_settings_server = __esm({
  "app/features/admin/settings.server.ts"() {
    "use strict";
    init_validate();
    init_store_cache_server();
    init_settings_schema();
  }
});

// app/lib/mail-template.server.ts
function renderMail(settings, c) {
  const text4 = [
    c.heading,
    "",
    ...c.paragraphs.flatMap((p) => [p, ""]),
    ...c.action ? [`${c.action.label}:`, c.action.url, ""] : [],
    ...c.footer ? [c.footer, ""] : [],
    `\u2014 ${settings.storeName}`
  ].join("\n");
  const html2 = `<!doctype html><html lang="${esc(settings.language)}" dir="${settings.direction}"><body style="margin:0;background:#f4f4f2;font-family:system-ui,sans-serif;color:#1b1b1b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND};color:#fff;padding:16px 24px;font-size:20px;font-weight:600">${esc(settings.storeName)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:22px;margin:0 0 16px">${esc(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="line-height:1.5">${esc(p)}</p>`).join("\n")}
${c.action ? `<p><a href="${esc(c.action.url)}" style="display:inline-block;background:${BRAND};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${esc(c.action.label)}</a></p><p style="font-size:13px;color:#555">${esc(c.action.url)}</p>` : ""}
${c.footer ? `<p style="font-size:13px;color:#555">${esc(c.footer)}</p>` : ""}
</td></tr></table></td></tr></table></body></html>`;
  return { subject: c.subject, text: text4, html: html2 };
}
var BRAND, esc;
var init_mail_template_server = __esm({
  "app/lib/mail-template.server.ts"() {
    "use strict";
    BRAND = "#1f4b43";
    esc = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }
});

// app/features/account/roles.ts
var ROLES;
var init_roles = __esm({
  "app/features/account/roles.ts"() {
    "use strict";
    ROLES = ["customer", "shop_manager", "editor", "operator", "admin"];
  }
});

// app/features/account/account.schema.ts
import { z as z4 } from "zod";
var emailSchema, passwordSchema, nameSchema, registerSchema, loginSchema, resetRequestSchema, resetConfirmSchema, roleSchema, createUserSchema;
var init_account_schema = __esm({
  "app/features/account/account.schema.ts"() {
    "use strict";
    init_constants();
    init_roles();
    emailSchema = z4.string().trim().toLowerCase().max(254, "E-mail address is too long").email("Enter a valid e-mail address");
    passwordSchema = z4.string().min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`).max(LIMITS.passwordMaxLength, `Password must be at most ${LIMITS.passwordMaxLength} characters`);
    nameSchema = z4.string().trim().max(100, "Name is too long").default("");
    registerSchema = z4.object({ email: emailSchema, password: passwordSchema, name: nameSchema });
    loginSchema = z4.object({
      email: emailSchema,
      password: z4.string().min(1, "Enter your password").max(LIMITS.passwordMaxLength)
    });
    resetRequestSchema = z4.object({ email: emailSchema });
    resetConfirmSchema = z4.object({
      token: z4.string().min(10, "The reset link is incomplete").max(200),
      password: passwordSchema
    });
    roleSchema = z4.enum(ROLES);
    createUserSchema = z4.object({
      email: emailSchema,
      password: passwordSchema,
      name: nameSchema,
      role: roleSchema.default("customer")
    });
  }
});

// app/features/account/account.server.ts
import { createHash as createHash2, randomBytes as randomBytes5 } from "node:crypto";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { sql as sql7 } from "kysely";
function toSessionUser(row) {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}
async function insertUser(db, data, password_hash) {
  const now = nowIso();
  const existing = await db.selectFrom("users").select("id").where("email", "=", data.email).executeTakeFirst();
  if (existing) throw emailTaken();
  try {
    const row = await db.insertInto("users").values({ email: data.email, password_hash, name: data.name, role: data.role, created_at: now, updated_at: now }).returning(["id", "email", "name", "role"]).executeTakeFirstOrThrow();
    return toSessionUser(row);
  } catch (err) {
    if (/unique|duplicate/i.test(String(err))) throw emailTaken();
    throw err;
  }
}
async function createUser(services, input) {
  const data = parseInput(createUserSchema, input);
  return insertUser(services.db, data, await hashPassword(data.password));
}
async function register(services, input, previousToken) {
  const data = parseInput(registerSchema, input);
  const user = await createUser(services, { ...data, role: "customer" });
  await destroySession(services.db, previousToken ?? void 0);
  return { user, token: await createSession(services.db, user.id) };
}
async function login(services, input, clientIp, previousToken) {
  const data = parseInput(loginSchema, input);
  const key = `${clientIp}|${data.email}`;
  const wait = services.loginLimiter.hit(key);
  if (wait > 0) {
    throw new HttpError(429, "rate_limited", `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minutes.`, void 0, {
      "retry-after": String(wait)
    });
  }
  const row = await services.db.selectFrom("users").select(["id", "email", "name", "role", "password_hash"]).where("email", "=", data.email).executeTakeFirst();
  dummyHash ??= hashPassword(randomBytes5(16).toString("hex"));
  const ok = await argonVerify(row?.password_hash ?? await dummyHash, data.password).catch(() => false);
  if (!row || !ok) {
    throw new HttpError(401, "invalid_credentials", "The e-mail address or password is incorrect.");
  }
  services.loginLimiter.reset(key);
  await destroySession(services.db, previousToken ?? void 0);
  return { user: toSessionUser(row), token: await createSession(services.db, row.id) };
}
async function requestPasswordReset(services, input, origin2, clientIp) {
  const { email } = parseInput(resetRequestSchema, input);
  const limit = resetLimitersFor(services);
  const wait = Math.max(limit.client.hit(clientIp), limit.email.hit(email));
  if (wait > 0) {
    throw new HttpError(429, "rate_limited", `Too many reset requests. Try again in ${Math.ceil(wait / 60)} minutes.`, void 0, { "retry-after": String(wait) });
  }
  const user = await services.db.selectFrom("users").select(["id", "name", "email"]).where("email", "=", email).executeTakeFirst();
  if (!user) return;
  const token = randomBytes5(32).toString("base64url");
  await services.db.insertInto("password_resets").values({ token_hash: sha(token), user_id: user.id, expires_at: isoIn(LIMITS.passwordResetMs), used_at: null }).execute();
  const settings = await getSettings(services.db);
  const link2 = `${origin2}/account/reset-password?token=${token}`;
  const minutes = Math.round(LIMITS.passwordResetMs / 6e4);
  await services.mailer.send({
    to: user.email,
    ...renderMail(settings, {
      subject: `Reset your password for ${settings.storeName}`,
      heading: "Reset your password",
      paragraphs: [
        `Hello ${user.name || user.email},`,
        `Someone asked to reset the password of your ${settings.storeName} account. If it was you, choose a new password here (the link works once, for ${minutes} minutes):`
      ],
      action: { label: "Choose a new password", url: link2 },
      footer: "If you did not ask for this, ignore this message: your password stays as it is."
    })
  }).catch((err) => services.log.error({ err, userId: user.id }, "password reset e-mail could not be sent"));
}
function resetLimitersFor(services) {
  let l = resetLimiters.get(services);
  if (!l) {
    l = {
      client: createRateLimiter(LIMITS.passwordResetPerClient, LIMITS.passwordResetWindowMs),
      email: createRateLimiter(LIMITS.passwordResetPerEmail, LIMITS.passwordResetWindowMs)
    };
    resetLimiters.set(services, l);
  }
  return l;
}
async function resetPassword(services, input) {
  const data = parseInput(resetConfirmSchema, input);
  const password_hash = await hashPassword(data.password);
  return services.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const claimed = await trx.updateTable("password_resets").set({ used_at: now }).where("token_hash", "=", sha(data.token)).where("used_at", "is", null).where("expires_at", ">", now).returning("user_id").executeTakeFirst();
    if (!claimed) {
      throw new HttpError(400, "invalid_token", "This reset link has expired or was already used. Ask for a new one.", {
        token: "This reset link has expired or was already used."
      });
    }
    const user = await trx.updateTable("users").set({ password_hash, updated_at: now }).where("id", "=", claimed.user_id).returning(["id", "email", "name", "role"]).executeTakeFirstOrThrow();
    await destroyUserSessions(trx, user.id);
    return toSessionUser(user);
  });
}
async function adminExists(services) {
  const row = await services.db.selectFrom("users").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
  return !!row;
}
async function setupFirstAdmin(services, input) {
  if (await adminExists(services)) throw setupDone();
  const data = parseInput(registerSchema, input);
  const password_hash = await hashPassword(data.password);
  return services.db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql7`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`.execute(trx);
    if (await adminExists({ db: trx })) throw setupDone();
    return insertUser(trx, { ...data, role: "admin" }, password_hash);
  });
}
var ARGON, hashPassword, dummyHash, sha, emailTaken, resetLimiters, setupDone, SETUP_LOCK_ID;
var init_account_server = __esm({
  "app/features/account/account.server.ts"() {
    "use strict";
    init_dialect();
    init_constants();
    init_http_error();
    init_time();
    init_validate();
    init_rate_limit_server();
    init_settings_server();
    init_mail_template_server();
    init_account_schema();
    init_session_server();
    ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
    hashPassword = (password) => argonHash(password, ARGON);
    sha = (token) => createHash2("sha256").update(token).digest("base64url");
    emailTaken = () => new HttpError(409, "email_taken", "An account with this e-mail address already exists.", {
      email: "An account with this e-mail address already exists."
    });
    resetLimiters = /* @__PURE__ */ new WeakMap();
    setupDone = () => new HttpError(403, "setup_done", "This shop already has an administrator. Log in instead.");
    SETUP_LOCK_ID = 7411002;
  }
});

// db/hot-query.ts
function hotQuery(build, options = {}) {
  const noteWrite = options.storeData === false ? () => {
  } : staleFromHere;
  const byDialect = /* @__PURE__ */ new Map();
  const prepared = (db) => {
    const pg2 = isPostgres(db);
    let p = byDialect.get(pg2);
    if (!p) {
      const compiled = build(db, (n) => `${SLOT}${n}`).compile();
      const sources = compiled.parameters.map((value2) => typeof value2 === "string" && value2.startsWith(SLOT) ? Number(value2.slice(SLOT.length)) : { value: value2 });
      p = {
        sql: compiled.sql,
        query: compiled.query,
        queryId: compiled.queryId,
        bind: (values) => sources.map((s) => typeof s === "number" ? values[s] : s.value)
      };
      byDialect.set(pg2, p);
    }
    return p;
  };
  const all = (db, values) => {
    const p = prepared(db);
    const parameters = p.bind(values);
    const idle = idleSqlite(db);
    if (idle) {
      const stmt = idle.prepare(p.sql);
      if (stmt.reader) {
        const rows = stmt.all(parameters);
        if (!stmt.readonly) noteWrite();
        return Promise.resolve(rows);
      }
      stmt.run(parameters);
      noteWrite();
      return Promise.resolve([]);
    }
    return db.executeQuery({ sql: p.sql, query: p.query, queryId: p.queryId, parameters }).then((r) => r.rows);
  };
  return {
    all,
    first: (db, values) => all(db, values).then((rows) => rows[0])
  };
}
var SLOT;
var init_hot_query = __esm({
  "db/hot-query.ts"() {
    "use strict";
    init_client();
    init_dialect();
    init_freshness();
    SLOT = "\0slot:";
  }
});

// app/features/cart/cart-store.server.ts
import { createHash as createHash3, randomBytes as randomBytes6 } from "node:crypto";
async function byToken(db, token) {
  if (!token || token.length > 100) return void 0;
  return CART_BY_TOKEN.first(db, [hash2(token)]);
}
async function resolveCart(db, id2, create) {
  if (id2.viaHeader) {
    const cart = await byToken(db, id2.token);
    if (cart) return { cart, token: id2.token };
    return create ? newCart(db, null) : null;
  }
  const tokenCart = await byToken(db, id2.token);
  if (id2.userId === null) {
    if (tokenCart && tokenCart.user_id === null) return { cart: tokenCart, token: id2.token };
    return create ? newCart(db, null) : null;
  }
  let userCart = await db.selectFrom("carts").selectAll().where("user_id", "=", id2.userId).orderBy("id").executeTakeFirst();
  if (tokenCart && tokenCart.user_id === null) {
    if (!userCart) {
      await db.updateTable("carts").set({ user_id: id2.userId, updated_at: nowIso() }).where("id", "=", tokenCart.id).execute();
      return { cart: { ...tokenCart, user_id: id2.userId }, token: id2.token };
    }
    await mergeInto(db, tokenCart, userCart);
  }
  if (!userCart) return create ? newCart(db, id2.userId) : null;
  if (tokenCart && tokenCart.id === userCart.id) return { cart: userCart, token: id2.token };
  const token = newCartToken();
  await db.updateTable("carts").set({ token_hash: hash2(token) }).where("id", "=", userCart.id).execute();
  userCart = { ...userCart, token_hash: hash2(token) };
  return { cart: userCart, token };
}
async function newCart(db, userId) {
  const token = newCartToken();
  const now = nowIso();
  const cart = await db.insertInto("carts").values({ token_hash: hash2(token), user_id: userId, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  return { cart, token };
}
async function mergeInto(db, from, into) {
  await db.transaction().execute(async (trx) => {
    const items = await trx.selectFrom("cart_items").selectAll().where("cart_id", "=", from.id).execute();
    for (const item of items) {
      const existing = await trx.selectFrom("cart_items").select(["id", "quantity"]).where("cart_id", "=", into.id).where("item_key", "=", item.item_key).executeTakeFirst();
      if (existing) {
        await trx.updateTable("cart_items").set({ quantity: existing.quantity + item.quantity }).where("id", "=", existing.id).execute();
      } else {
        await trx.insertInto("cart_items").values({ ...item, id: void 0, cart_id: into.id }).execute();
      }
    }
    const coupons = [.../* @__PURE__ */ new Set([...JSON.parse(into.coupons), ...JSON.parse(from.coupons)])];
    await trx.updateTable("carts").set({ coupons: JSON.stringify(coupons), updated_at: nowIso() }).where("id", "=", into.id).execute();
    await trx.deleteFrom("carts").where("id", "=", from.id).execute();
  });
}
function itemKey(productId, variationId, attributes) {
  const attrs = Object.keys(attributes).sort().map((k) => `${k}=${attributes[k]}`).join("&");
  return createHash3("sha256").update(`${productId}|${variationId ?? ""}|${attrs}`).digest("hex").slice(0, 32);
}
function cartItems(db, cartId) {
  return CART_LINES.all(db, [cartId]);
}
async function touchCart(db, cart) {
  const now = Date.now();
  if (now - Date.parse(cart.updated_at) < TOUCH_EVERY_MS) return;
  await TOUCH.all(db, [new Date(now).toISOString(), cart.id]);
}
var CART_COOKIE, CART_HASH_COOKIE, CART_COUNT_COOKIE, hash2, newCartToken, CART_BY_TOKEN, CART_LINES, TOUCH, TOUCH_EVERY_MS;
var init_cart_store_server = __esm({
  "app/features/cart/cart-store.server.ts"() {
    "use strict";
    init_hot_query();
    init_time();
    CART_COOKIE = "vt_cart";
    CART_HASH_COOKIE = "vt_cart_hash";
    CART_COUNT_COOKIE = "vt_cart_items";
    hash2 = (token) => createHash3("sha256").update(token).digest("base64url");
    newCartToken = () => randomBytes6(24).toString("base64url");
    CART_BY_TOKEN = hotQuery((db, slot) => db.selectFrom("carts").selectAll().where("token_hash", "=", slot(0)));
    CART_LINES = hotQuery((db, slot) => db.selectFrom("cart_items").selectAll().where("cart_id", "=", slot(0)).orderBy("id"));
    TOUCH = hotQuery((db, slot) => db.updateTable("carts").set({ updated_at: slot(0) }).where("id", "=", slot(1)), { storeData: false });
    TOUCH_EVERY_MS = 6e4;
  }
});

// app/features/cart/cart-http.server.ts
function cartCallerFrom(req) {
  const viaHeader = typeof req.headerToken === "string" && req.headerToken.length > 0;
  return {
    identity: {
      token: viaHeader ? req.headerToken : req.cookieToken ?? null,
      userId: viaHeader ? null : req.user?.id ?? null,
      viaHeader
    },
    customer: { userId: viaHeader ? null : req.user?.id ?? null, email: viaHeader ? null : req.user?.email ?? null }
  };
}
function cartCookies(result, secure) {
  const attrs = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  const year = "Max-Age=31536000";
  const out = [];
  if (result.token) out.push(`${CART_COOKIE}=${result.token}; ${year}; HttpOnly; ${attrs}`);
  if (result.cart.itemCount > 0) {
    out.push(`${CART_HASH_COOKIE}=${result.cart.hash}; ${year}; ${attrs}`);
    out.push(`${CART_COUNT_COOKIE}=${result.cart.itemCount}; ${year}; ${attrs}`);
  } else {
    out.push(`${CART_HASH_COOKIE}=; Max-Age=0; ${attrs}`, `${CART_COUNT_COOKIE}=; Max-Age=0; ${attrs}`);
  }
  return out;
}
async function mergeGuestCartAtLogin(db, cookieToken, userId) {
  if (cookieToken) await resolveCart(db, { token: cookieToken, userId, viaHeader: false }, false);
}
var init_cart_http_server = __esm({
  "app/features/cart/cart-http.server.ts"() {
    "use strict";
    init_cart_store_server();
    init_cart_store_server();
  }
});

// server/api/account.ts
async function accountRoutes(api) {
  const services = api.services;
  api.get("/session", async (request) => ({ user: request.ctx.user, csrfToken: request.ctx.csrfToken }));
  api.post("/account/register", async (request, reply) => {
    const { user, token } = await register(services, request.body, request.ctx.sessionToken);
    reply.header("set-cookie", sessionCookie(token, request.ctx.secure));
    return reply.status(201).send({ user });
  });
  api.post("/account/login", async (request, reply) => {
    const { user, token } = await login(services, request.body, request.ctx.clientIp, request.ctx.sessionToken);
    await mergeGuestCartAtLogin(services.db, request.cookies.vt_cart, user.id);
    reply.header("set-cookie", sessionCookie(token, request.ctx.secure));
    return { user };
  });
  api.post("/account/logout", async (request, reply) => {
    await destroySession(services.db, request.cookies.vt_session);
    reply.header("set-cookie", sessionCookie(null, request.ctx.secure));
    return reply.status(204).send();
  });
  api.post("/account/password-reset", async (request, reply) => {
    await requestPasswordReset(services, request.body, request.ctx.origin, request.ctx.clientIp);
    return reply.status(202).send({ message: "If an account uses this address, a reset link is on its way." });
  });
  api.post("/account/password-reset/confirm", async (request) => {
    const user = await resetPassword(services, request.body);
    return { user: { id: user.id, email: user.email } };
  });
  api.post("/admin/setup", async (request, reply) => {
    const user = await setupFirstAdmin(services, request.body);
    return reply.status(201).send({ user });
  });
}
var init_account = __esm({
  "server/api/account.ts"() {
    "use strict";
    init_account_server();
    init_session_server();
    init_cart_http_server();
  }
});

// app/features/catalog/orderings.ts
var ORDERINGS;
var init_orderings = __esm({
  "app/features/catalog/orderings.ts"() {
    "use strict";
    ORDERINGS = ["menu_order", "popularity", "rating", "date", "price", "price-desc"];
  }
});

// app/features/catalog/listing.schema.ts
import { z as z5 } from "zod";
function parseListingQuery(params) {
  const obj = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  return listingQuerySchema.parse(obj);
}
var PER_PAGE_DEFAULT, PER_PAGE_MAX, PAGE_MAX, lenientInt, listingQuerySchema;
var init_listing_schema = __esm({
  "app/features/catalog/listing.schema.ts"() {
    "use strict";
    init_orderings();
    PER_PAGE_DEFAULT = 12;
    PER_PAGE_MAX = 100;
    PAGE_MAX = 1e4;
    lenientInt = (max) => z5.preprocess((v) => {
      const n = typeof v === "string" && v.trim() !== "" ? Number(v) : typeof v === "number" ? v : NaN;
      return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), max) : void 0;
    }, z5.number().int().optional());
    listingQuerySchema = z5.object({
      orderby: z5.preprocess((v) => ORDERINGS.includes(v) ? v : void 0, z5.enum(ORDERINGS).optional()),
      min_price: lenientInt(1e9),
      max_price: lenientInt(1e9),
      page: z5.preprocess((v) => {
        const n = Number(v);
        return Number.isInteger(n) && n >= 1 ? Math.min(n, PAGE_MAX) : 1;
      }, z5.number().int()),
      per_page: z5.preprocess((v) => {
        const n = Number(v);
        return Number.isInteger(n) && n >= 1 ? Math.min(n, PER_PAGE_MAX) : void 0;
      }, z5.number().int().optional()),
      category: z5.string().max(500).optional(),
      tag: z5.string().max(200).optional(),
      s: z5.string().trim().max(200).optional()
    });
  }
});

// app/lib/money.ts
function currencyInfo(currency) {
  let info = symbols.get(currency);
  if (!info) {
    try {
      const nf = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" });
      const symbol = nf.formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
      info = { symbol, exponent: nf.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      info = { symbol: currency, exponent: 2 };
    }
    symbols.set(currency, info);
  }
  return info;
}
function formatPrice(minor2, f) {
  const { symbol, exponent } = currencyInfo(f.currency);
  const precision = Math.max(0, Math.min(20, Math.trunc(f.pricePrecision)));
  let units = Math.abs(Math.round(minor2));
  let scale = exponent;
  if (precision < exponent) {
    const step = 10 ** (exponent - precision);
    units = Math.floor((units + step / 2) / step);
    scale = precision;
  }
  const digits = String(units).padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).padEnd(precision, "0");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, f.thousandSeparator);
  const number = frac ? `${grouped}${f.decimalPoint}${frac}` : grouped;
  const sign = minor2 < 0 && units > 0 ? "-" : "";
  switch (f.currencyPosition) {
    case "right":
      return `${sign}${number}${symbol}`;
    case "right_space":
      return `${sign}${number} ${symbol}`;
    case "left_space":
      return `${sign}${symbol} ${number}`;
    default:
      return `${sign}${symbol}${number}`;
  }
}
var symbols;
var init_money = __esm({
  "app/lib/money.ts"() {
    "use strict";
    symbols = /* @__PURE__ */ new Map();
  }
});

// app/lib/image.ts
function parseWidths(widths) {
  if (!widths) return [];
  try {
    const list5 = JSON.parse(widths);
    return Array.isArray(list5) ? list5.filter((w) => Number.isInteger(w)).sort((a, b) => a - b) : [];
  } catch {
    return [];
  }
}
function imageSources(path7, widths, preferred = 600) {
  const list5 = parseWidths(widths);
  if (!path7 || list5.length === 0) return null;
  const src = variantUrl(path7, list5.find((w) => w >= preferred) ?? list5[list5.length - 1]);
  return { src, srcSet: list5.map((w) => `${variantUrl(path7, w)} ${w}w`).join(", ") };
}
var variantUrl;
var init_image = __esm({
  "app/lib/image.ts"() {
    "use strict";
    variantUrl = (path7, width) => `/media/${path7}-${width}.webp`;
  }
});

// app/features/catalog/catalog.schema.ts
function toSummary(row) {
  const img = imageSources(row.image_path, row.image_widths);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    url: `/product/${row.slug}`,
    prices: { regular: row.regular_price, sale: row.sale_price, min: row.min_price, max: row.max_price },
    onSale: row.sale_price !== null && row.regular_price !== null && row.sale_price < row.regular_price && row.min_price === row.sale_price,
    stockStatus: row.stock_status,
    rating: { average: Number(row.average_rating), count: row.review_count },
    image: img ? { src: img.src, srcset: img.srcSet, alt: row.image_alt ?? "", width: row.image_width || 600, height: row.image_height || 600 } : null,
    externalUrl: row.external_url,
    buttonText: row.button_text
  };
}
var init_catalog_schema = __esm({
  "app/features/catalog/catalog.schema.ts"() {
    "use strict";
    init_image();
  }
});

// app/features/catalog/listing.server.ts
import { sql as sql8 } from "kysely";
function scoped(db, scope, search, walk = false) {
  let q = db.selectFrom("products").where(search ? SEARCHABLE_SQL : LISTED_SQL);
  if (scope.categoryIds) {
    const ids2 = scope.categoryIds.length ? scope.categoryIds : [-1];
    q = walk ? q.where(
      ({ exists, selectFrom }) => exists(selectFrom("product_categories as pc").select("pc.product_id").whereRef("pc.product_id", "=", "products.id").where("pc.category_id", "in", ids2))
    ) : q.where("products.id", "in", db.selectFrom("product_categories").select("product_id").where("category_id", "in", ids2));
  }
  if (scope.tagId !== void 0) {
    const tagId = scope.tagId;
    q = walk ? q.where(
      ({ exists, selectFrom }) => exists(selectFrom("product_tags as pt").select("pt.product_id").whereRef("pt.product_id", "=", "products.id").where("pt.tag_id", "=", tagId))
    ) : q.where("products.id", "in", db.selectFrom("product_tags").select("product_id").where("tag_id", "=", tagId));
  }
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(
      (eb) => eb.or([sql8`lower(products.name) like lower(${like}) escape '\\'`, eb("products.sku", "=", search)])
    );
  }
  return q;
}
function ordered(q, orderby) {
  switch (orderby) {
    case "popularity":
      return q.orderBy("products.total_sales", "desc").orderBy("products.id", "desc");
    case "rating":
      return q.orderBy("products.average_rating", "desc").orderBy("products.review_count", "desc").orderBy("products.id", "desc");
    case "date":
      return q.orderBy("products.created_at", "desc").orderBy("products.id", "desc");
    case "price":
      return q.orderBy("products.min_price", "asc").orderBy("products.id", "asc");
    case "price-desc":
      return q.orderBy("products.max_price", "desc").orderBy("products.id", "desc");
    default:
      return q.orderBy("products.menu_order", "asc").orderBy("products.name", "asc").orderBy("products.id", "asc");
  }
}
async function listProducts(db, query, scope, currency, perPage = query.per_page ?? PER_PAGE_DEFAULT) {
  const unit = 10 ** currencyInfo(currency).exponent;
  const minMinor = query.min_price === void 0 ? void 0 : query.min_price * unit;
  const maxMinor = query.max_price === void 0 ? void 0 : (query.max_price + 1) * unit - 1;
  const priceFilter = (q) => {
    let out = q;
    if (minMinor !== void 0) out = out.where("products.max_price", ">=", minMinor);
    if (maxMinor !== void 0) out = out.where("products.min_price", "<=", maxMinor);
    return out;
  };
  const whole = !scope.categoryIds && scope.tagId === void 0 && !query.s;
  const statsKey = `listing:${scope.categoryIds?.join(",") ?? ""}|${scope.tagId ?? ""}|${query.s ?? ""}|${minMinor ?? ""}|${maxMinor ?? ""}`;
  const [{ total, lo, hi }, catalogSize] = await Promise.all([
    cached(db, statsKey, () => listingStats(db, scope, query.s, minMinor, maxMinor, whole)),
    whole ? Promise.resolve(0) : cached(db, "listing:catalog-size", () => countListed(db))
  ]);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, pages);
  const offset = (page - 1) * perPage;
  const walk = !whole && !query.s && (offset + perPage) * catalogSize < total * total;
  const products = await ordered(priceFilter(scoped(db, scope, query.s, walk)).leftJoin("media", "media.id", "products.image_id").select(CARD_COLUMNS), query.orderby).limit(perPage).offset(offset).execute();
  return {
    products: products.map(toSummary),
    total,
    page,
    pages,
    perPage,
    bounds: lo === null || hi === null ? null : { min: Math.floor(lo / unit), max: Math.ceil(hi / unit) }
  };
}
async function countListed(db) {
  const row = await db.selectFrom("products").select((eb) => eb.fn.max("products.id").as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}
async function listingStats(db, scope, search, minMinor, maxMinor, whole) {
  const base3 = scoped(db, scope, search);
  const conditions = [
    ...minMinor === void 0 ? [] : [sql8`products.max_price >= ${minMinor}`],
    ...maxMinor === void 0 ? [] : [sql8`products.min_price <= ${maxMinor}`]
  ];
  const counted = conditions.length ? sql8`sum(case when ${sql8.join(conditions, sql8` and `)} then 1 else 0 end)` : sql8`count(*)`;
  if (whole) {
    const [count2, lo, hi] = await Promise.all([
      base3.select(counted.as("n")).executeTakeFirst(),
      base3.select("products.min_price as v").where("products.min_price", "is not", null).orderBy("products.min_price").orderBy("products.id").limit(1).executeTakeFirst(),
      base3.select("products.max_price as v").where("products.max_price", "is not", null).orderBy("products.max_price", "desc").orderBy("products.id", "desc").limit(1).executeTakeFirst()
    ]);
    return { total: Number(count2?.n ?? 0), lo: num(lo?.v), hi: num(hi?.v) };
  }
  const row = await base3.select((eb) => [counted.as("n"), eb.fn.min("products.min_price").as("lo"), eb.fn.max("products.max_price").as("hi")]).executeTakeFirst();
  return { total: Number(row?.n ?? 0), lo: num(row?.lo), hi: num(row?.hi) };
}
var CARD_COLUMNS, LISTED_SQL, SEARCHABLE_SQL, num;
var init_listing_server = __esm({
  "app/features/catalog/listing.server.ts"() {
    "use strict";
    init_money();
    init_store_cache_server();
    init_catalog_schema();
    init_listing_schema();
    CARD_COLUMNS = [
      "products.id",
      "products.name",
      "products.slug",
      "products.type",
      "products.regular_price",
      "products.sale_price",
      "products.min_price",
      "products.max_price",
      "products.stock_status",
      "products.average_rating",
      "products.review_count",
      "products.button_text",
      "products.external_url",
      "media.path as image_path",
      "media.alt as image_alt",
      "media.width as image_width",
      "media.height as image_height",
      "media.widths as image_widths"
    ];
    LISTED_SQL = sql8`products.status = 'publish' and products.catalog_visibility in ('visible', 'catalog')`;
    SEARCHABLE_SQL = sql8`products.status = 'publish' and products.catalog_visibility in ('visible', 'search')`;
    num = (v) => v === null || v === void 0 ? null : Number(v);
  }
});

// app/features/catalog/categories.server.ts
async function allCategories(db) {
  return db.selectFrom("categories").leftJoin("media", "media.id", "categories.image_id").select([
    "categories.id",
    "categories.parent_id",
    "categories.name",
    "categories.slug",
    "categories.path",
    "categories.description",
    "categories.product_count",
    "categories.menu_order",
    "media.path as image_path",
    "media.widths as image_widths",
    "media.alt as image_alt"
  ]).orderBy("categories.menu_order").orderBy("categories.name").execute();
}
function toNode(row, rows) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    path: row.path,
    description: row.description,
    count: row.product_count,
    image: row.image_path ? { path: row.image_path, widths: row.image_widths ?? "[]", alt: row.image_alt ?? "" } : null,
    children: rows.filter((r) => r.parent_id === row.id).map((r) => toNode(r, rows))
  };
}
async function categoryTree(db) {
  const rows = await allCategories(db);
  return rows.filter((r) => r.parent_id === null).map((r) => toNode(r, rows));
}
async function categoryByPath(db, path7) {
  const clean = path7.replace(/^\/+|\/+$/g, "").toLowerCase();
  if (!clean || clean.length > 500) return null;
  const rows = await allCategories(db);
  const row = rows.find((r) => r.path === clean);
  if (!row) return null;
  const ancestors = [];
  for (let p = rows.find((r) => r.id === row.parent_id); p; p = rows.find((r) => r.id === p.parent_id)) {
    ancestors.unshift({ name: p.name, path: p.path });
  }
  const descendantIds = rows.filter((r) => r.path === clean || r.path.startsWith(`${clean}/`)).map((r) => r.id);
  return { category: toNode(row, rows), ancestors, descendantIds };
}
async function tagBySlug(db, slug) {
  if (!slug || slug.length > 200) return null;
  return await db.selectFrom("tags").select(["id", "name", "slug", "description"]).where("slug", "=", slug.toLowerCase()).executeTakeFirst() ?? null;
}
var init_categories_server = __esm({
  "app/features/catalog/categories.server.ts"() {
    "use strict";
  }
});

// app/lib/json.ts
function parseJson(text4, fallback) {
  if (!text4) return fallback;
  try {
    return JSON.parse(text4);
  } catch {
    return fallback;
  }
}
var init_json = __esm({
  "app/lib/json.ts"() {
    "use strict";
  }
});

// app/features/catalog/product.server.ts
function toImage(m) {
  const s = imageSources(m.path, m.widths, 600);
  const big = imageSources(m.path, m.widths, 1200);
  const thumb = imageSources(m.path, m.widths, 150);
  if (!s || !big || !thumb) return null;
  return { id: m.id, src: s.src, srcset: s.srcSet, alt: m.alt, title: m.title, caption: m.caption, width: m.width || 600, height: m.height || 600, fullSrc: big.src, thumbSrc: thumb.src };
}
async function findProduct(db, idOrSlug, opts = {}) {
  const asId = typeof idOrSlug === "number" ? idOrSlug : /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  let q = db.selectFrom("products").leftJoin("media", "media.id", "products.image_id").select(CARD_COLUMNS).select([
    "products.sku",
    "products.status",
    "products.catalog_visibility",
    "products.featured",
    "products.short_description",
    "products.description",
    "products.stock_quantity",
    "products.manage_stock",
    "products.backorders",
    "products.sold_individually",
    "products.weight",
    "products.length",
    "products.width",
    "products.height",
    "products.image_id"
  ]).where("products.status", "=", "publish");
  if (!opts.allowHidden) q = q.where("products.catalog_visibility", "!=", "hidden");
  q = asId !== null ? q.where("products.id", "=", asId) : q.where("products.slug", "=", String(idOrSlug).slice(0, 200));
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const id2 = row.id;
  const mediaCols = ["media.id", "media.path", "media.widths", "media.alt", "media.title", "media.caption", "media.width", "media.height"];
  const [gallery, cats, tags, attrs, vars, links] = await Promise.all([
    db.selectFrom("product_images").innerJoin("media", "media.id", "product_images.media_id").select(mediaCols).where("product_images.product_id", "=", id2).orderBy("product_images.position").execute(),
    db.selectFrom("product_categories").innerJoin("categories", "categories.id", "product_categories.category_id").select(["categories.id", "categories.name", "categories.path"]).where("product_categories.product_id", "=", id2).orderBy("categories.path").execute(),
    db.selectFrom("product_tags").innerJoin("tags", "tags.id", "product_tags.tag_id").select(["tags.id", "tags.name", "tags.slug"]).where("product_tags.product_id", "=", id2).orderBy("tags.name").execute(),
    db.selectFrom("product_attributes").selectAll().where("product_id", "=", id2).orderBy("position").execute(),
    db.selectFrom("product_variations").leftJoin("media", "media.id", "product_variations.image_id").select([
      "product_variations.id",
      "product_variations.sku",
      "product_variations.attributes",
      "product_variations.regular_price",
      "product_variations.sale_price",
      "product_variations.stock_status",
      "product_variations.stock_quantity",
      "product_variations.weight",
      "product_variations.length",
      "product_variations.width",
      "product_variations.height",
      "product_variations.min_qty",
      "product_variations.max_qty",
      "product_variations.description",
      "media.id as m_id",
      "media.path as m_path",
      "media.widths as m_widths",
      "media.alt as m_alt",
      "media.title as m_title",
      "media.caption as m_caption",
      "media.width as m_width",
      "media.height as m_height"
    ]).where("product_variations.product_id", "=", id2).where("product_variations.status", "=", "publish").orderBy("product_variations.menu_order").orderBy("product_variations.id").execute(),
    db.selectFrom("product_links").select(["linked_id", "kind"]).where("product_id", "=", id2).orderBy("position").execute()
  ]);
  const main2 = row.image_id ? await db.selectFrom("media").select(mediaCols).where("id", "=", row.image_id).executeTakeFirst() : void 0;
  const images = [main2, ...gallery.filter((g) => g.id !== row.image_id)].filter((m) => !!m).map(toImage).filter((m) => !!m);
  return {
    ...toSummary(row),
    sku: row.sku,
    status: row.status,
    catalogVisibility: row.catalog_visibility,
    featured: row.featured === 1,
    shortDescription: row.short_description,
    description: row.description,
    stockQuantity: row.stock_quantity,
    manageStock: row.manage_stock === 1,
    backorders: row.backorders,
    soldIndividually: row.sold_individually === 1,
    weight: row.weight,
    dimensions: { length: row.length, width: row.width, height: row.height },
    images,
    categories: cats,
    tags,
    attributes: attrs.map((a) => ({ name: a.name, slug: a.slug, options: parseJson(a.options, []), visible: a.visible === 1, variation: a.variation === 1, display: a.display, swatches: parseJson(a.swatches, {}) })),
    variations: vars.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: parseJson(v.attributes, {}),
      prices: { regular: v.regular_price, sale: v.sale_price },
      stockStatus: v.stock_status,
      stockQuantity: v.stock_quantity,
      image: v.m_id && v.m_path ? toImage({ id: v.m_id, path: v.m_path, widths: v.m_widths ?? "[]", alt: v.m_alt ?? "", title: v.m_title ?? "", caption: v.m_caption ?? "", width: v.m_width ?? 0, height: v.m_height ?? 0 }) : null,
      weight: v.weight,
      dimensions: { length: v.length, width: v.width, height: v.height },
      minQty: v.min_qty,
      maxQty: v.max_qty,
      description: v.description
    })),
    upsellIds: links.filter((l) => l.kind === "upsell").map((l) => l.linked_id),
    crossSellIds: links.filter((l) => l.kind === "crosssell").map((l) => l.linked_id),
    groupedIds: links.filter((l) => l.kind === "grouped").map((l) => l.linked_id)
  };
}
var init_product_server = __esm({
  "app/features/catalog/product.server.ts"() {
    "use strict";
    init_image();
    init_catalog_schema();
    init_listing_server();
    init_json();
  }
});

// server/json-once.ts
function jsonOnce(value2) {
  let text4 = texts.get(value2);
  if (text4 === void 0) texts.set(value2, text4 = JSON.stringify(value2));
  return text4;
}
var texts, JSON_TYPE;
var init_json_once = __esm({
  "server/json-once.ts"() {
    "use strict";
    texts = /* @__PURE__ */ new WeakMap();
    JSON_TYPE = "application/json; charset=utf-8";
  }
});

// app/features/catalog/quick-view.server.ts
function quickView(db, id2) {
  return cached(db, `quick-view:${id2}`, () => readQuickView(db, id2));
}
async function readQuickView(db, id2) {
  const p = await findProduct(db, id2);
  if (!p) return null;
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    type: p.type,
    url: p.url,
    prices: p.prices,
    onSale: p.onSale,
    rating: p.rating,
    stockStatus: p.stockStatus,
    stockQuantity: p.stockQuantity,
    manageStock: p.manageStock,
    shortDescription: p.shortDescription,
    images: p.images,
    sku: p.sku,
    externalUrl: p.externalUrl,
    buttonText: p.buttonText,
    soldIndividually: p.soldIndividually,
    attributes: p.attributes.filter((a) => a.variation).map((a) => ({ name: a.name, options: a.options }))
  };
}
var init_quick_view_server = __esm({
  "app/features/catalog/quick-view.server.ts"() {
    "use strict";
    init_store_cache_server();
    init_product_server();
  }
});

// server/api/catalog.ts
import { z as z6 } from "zod";
async function catalogRoutes(api) {
  const { db } = api.services;
  api.get("/products", async (request) => {
    const query = parseListingQuery(request.query);
    const settings = await getSettings(db);
    let categoryIds;
    let tagId;
    if (query.category) {
      const found = await categoryByPath(db, query.category);
      if (!found) throw new HttpError(404, "not_found", `No category "${query.category}".`);
      categoryIds = found.descendantIds;
    }
    if (query.tag) {
      const tag = await tagBySlug(db, query.tag);
      if (!tag) throw new HttpError(404, "not_found", `No tag "${query.tag}".`);
      tagId = tag.id;
    }
    const listing = await listProducts(db, query, { categoryIds, tagId }, settings.currency);
    return {
      products: listing.products,
      total: listing.total,
      page: listing.page,
      pages: listing.pages,
      perPage: listing.perPage,
      priceBounds: listing.bounds,
      currency: settings.currency
    };
  });
  api.get("/products/:id/quick-view", async (request, reply) => {
    const { id: id2 } = parseInput(idParam, request.params);
    const view = await quickView(db, Number(id2));
    if (!view) throw new HttpError(404, "not_found", "No such product.");
    return reply.type(JSON_TYPE).send(jsonOnce(view));
  });
  api.get("/products/:idOrSlug", async (request) => {
    const { idOrSlug } = parseInput(idOrSlugParam, request.params);
    const product = await findProduct(db, idOrSlug);
    if (!product) throw new HttpError(404, "not_found", "No such product.");
    return product;
  });
  api.get("/categories", async () => ({ categories: await categoryTree(db) }));
}
var idParam, idOrSlugParam;
var init_catalog = __esm({
  "server/api/catalog.ts"() {
    "use strict";
    init_http_error();
    init_validate();
    init_settings_server();
    init_listing_schema();
    init_listing_server();
    init_categories_server();
    init_product_server();
    init_json_once();
    init_quick_view_server();
    idParam = z6.object({ id: z6.string().regex(/^\d{1,9}$/, "Product id must be a number") });
    idOrSlugParam = z6.object({ idOrSlug: z6.string().min(1).max(200) });
  }
});

// app/features/coupons/decimals.ts
var init_decimals = __esm({
  "app/features/coupons/decimals.ts"() {
    "use strict";
  }
});

// app/features/coupons/coupons.schema.ts
import { z as z7 } from "zod";
function normalizeCode(code) {
  const normal = code.normalize("NFC").trim().toLowerCase();
  return normal.length > 0 && normal.length <= MAX_CODE_LENGTH && CODE_PATTERN.test(normal) ? normal : null;
}
var MAX_CODE_LENGTH, FULL_PERCENT, CODE_PATTERN, text2, blank, flag6, count, idList, EMAIL_PATTERN, emailList, expiry;
var init_coupons_schema = __esm({
  "app/features/coupons/coupons.schema.ts"() {
    "use strict";
    init_money();
    init_decimals();
    MAX_CODE_LENGTH = 50;
    FULL_PERCENT = 1e4;
    CODE_PATTERN = /^[\p{L}\p{N}_\-.%+!#$&*@]+(?: [\p{L}\p{N}_\-.%+!#$&*@]+)*$/u;
    text2 = z7.union([z7.string(), z7.number()]).transform((v) => String(v).trim());
    blank = (v) => v === void 0 || v === null || typeof v === "string" && v.trim() === "";
    flag6 = z7.preprocess((v) => {
      if (typeof v === "boolean" || v === void 0) return v ?? false;
      const s = String(v).toLowerCase();
      return ["1", "on", "true", "yes"].includes(s) ? true : ["0", "off", "false", "no", ""].includes(s) ? false : v;
    }, z7.boolean({ message: "Must be yes or no" }));
    count = z7.preprocess(
      (v) => blank(v) ? null : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v,
      z7.number({ message: "Enter a whole number, or leave empty for no limit" }).int("Enter a whole number").min(1, "Must be at least 1; leave empty for no limit").max(1e9).nullable()
    );
    idList = z7.preprocess(
      (v) => blank(v) ? [] : typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean).map((s) => /^\d+$/.test(s) ? Number(s) : s) : v,
      z7.array(z7.number({ message: "Enter ids separated by commas, e.g. 12, 34" }).int().positive("Ids are positive numbers"), { message: "Enter ids separated by commas" }).max(500, "At most 500 ids").transform((ids2) => [...new Set(ids2)])
    );
    EMAIL_PATTERN = /^[^\s@,;"<>]+@[^\s@,;"<>]+$/;
    emailList = z7.preprocess(
      (v) => blank(v) ? [] : typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v,
      z7.array(z7.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, "Enter e-mail addresses separated by commas, e.g. ann@example.com, *@example.org")).max(100, "At most 100 addresses").transform((list5) => [...new Set(list5)])
    );
    expiry = z7.preprocess(
      (v) => blank(v) ? null : v,
      z7.string({ message: "Use a date like 2026-12-31" }).trim().nullable().transform((v, ctx) => {
        if (v === null) return null;
        const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00.000Z` : v;
        const time = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : NaN;
        if (Number.isNaN(time) || iso.length === 24 && new Date(time).toISOString() !== iso) {
          ctx.addIssue({ code: "custom", message: "Use a date like 2026-12-31" });
          return z7.NEVER;
        }
        return new Date(time).toISOString();
      })
    );
  }
});

// app/features/coupons/discounts.ts
function isEligible(c, line) {
  const ids2 = line.variationId ? [line.productId, line.variationId] : [line.productId];
  const included = c.productIds.length === 0 && c.categoryIds.length === 0 || ids2.some((id2) => c.productIds.includes(id2)) || line.categoryIds.some((id2) => c.categoryIds.includes(id2));
  if (!included) return false;
  if (ids2.some((id2) => c.excludedProductIds.includes(id2))) return false;
  if (line.categoryIds.some((id2) => c.excludedCategoryIds.includes(id2))) return false;
  return !(c.excludeSaleItems && line.onSale);
}
function spread(total, weights) {
  const sum2 = weights.reduce((a, b) => a + b, 0);
  if (sum2 <= 0 || total <= 0) return weights.map(() => 0);
  const T = BigInt(total);
  const S = BigInt(sum2);
  const parts = weights.map((w) => Number(T * BigInt(w) / S));
  const rests = weights.map((w, i) => ({ i, rest: T * BigInt(w) % S }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  rests.sort((a, b) => a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1);
  for (const { i, rest } of rests) {
    if (left <= 0) break;
    if (rest > 0n) {
      parts[i] += 1;
      left -= 1;
    }
  }
  return parts;
}
function mulDivRound(n, num3, den) {
  return Number((BigInt(n) * BigInt(num3) * 2n + BigInt(den)) / (2n * BigInt(den)));
}
function applyQuantities(coupon, targets) {
  const limit = coupon.limitUsageToXItems;
  if (limit == null) return targets.map((t2) => t2.quantity);
  const order = targets.map((t2, i) => ({ t: t2, i })).sort((a, b) => b.t.unitPrice - a.t.unitPrice || a.i - b.i);
  const qty = targets.map(() => 0);
  let left = limit;
  for (const { t: t2, i } of order) {
    qty[i] = Math.min(t2.quantity, left);
    left -= qty[i];
  }
  return qty;
}
function share(t2, units) {
  return units >= t2.quantity ? t2.remaining : mulDivRound(t2.remaining, units, t2.quantity);
}
function discountFor(coupon, targets) {
  if (coupon.amount <= 0 || targets.length === 0) return targets.map(() => 0);
  switch (coupon.discountType) {
    case "fixed_cart": {
      const weights = targets.map((t2) => t2.remaining);
      const total = Math.min(coupon.amount, weights.reduce((a, b) => a + b, 0));
      return spread(total, weights);
    }
    case "fixed_product": {
      const qty = applyQuantities(coupon, targets);
      return targets.map((t2, i) => Math.min(coupon.amount * qty[i], share(t2, qty[i])));
    }
    case "percent": {
      const qty = applyQuantities(coupon, targets);
      const bases = targets.map((t2, i) => share(t2, qty[i]));
      const percent = Math.min(coupon.amount, FULL_PERCENT);
      const total = mulDivRound(bases.reduce((a, b) => a + b, 0), percent, FULL_PERCENT);
      return spread(total, bases);
    }
  }
}
function computeDiscounts(coupons, lines) {
  const remaining = new Map(lines.map((l) => [l.key, Math.max(0, l.lineSubtotal)]));
  const perCoupon = {};
  for (const coupon of coupons) {
    const targets = lines.filter((l) => l.quantity > 0 && remaining.get(l.key) > 0 && isEligible(coupon, l)).map((l) => ({ key: l.key, quantity: l.quantity, unitPrice: l.unitPrice, remaining: remaining.get(l.key) }));
    const amounts = discountFor(coupon, targets);
    let sum2 = 0;
    targets.forEach((t2, i) => {
      const d = Math.min(amounts[i], t2.remaining);
      remaining.set(t2.key, t2.remaining - d);
      sum2 += d;
    });
    perCoupon[coupon.code] = (perCoupon[coupon.code] ?? 0) + sum2;
  }
  const perLine = {};
  for (const l of lines) perLine[l.key] = Math.max(0, l.lineSubtotal) - remaining.get(l.key);
  return { perLine, perCoupon, freeShipping: coupons.some((c) => c.freeShipping) };
}
var init_discounts = __esm({
  "app/features/coupons/discounts.ts"() {
    "use strict";
    init_coupons_schema();
  }
});

// app/features/coupons/usages.server.ts
function customerKeys(customer) {
  const keys = [];
  if (customer.userId != null) keys.push(`user:${customer.userId}`);
  const email = customer.email?.trim().toLowerCase();
  if (email) keys.push(`email:${email}`);
  return keys;
}
async function usesBy(db, couponId, customer) {
  const keys = customerKeys(customer);
  if (keys.length === 0) return 0;
  const row = await db.selectFrom("coupon_usages").select((eb) => eb.fn.countAll().as("n")).where("coupon_id", "=", couponId).where("customer", "in", keys).executeTakeFirst();
  return Number(row?.n ?? 0);
}
var init_usages_server = __esm({
  "app/features/coupons/usages.server.ts"() {
    "use strict";
  }
});

// app/features/coupons/redemption.server.ts
import { sql as sql9 } from "kysely";
async function lockCoupon(trx, id2) {
  const columns = ["id", "code", "usage_limit", "usage_limit_per_user", "usage_count"];
  if (isPostgres(trx)) {
    return trx.selectFrom("coupons").select(columns).where("id", "=", id2).forUpdate().executeTakeFirst();
  }
  await trx.updateTable("coupons").set({ usage_count: sql9`usage_count` }).where("id", "=", id2).execute();
  return trx.selectFrom("coupons").select(columns).where("id", "=", id2).executeTakeFirst();
}
async function redeemCoupons(trx, coupons, customer, orderId) {
  if (!trx.isTransaction) return trx.transaction().execute((t2) => redeemCoupons(t2, coupons, customer, orderId));
  const keys = customerKeys(customer);
  const unique = [...new Map(coupons.map((c) => [c.id, c])).values()].sort((a, b) => a.id - b.id);
  for (const coupon of unique) {
    const row = await lockCoupon(trx, coupon.id);
    const name = `"${row?.code ?? coupon.code}"`;
    if (!row) throw limitReached(`Coupon ${name} is no longer available.`);
    if (row.usage_limit != null && row.usage_count >= row.usage_limit) throw limitReached(`Coupon ${name} has reached its usage limit.`);
    if (row.usage_limit_per_user != null) {
      if (keys.length === 0) throw limitReached(`Coupon ${name} needs your e-mail address.`);
      if (await usesBy(trx, row.id, customer) >= row.usage_limit_per_user) {
        throw limitReached(`You have already used coupon ${name} as many times as it allows.`);
      }
    }
  }
  const now = nowIso();
  for (const coupon of unique) {
    const res = await trx.updateTable("coupons").set({ usage_count: sql9`usage_count + 1`, updated_at: now }).where("id", "=", coupon.id).where((eb) => eb.or([eb("usage_limit", "is", null), eb("usage_count", "<", eb.ref("usage_limit"))])).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw limitReached(`Coupon "${coupon.code}" has reached its usage limit.`);
    await trx.insertInto("coupon_usages").values({ coupon_id: coupon.id, customer: keys[0] ?? "guest", order_id: orderId, created_at: now }).execute();
  }
}
async function releaseCoupons(trx, orderId) {
  if (!trx.isTransaction) return trx.transaction().execute((t2) => releaseCoupons(t2, orderId));
  const usages = await trx.selectFrom("coupon_usages").select(["coupon_id", (eb) => eb.fn.countAll().as("n")]).where("order_id", "=", orderId).groupBy("coupon_id").execute();
  if (usages.length === 0) return;
  const now = nowIso();
  for (const u of usages.sort((a, b) => a.coupon_id - b.coupon_id)) {
    const n = Number(u.n);
    await trx.updateTable("coupons").set({ usage_count: sql9`case when usage_count > ${n} then usage_count - ${n} else 0 end`, updated_at: now }).where("id", "=", u.coupon_id).execute();
  }
  await trx.deleteFrom("coupon_usages").where("order_id", "=", orderId).execute();
}
var limitReached;
var init_redemption_server = __esm({
  "app/features/coupons/redemption.server.ts"() {
    "use strict";
    init_dialect();
    init_http_error();
    init_time();
    init_usages_server();
    limitReached = (message) => new HttpError(409, "coupon_limit", message);
  }
});

// app/features/coupons/coupons.server.ts
function idList2(json2) {
  try {
    const v = JSON.parse(json2);
    return Array.isArray(v) ? v.filter((x) => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}
function stringList(json2) {
  try {
    const v = JSON.parse(json2);
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}
function rowToCoupon(r) {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    discountType: r.discount_type,
    amount: r.amount,
    freeShipping: r.free_shipping === 1,
    expiresAt: r.expires_at,
    minimumSpend: r.minimum_spend,
    maximumSpend: r.maximum_spend,
    individualUse: r.individual_use === 1,
    excludeSaleItems: r.exclude_sale_items === 1,
    usageLimit: r.usage_limit,
    usageLimitPerUser: r.usage_limit_per_user,
    limitUsageToXItems: r.limit_usage_to_x_items,
    usageCount: r.usage_count,
    productIds: idList2(r.product_ids),
    excludedProductIds: idList2(r.excluded_product_ids),
    categoryIds: idList2(r.category_ids),
    excludedCategoryIds: idList2(r.excluded_category_ids),
    emailRestrictions: stringList(r.email_restrictions)
  };
}
async function findCoupon(db, code) {
  const normal = typeof code === "string" ? normalizeCode(code) : null;
  if (!normal) return null;
  return cached(db, `coupon:${normal}`, async () => {
    const row = await db.selectFrom("coupons").selectAll().where("code", "=", normal).executeTakeFirst();
    return row ? rowToCoupon(row) : null;
  });
}
function emailAllowed(restrictions, email) {
  const e = email.trim().toLowerCase();
  return restrictions.some((r) => {
    const pattern = r.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
    return new RegExp(`^${pattern}$`).test(e);
  });
}
async function checkCoupon(db, coupon, ctx) {
  const name = `"${coupon.code}"`;
  const now = ctx.now ?? /* @__PURE__ */ new Date();
  if (coupon.expiresAt && now.getTime() >= Date.parse(coupon.expiresAt)) return `Coupon ${name} has expired.`;
  if (coupon.usageLimit != null && coupon.usageCount >= coupon.usageLimit) return `Coupon ${name} has reached its usage limit.`;
  if (coupon.minimumSpend != null && ctx.subtotal < coupon.minimumSpend) {
    return `The minimum spend for this coupon is ${formatPrice(coupon.minimumSpend, ctx.format)}.`;
  }
  if (coupon.maximumSpend != null && ctx.subtotal > coupon.maximumSpend) {
    return `The maximum spend for this coupon is ${formatPrice(coupon.maximumSpend, ctx.format)}.`;
  }
  const lines = ctx.lines.filter((l) => l.quantity > 0);
  if (!lines.some((l) => isEligible(coupon, l))) {
    const butForSale = coupon.excludeSaleItems && lines.some((l) => isEligible({ ...coupon, excludeSaleItems: false }, l));
    return butForSale ? `Coupon ${name} is not valid for sale items.` : `Coupon ${name} does not apply to the products in your cart.`;
  }
  const exclusive2 = ctx.applied.find((c) => c.id !== coupon.id && c.individualUse);
  if (exclusive2) return `Coupon "${exclusive2.code}" is already applied and cannot be used together with other coupons.`;
  const email = ctx.customer.email?.trim();
  if (coupon.emailRestrictions.length > 0 && email && !emailAllowed(coupon.emailRestrictions, email)) {
    return `Coupon ${name} is not valid for your e-mail address.`;
  }
  if (coupon.usageLimitPerUser != null && await usesBy(db, coupon.id, ctx.customer) >= coupon.usageLimitPerUser) {
    return `You have already used coupon ${name} as many times as it allows.`;
  }
  return null;
}
var init_coupons_server = __esm({
  "app/features/coupons/coupons.server.ts"() {
    "use strict";
    init_store_cache_server();
    init_money();
    init_coupons_schema();
    init_discounts();
    init_usages_server();
    init_discounts();
    init_redemption_server();
  }
});

// app/features/cart/cart.schema.ts
import { z as z8 } from "zod";
var MAX_LINE_QUANTITY, quantity, addItemSchema, updateItemSchema, couponCodeSchema, customerSchema, shippingRateSchema;
var init_cart_schema = __esm({
  "app/features/cart/cart.schema.ts"() {
    "use strict";
    MAX_LINE_QUANTITY = 9999;
    quantity = z8.number({ message: "Quantity must be a number" }).int("Quantity must be a whole number").min(1, "Quantity must be at least 1").max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);
    addItemSchema = z8.object({
      productId: z8.number().int().positive(),
      variationId: z8.number().int().positive().optional(),
      /** Chosen attribute values by attribute slug, e.g. {color: "blue", size: "l"} (needed for "any" values). */
      attributes: z8.record(z8.string().max(100), z8.string().max(200)).optional(),
      quantity: quantity.default(1)
    });
    updateItemSchema = z8.object({ quantity: z8.number().int("Quantity must be a whole number").min(0).max(MAX_LINE_QUANTITY) });
    couponCodeSchema = z8.object({ code: z8.string().trim().min(1, "Enter a coupon code").max(100) });
    customerSchema = z8.object({
      country: z8.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Choose a country"),
      state: z8.string().trim().max(100).default(""),
      postcode: z8.string().trim().max(20).default(""),
      city: z8.string().trim().max(100).default("")
    });
    shippingRateSchema = z8.object({ packageId: z8.number().int().min(0), rateId: z8.string().min(1).max(100) });
  }
});

// app/features/catalog/price.ts
function activePrice(p, now = /* @__PURE__ */ new Date()) {
  const iso = now.toISOString();
  const saleOn = p.sale !== null && (p.regular === null || p.sale < p.regular) && (p.saleFrom === null || p.saleFrom <= iso) && (p.saleTo === null || p.saleTo >= iso);
  return saleOn ? { price: p.sale, onSale: true } : { price: p.regular, onSale: false };
}
var init_price = __esm({
  "app/features/catalog/price.ts"() {
    "use strict";
  }
});

// app/features/cart/lines.server.ts
import { sql as sql10 } from "kysely";
async function loadPurchasables(db, refs) {
  const byKey = new Map(refs.map((r) => [`purchasable:${refKey(r)}`, r]));
  const found = await cachedMany(db, [...byKey.keys()], async (keys) => {
    const read = await readPurchasables(db, keys.map((k) => byKey.get(k)));
    return new Map([...read].map(([k, v]) => [`purchasable:${k}`, v]));
  });
  return new Map([...found].map(([k, v]) => [k.slice("purchasable:".length), v]));
}
async function readPurchasables(db, refs) {
  const out = /* @__PURE__ */ new Map();
  if (refs.length === 0) return out;
  const productIds = [...new Set(refs.map((r) => r.productId))];
  const variationIds = [...new Set(refs.map((r) => r.variationId).filter((v) => v !== null))];
  const [products, variations, attrs, cats] = await Promise.all([
    db.selectFrom("products").leftJoin("media", "media.id", "products.image_id").select([
      "products.id",
      "products.name",
      "products.slug",
      "products.type",
      "products.status",
      "products.regular_price",
      "products.sale_price",
      "products.sale_from",
      "products.sale_to",
      "products.stock_status",
      "products.manage_stock",
      "products.stock_quantity",
      "products.backorders",
      "products.sold_individually",
      "products.tax_status",
      "products.tax_class",
      "products.shipping_class",
      "products.virtual",
      "media.path as image_path",
      "media.widths as image_widths",
      "media.alt as image_alt"
    ]).where("products.id", "in", productIds).execute(),
    variationIds.length ? db.selectFrom("product_variations").leftJoin("media", "media.id", "product_variations.image_id").select([
      "product_variations.id",
      "product_variations.product_id",
      "product_variations.status",
      "product_variations.attributes",
      "product_variations.regular_price",
      "product_variations.sale_price",
      "product_variations.sale_from",
      "product_variations.sale_to",
      "product_variations.stock_status",
      "product_variations.manage_stock",
      "product_variations.stock_quantity",
      "product_variations.backorders",
      "product_variations.min_qty",
      "product_variations.max_qty",
      "product_variations.tax_class",
      "product_variations.shipping_class",
      "product_variations.virtual",
      "media.path as image_path",
      "media.widths as image_widths",
      "media.alt as image_alt"
    ]).where("product_variations.id", "in", variationIds).execute() : Promise.resolve([]),
    db.selectFrom("product_attributes").select(["product_id", "slug", "name", "options"]).where("product_id", "in", productIds).execute(),
    // A product in "Clothing > Hoodies" also counts as in "Clothing" (coupon category rules).
    db.selectFrom("product_categories as pc").innerJoin("categories as c", "c.id", "pc.category_id").innerJoin("categories as a", (j) => j.on((eb) => eb.or([eb("a.path", "=", eb.ref("c.path")), eb("c.path", "like", sql10`${eb.ref("a.path")} || '/%'`)]))).select(["pc.product_id", "a.id as category_id"]).where("pc.product_id", "in", productIds).execute()
  ]);
  for (const ref of refs) {
    const p = products.find((r) => r.id === ref.productId);
    if (!p) continue;
    const v = ref.variationId === null ? null : variations.find((r) => r.id === ref.variationId && r.product_id === p.id);
    if (ref.variationId !== null && !v) continue;
    const src = v ?? p;
    const { price, onSale } = activePrice({ regular: src.regular_price, sale: src.sale_price, saleFrom: src.sale_from, saleTo: src.sale_to });
    const img = imageSources(v?.image_path ?? p.image_path, v?.image_path ? v.image_widths : p.image_widths, 300);
    const attributes = {};
    for (const a of attrs.filter((x) => x.product_id === p.id)) attributes[a.slug] = { name: a.name, options: parseJson(a.options, []) };
    const stockOwner = v && v.manage_stock === 1 ? v : p;
    out.set(`${ref.productId}:${ref.variationId ?? ""}`, {
      productId: p.id,
      variationId: v?.id ?? null,
      name: p.name,
      slug: p.slug,
      type: p.type,
      status: v && v.status !== "publish" ? "private" : p.status,
      price,
      onSale,
      stockStatus: v?.stock_status ?? p.stock_status,
      manageStock: stockOwner.manage_stock === 1,
      stockQuantity: stockOwner.stock_quantity,
      backordersAllowed: stockOwner.backorders !== "no",
      soldIndividually: p.sold_individually === 1,
      minQty: v?.min_qty ?? null,
      maxQty: v?.max_qty ?? null,
      taxStatus: p.tax_status,
      taxClass: v && v.tax_class !== "parent" ? v.tax_class : p.tax_class,
      shippingClass: v?.shipping_class || p.shipping_class,
      virtual: (v ? v.virtual : p.virtual) === 1,
      categoryIds: cats.filter((c) => c.product_id === p.id).map((c) => c.category_id),
      image: img ? { src: img.src, srcset: img.srcSet, alt: v?.image_alt ?? p.image_alt ?? "" } : null,
      attributes,
      variationAttributes: v ? parseJson(v.attributes, {}) : {}
    });
  }
  return out;
}
function maxQuantity(p) {
  const limits = [
    p.soldIndividually ? 1 : null,
    p.maxQty,
    p.manageStock && !p.backordersAllowed ? Math.max(0, p.stockQuantity ?? 0) : null
  ].filter((n) => n !== null);
  return limits.length ? Math.min(...limits) : null;
}
function lineBounds(p) {
  return { min: Math.max(1, p.minQty ?? 1), max: Math.min(maxQuantity(p) ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY) };
}
function assertAvailable(p) {
  const productUrl = `/product/${p.slug}`;
  if (p.status !== "publish") throw new HttpError(404, "not_found", "This product is not available.");
  if (p.type === "variable" && p.variationId === null) {
    throw new HttpError(409, "choose_options", `Please choose product options for \u201C${p.name}\u201D.`, void 0, void 0, { productUrl });
  }
  if (p.type === "grouped") throw new HttpError(409, "choose_options", `Please choose the products of \u201C${p.name}\u201D to add.`, void 0, void 0, { productUrl });
  if (p.type === "external" || p.price === null) {
    throw new HttpError(409, "not_purchasable", `Sorry, \u201C${p.name}\u201D cannot be purchased.`, void 0, void 0, { productUrl });
  }
  if (p.stockStatus === "outofstock") throw new HttpError(409, "out_of_stock", `Sorry, \u201C${p.name}\u201D is out of stock.`);
}
function assertPurchasable(p, quantity2, inCart) {
  assertAvailable(p);
  const total = inCart + quantity2;
  if (p.soldIndividually && total > 1) throw new HttpError(409, "sold_individually", `You cannot add another \u201C${p.name}\u201D to your cart.`);
  if (p.minQty !== null && total < p.minQty) throw new HttpError(409, "too_few", `The minimum quantity of \u201C${p.name}\u201D is ${p.minQty}.`);
  const max = maxQuantity(p);
  const have = inCart > 0 ? ` (you have ${inCart} in your cart)` : "";
  if (max !== null && total > max) {
    const reason = p.manageStock && !p.backordersAllowed && max === Math.max(0, p.stockQuantity ?? 0) ? `only ${max} in stock` : `at most ${max} per order`;
    throw new HttpError(409, "too_many", `You cannot add that amount of \u201C${p.name}\u201D \u2014 ${reason}${have}.`);
  }
  if (total > MAX_LINE_QUANTITY) throw new HttpError(409, "too_many", `You cannot add that amount of \u201C${p.name}\u201D \u2014 at most ${MAX_LINE_QUANTITY} per line${have}.`);
}
var refKey;
var init_lines_server = __esm({
  "app/features/cart/lines.server.ts"() {
    "use strict";
    init_http_error();
    init_image();
    init_price();
    init_cart_schema();
    init_json();
    init_store_cache_server();
    refKey = (r) => `${r.productId}:${r.variationId ?? ""}`;
  }
});

// app/features/shipping/continents.ts
function continentOf(country) {
  return byCountry.get(country.toUpperCase()) ?? null;
}
var MEMBERS, byCountry;
var init_continents = __esm({
  "app/features/shipping/continents.ts"() {
    "use strict";
    MEMBERS = {
      AF: "DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW",
      AN: "AQ BV GS HM TF",
      AS: "AF AM AZ BH BD BT IO BN KH CN CX CC GE HK IN ID IR IQ IL JP JO KZ KP KR KW KG LA LB MO MY MV MN MM NP OM PK PS PH QA SA SG LK SY TW TJ TH TL TR TM AE UZ VN YE",
      EU: "AX AL AD AT BY BE BA BG HR CY CZ DK EE FO FI FR DE GI GR GG VA HU IS IE IM IT JE XK LV LI LT LU MK MT MD MC ME NL NO PL PT RO RU SM RS SK SI ES SE CH UA GB",
      NA: "AI AG AW BS BB BZ BM BQ VG CA KY CR CU CW DM DO SV GL GD GP GT HT HN JM MQ MX MS NI PA PR BL KN LC MF PM VC SX TT TC US VI",
      OC: "AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV UM VU WF",
      SA: "AR BO BR CL CO EC FK GF GY PY PE SR UY VE"
    };
    byCountry = /* @__PURE__ */ new Map();
    for (const [continent, codes] of Object.entries(MEMBERS)) {
      for (const code of codes.split(" ")) byCountry.set(code, continent);
    }
  }
});

// app/features/shipping/postcodes.ts
function normalizePostcode(postcode) {
  return postcode.toUpperCase().replace(/[\s-]+/g, "");
}
function numericForm(code) {
  let out = "";
  for (const ch of code) {
    if (ch >= "0" && ch <= "9") out += `0${ch}`;
    else if (ch >= "A" && ch <= "Z") out += String(ch.charCodeAt(0) - 55);
    else out += "00";
  }
  return out;
}
function inRange(postcode, min, max) {
  if (!postcode || !min || !max) return false;
  const digits = /^\d+$/;
  if (digits.test(min) && digits.test(max)) {
    if (!digits.test(postcode)) return false;
    const n = Number(postcode);
    return n >= Number(min) && n <= Number(max);
  }
  const value2 = numericForm(postcode);
  const lo = numericForm(min).padEnd(value2.length, "0");
  const hi = numericForm(max).padEnd(value2.length, "9");
  return value2 >= lo && value2 <= hi;
}
function escapeRegExp(s) {
  return s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}
function postcodeMatches(pattern, postcode) {
  const code = normalizePostcode(postcode);
  if (!code) return false;
  const raw = pattern.trim().toUpperCase();
  if (!raw) return false;
  if (raw.includes(RANGE)) {
    const parts = raw.split(RANGE);
    if (parts.length !== 2) return false;
    return inRange(code, normalizePostcode(parts[0]), normalizePostcode(parts[1]));
  }
  const p = normalizePostcode(raw);
  if (!p.includes("*")) return p === code;
  return new RegExp(`^${p.split("*").map(escapeRegExp).join(".*")}$`).test(code);
}
function anyPostcodeMatches(patterns, postcode) {
  return patterns.some((p) => postcodeMatches(p, postcode));
}
function splitList(text4, separators = /[;\n\r]+/) {
  return text4.split(separators).map((s) => s.trim()).filter(Boolean);
}
var RANGE;
var init_postcodes = __esm({
  "app/features/shipping/postcodes.ts"() {
    "use strict";
    RANGE = "...";
  }
});

// app/features/shipping/rates.ts
function flatRateCost(s, lines) {
  const perItem = s.costType === "per_item";
  const qtyByClass = /* @__PURE__ */ new Map();
  let totalQty = 0;
  for (const line of lines) {
    totalQty += line.quantity;
    qtyByClass.set(line.shippingClass, (qtyByClass.get(line.shippingClass) ?? 0) + line.quantity);
  }
  const base3 = s.cost * (perItem ? totalQty : 1);
  const classCharges = [];
  for (const [slug, qty] of qtyByClass) {
    const amount = slug === "" ? s.noClassCost : s.classCosts[slug] ?? 0;
    classCharges.push(amount * (perItem ? qty : 1));
  }
  const classPart = s.calculationType === "per_order" ? Math.max(0, ...classCharges) : classCharges.reduce((a, b) => a + b, 0);
  return base3 + classPart;
}
function freeShippingAvailable(s, p) {
  const amount = s.ignoreDiscounts ? p.contentsCostBeforeDiscount : p.contentsCost;
  const minMet = amount >= s.minAmount;
  switch (s.requires) {
    case "coupon":
      return p.freeShippingCoupon;
    case "min_amount":
      return minMet;
    case "either":
      return p.freeShippingCoupon || minMet;
    case "both":
      return p.freeShippingCoupon && minMet;
    default:
      return true;
  }
}
var init_rates = __esm({
  "app/features/shipping/rates.ts"() {
    "use strict";
  }
});

// app/features/shipping/shipping.schema.ts
import { z as z9 } from "zod";
function readMethodSettings(type, json2) {
  const schema = SETTINGS_SCHEMAS[type];
  let raw = {};
  try {
    raw = JSON.parse(json2);
  } catch {
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : schema.parse({});
}
var REST_OF_WORLD, METHOD_TYPES, minor, flatRateSettingsSchema, FREE_SHIPPING_REQUIRES, freeShippingSettingsSchema, localPickupSettingsSchema, SETTINGS_SCHEMAS, formFlag, title, newMethodSchema, REGION, zoneFormSchema, shippingClassSchema;
var init_shipping_schema = __esm({
  "app/features/shipping/shipping.schema.ts"() {
    "use strict";
    init_money();
    REST_OF_WORLD = "Rest of the world";
    METHOD_TYPES = ["flat_rate", "free_shipping", "local_pickup"];
    minor = z9.number().int().min(0).default(0);
    flatRateSettingsSchema = z9.object({
      /** Base cost, charged once per order or once per item (costType). */
      cost: minor,
      costType: z9.enum(["per_order", "per_item"]).default("per_order"),
      /** Extra cost by shipping class slug; charged per class present, or per item of it when costType is per_item. */
      classCosts: z9.record(z9.string(), z9.number().int().min(0)).default({}),
      /** Extra cost for items without a shipping class. */
      noClassCost: minor,
      /** per_class: add up the costs of every class in the package; per_order: charge only the highest. */
      calculationType: z9.enum(["per_class", "per_order"]).default("per_class")
    });
    FREE_SHIPPING_REQUIRES = ["", "coupon", "min_amount", "either", "both"];
    freeShippingSettingsSchema = z9.object({
      requires: z9.enum(FREE_SHIPPING_REQUIRES).default(""),
      minAmount: minor,
      /** Compare the minimum with the contents before coupon discounts. */
      ignoreDiscounts: z9.boolean().default(false)
    });
    localPickupSettingsSchema = z9.object({ cost: minor });
    SETTINGS_SCHEMAS = {
      flat_rate: flatRateSettingsSchema,
      free_shipping: freeShippingSettingsSchema,
      local_pickup: localPickupSettingsSchema
    };
    formFlag = z9.preprocess((v) => v === "1" || v === "on" || v === true, z9.boolean());
    title = z9.string().trim().min(1, "Enter a title").max(100, "At most 100 characters");
    newMethodSchema = z9.object({ type: z9.enum(METHOD_TYPES, { message: "Choose a shipping method" }) });
    REGION = /^(country|continent):[A-Z]{2}$/;
    zoneFormSchema = z9.object({
      name: z9.string().trim().min(1, "Enter a zone name").max(100, "At most 100 characters"),
      /** "country:US" or "continent:EU" from the regions select. */
      regions: z9.array(z9.string().regex(REGION, "Unknown region")).max(300).default([]),
      /** "US:CA, CA:ON": country code, colon, state code. */
      states: z9.string().max(5e3).default(""),
      /** One pattern a line: 90210, 902*, 90000...90999. */
      postcodes: z9.string().max(2e4).default("")
    });
    shippingClassSchema = z9.object({
      name: z9.string().trim().min(1, "Enter a class name").max(100, "At most 100 characters"),
      slug: z9.string().trim().toLowerCase().max(100).regex(/^[a-z0-9-]*$/, "Use lower-case letters, digits and dashes").default("")
    });
  }
});

// app/features/shipping/shipping.server.ts
function zoneMatches(locations, destination) {
  if (locations.length === 0) return false;
  const country = destination.country.trim().toUpperCase();
  const state = `${country}:${destination.state.trim().toUpperCase()}`;
  const continent = continentOf(country);
  const regions = locations.filter((l) => l.type !== "postcode");
  const postcodes = locations.filter((l) => l.type === "postcode").map((l) => l.code);
  const regionOk = regions.length === 0 || regions.some((l) => {
    const code = l.code.toUpperCase();
    if (l.type === "country") return code === country;
    if (l.type === "state") return code === state;
    if (l.type === "continent") return code === continent;
    return false;
  });
  return regionOk && (postcodes.length === 0 || anyPostcodeMatches(postcodes, destination.postcode));
}
async function matchZone(db, destination) {
  for (const [id2, zone] of await cached(db, "shipping.zones", () => loadZones(db))) {
    if (zoneMatches(zone.locations, destination)) return { id: id2, name: zone.name };
  }
  return { id: null, name: REST_OF_WORLD };
}
async function loadZones(db) {
  const rows = await db.selectFrom("shipping_zones as z").leftJoin("shipping_zone_locations as l", "l.zone_id", "z.id").select(["z.id", "z.name", "z.position", "l.type", "l.code"]).orderBy("z.position").orderBy("z.id").execute();
  const zones = /* @__PURE__ */ new Map();
  for (const r of rows) {
    let zone = zones.get(r.id);
    if (!zone) zones.set(r.id, zone = { name: r.name, locations: [] });
    if (r.type && r.code !== null) zone.locations.push({ type: r.type, code: r.code });
  }
  return zones;
}
function enabledMethods(db, zoneId) {
  return cached(db, `shipping.methods:${zoneId}`, () => loadMethods(db, zoneId));
}
async function loadMethods(db, zoneId) {
  let q = db.selectFrom("shipping_methods").select(["id", "type", "title", "settings"]).where("enabled", "=", 1);
  q = zoneId === null ? q.where("zone_id", "is", null) : q.where("zone_id", "=", zoneId);
  return q.orderBy("position").orderBy("id").execute();
}
function methodRate(m, p) {
  const id2 = `${m.type}:${m.id}`;
  switch (m.type) {
    case "flat_rate":
      return { id: id2, title: m.title, cost: flatRateCost(readMethodSettings("flat_rate", m.settings), p.lines), tax: 0 };
    case "free_shipping":
      return freeShippingAvailable(readMethodSettings("free_shipping", m.settings), p) ? { id: id2, title: m.title, cost: 0, tax: 0 } : null;
    case "local_pickup":
      return { id: id2, title: m.title, cost: readMethodSettings("local_pickup", m.settings).cost, tax: 0 };
    default:
      return null;
  }
}
async function calculateShipping(db, input) {
  const lines = input.lines.filter((l) => !l.virtual && l.quantity > 0);
  if (lines.length === 0) return { packages: [] };
  const zone = await matchZone(db, input.destination);
  const contents = {
    lines,
    contentsCost: input.contentsCost,
    contentsCostBeforeDiscount: input.contentsCostBeforeDiscount,
    freeShippingCoupon: input.freeShippingCoupon
  };
  const rates = [];
  for (const m of await enabledMethods(db, zone.id)) {
    const rate = methodRate(m, contents);
    if (rate) rates.push(rate);
  }
  return { packages: [{ id: 0, name: "Shipping", rates }] };
}
var init_shipping_server = __esm({
  "app/features/shipping/shipping.server.ts"() {
    "use strict";
    init_store_cache_server();
    init_continents();
    init_postcodes();
    init_rates();
    init_shipping_schema();
  }
});

// app/features/tax/tax-math.ts
function exclusive(amount, rates) {
  const taxes = {};
  let sum2 = 0;
  for (const r of rates) {
    if (r.compound) continue;
    taxes[r.id] = (taxes[r.id] ?? 0) + amount * r.rate / 100;
  }
  for (const v of Object.values(taxes)) sum2 += v;
  for (const r of rates) {
    if (!r.compound) continue;
    const tax = (amount + sum2) * r.rate / 100;
    taxes[r.id] = (taxes[r.id] ?? 0) + tax;
    sum2 += tax;
  }
  return taxes;
}
function inclusive(amount, rates) {
  const taxes = {};
  for (const r of rates) taxes[r.id] = 0;
  let rest = amount;
  for (const r of [...rates].filter((x) => x.compound).reverse()) {
    const tax = rest - rest / (1 + r.rate / 100);
    taxes[r.id] += tax;
    rest -= tax;
  }
  const regular = rates.filter((x) => !x.compound);
  const regularTotal = 1 + regular.reduce((s, r) => s + r.rate, 0) / 100;
  for (const r of regular) taxes[r.id] += rest * (r.rate / 100) / regularTotal;
  return taxes;
}
function calcTax(amount, rates, inclusiveOfTax) {
  if (rates.length === 0 || !Number.isFinite(amount)) return {};
  return inclusiveOfTax ? inclusive(amount, rates) : exclusive(amount, rates);
}
function roundHalfUp(value2) {
  if (Number.isInteger(value2)) return value2 === 0 ? 0 : value2;
  const clean = Number(value2.toPrecision(12));
  const r = Math.sign(clean) * Math.round(Math.abs(clean));
  return r === 0 ? 0 : r;
}
function sumTaxes(taxes) {
  let s = 0;
  for (const v of Object.values(taxes)) s += v;
  return s;
}
var init_tax_math = __esm({
  "app/features/tax/tax-math.ts"() {
    "use strict";
  }
});

// app/lib/csv.ts
var init_csv = __esm({
  "app/lib/csv.ts"() {
    "use strict";
  }
});

// app/features/tax/tax.schema.ts
import { z as z10 } from "zod";
function taxClassSlug(input) {
  const slug = input.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return slug === "standard" ? "" : slug;
}
function parseRatePercent(text4) {
  const m = /^(\d{1,4})(?:\.(\d{0,4}))?$/.exec(text4.trim().replace(/\s*%$/, ""));
  if (!m) return null;
  return Number(m[1]) * 1e4 + Number((m[2] ?? "").padEnd(4, "0"));
}
var any, list3, flag7, taxRateInputSchema, IMPORT_MODES, importModeSchema;
var init_tax_schema = __esm({
  "app/features/tax/tax.schema.ts"() {
    "use strict";
    any = (v) => {
      const s = String(v ?? "").trim();
      return s === "*" ? "" : s;
    };
    list3 = (upper, max) => z10.preprocess(
      (v) => any(v).split(/[;\n\r]+/).map((s) => upper ? s.trim().toUpperCase() : s.trim()).filter((s) => s && s !== "*").join(";"),
      z10.string().max(max, `At most ${max} characters`)
    );
    flag7 = (fallback) => z10.preprocess((v) => {
      const s = String(v ?? "").trim().toLowerCase();
      if (s === "") return fallback;
      return ["1", "on", "yes", "true"].includes(s) ? true : ["0", "off", "no", "false"].includes(s) ? false : s;
    }, z10.boolean({ message: "Use 1 or 0" }));
    taxRateInputSchema = z10.object({
      country: z10.preprocess(
        (v) => any(v).toUpperCase(),
        z10.string().regex(/^([A-Z]{2})?$/, "Use a two-letter country code, or leave empty for any")
      ),
      state: z10.preprocess((v) => any(v).toUpperCase(), z10.string().max(100, "At most 100 characters")),
      postcodes: list3(true, 1e4),
      cities: list3(true, 1e4),
      rate: z10.preprocess(
        (v) => parseRatePercent(String(v ?? "")) ?? Number.NaN,
        z10.number({ message: "Enter a percentage such as 20 or 8.875 (at most four decimals)" }).int().min(0, "Must not be negative").max(1e6, "At most 100 %")
      ),
      name: z10.preprocess((v) => String(v ?? "").trim(), z10.string().max(200, "At most 200 characters")),
      priority: z10.preprocess(
        (v) => String(v ?? "").trim() === "" ? 1 : Number(v),
        z10.number({ message: "Priority must be a whole number" }).int("Priority must be a whole number").min(1, "Priority is at least 1").max(1e3)
      ),
      compound: flag7(false),
      shipping: flag7(true),
      taxClass: z10.preprocess((v) => taxClassSlug(String(v ?? "")), z10.string().max(100, "At most 100 characters"))
    });
    IMPORT_MODES = ["append", "replace"];
    importModeSchema = z10.enum(IMPORT_MODES, { message: "Choose append or replace" });
  }
});

// app/features/tax/tax-csv.server.ts
var init_tax_csv_server = __esm({
  "app/features/tax/tax-csv.server.ts"() {
    "use strict";
    init_http_error();
    init_csv();
    init_tax_schema();
  }
});

// app/features/tax/tax.server.ts
function toTaxRate(r) {
  return {
    id: r.id,
    country: r.country,
    state: r.state,
    rate: r.rate / 1e4,
    name: r.name,
    priority: r.priority,
    compound: r.compound === 1,
    shipping: r.shipping === 1,
    taxClass: r.tax_class
  };
}
function rateCoversPlace(r, location) {
  const postcodes = splitList(r.postcodes);
  if (postcodes.length > 0 && !anyPostcodeMatches(postcodes, location.postcode)) return false;
  const cities = splitList(r.cities).map((c) => c.toUpperCase());
  return cities.length === 0 || cities.includes(location.city.trim().toUpperCase());
}
function findTaxRates(db, location, taxClass) {
  const key = `tax:${taxClass}|${location.country}|${location.state}|${location.postcode}|${location.city}`;
  return cached(db, key.toUpperCase(), () => loadTaxRates(db, location, taxClass));
}
async function loadTaxRates(db, location, taxClass) {
  const country = location.country.trim().toUpperCase();
  const state = location.state.trim().toUpperCase();
  const rows = await db.selectFrom("tax_rates").select(["id", "country", "state", "postcodes", "cities", "rate", "name", "priority", "compound", "shipping", "tax_class"]).where("tax_class", "=", taxClass).where("country", "in", country ? [country, ""] : [""]).where("state", "in", state ? [state, ""] : [""]).orderBy("priority").orderBy("position").orderBy("id").execute();
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const r of rows) {
    if (seen.has(r.priority) || !rateCoversPlace(r, location)) continue;
    seen.add(r.priority);
    out.push(toTaxRate(r));
  }
  return out;
}
var init_tax_server = __esm({
  "app/features/tax/tax.server.ts"() {
    "use strict";
    init_store_cache_server();
    init_postcodes();
    init_tax_math();
    init_tax_csv_server();
  }
});

// app/features/cart/totals.server.ts
import { createHash as createHash4 } from "node:crypto";
async function priceCart(db, cart, settings, customer, options = {}) {
  const rows = await cartItems(db, cart.id);
  if (!options.memo || db.isTransaction) return computeCart(db, cart, rows, settings, customer);
  const signature = [
    await readStoreVersion(db),
    cart.coupons,
    cart.customer,
    cart.shipping_choice,
    customer.userId,
    customer.email,
    rows.map((r) => `${r.id}:${r.item_key}:${r.quantity}`).join(",")
  ].join("|");
  const hit = priced.get(cart.id);
  if (hit && hit.signature === signature && Date.now() - hit.born < STORE_CACHE_MAX_AGE_MS) return hit.cart;
  const result = await computeCart(db, cart, rows, settings, customer);
  if (result.notices.length === 0) {
    priced.delete(cart.id);
    if (priced.size >= PRICED_CARTS) priced.delete(priced.keys().next().value);
    priced.set(cart.id, { signature, cart: result, born: Date.now() });
  }
  return result;
}
async function computeCart(db, cart, rows, settings, customer) {
  const notices = [];
  const found = await loadPurchasables(db, rows.map((r) => ({ productId: r.product_id, variationId: r.variation_id })));
  const lines = [];
  for (const row of rows) {
    const p = found.get(`${row.product_id}:${row.variation_id ?? ""}`);
    if (!p || p.status !== "publish" || p.price === null || p.stockStatus === "outofstock") {
      notices.push(`\u201C${p?.name ?? "A product"}\u201D was removed from your cart because it can no longer be bought.`);
      await db.deleteFrom("cart_items").where("id", "=", row.id).execute();
      continue;
    }
    const max = maxQuantity(p);
    let quantity2 = row.quantity;
    if (max !== null && quantity2 > max) {
      quantity2 = Math.max(max, 0);
      if (quantity2 === 0) {
        await db.deleteFrom("cart_items").where("id", "=", row.id).execute();
        notices.push(`\u201C${p.name}\u201D was removed from your cart: none left in stock.`);
        continue;
      }
      await db.updateTable("cart_items").set({ quantity: quantity2 }).where("id", "=", row.id).execute();
      notices.push(`The quantity of \u201C${p.name}\u201D was reduced to ${quantity2}, the most available.`);
    }
    const chosen = parseJson(row.attributes, {});
    lines.push({
      row,
      line: {
        key: row.item_key,
        productId: p.productId,
        variationId: p.variationId,
        categoryIds: p.categoryIds,
        quantity: quantity2,
        unitPrice: p.price,
        lineSubtotal: p.price * quantity2,
        onSale: p.onSale,
        taxStatus: p.taxStatus,
        taxClass: p.taxClass,
        shippingClass: p.shippingClass,
        virtual: p.virtual
      },
      item: {
        key: row.item_key,
        productId: p.productId,
        variationId: p.variationId,
        name: p.name,
        attributes: Object.entries(chosen).map(([slug, value2]) => ({ name: p.attributes[slug]?.name ?? slug, value: value2 })),
        quantity: quantity2,
        image: p.image,
        url: `/product/${p.slug}${variationQuery(chosen)}`,
        stockStatus: p.stockStatus,
        maxQuantity: max,
        // Filled in once tax is known.
        unitPrice: 0,
        lineSubtotal: 0,
        lineTotal: 0,
        lineTax: 0
      }
    });
  }
  const priced2 = lines.map((l) => l.line);
  const subtotalEntered = sum(priced2.map((l) => l.lineSubtotal));
  const codes = parseJson(cart.coupons, []);
  const valid = [];
  for (const code of settings.couponsEnabled ? codes : []) {
    const coupon = await findCoupon(db, code);
    const problem = coupon ? await checkCoupon(db, coupon, { lines: priced2, subtotal: subtotalEntered, customer, applied: valid, format: settings }) : `Coupon \u201C${code}\u201D does not exist.`;
    if (problem) notices.push(`${problem} It was removed from your cart.`);
    else valid.push(coupon);
  }
  if (valid.length !== codes.length) {
    await db.updateTable("carts").set({ coupons: JSON.stringify(valid.map((c) => c.code)) }).where("id", "=", cart.id).execute();
  }
  const discounts = computeDiscounts(valid, priced2);
  const discountOf = (key) => discounts.perLine[key] ?? 0;
  const address2 = parseJson(cart.customer, {});
  const hasAddress = typeof address2.country === "string" && address2.country.length === 2;
  const destination = hasAddress ? { country: address2.country, state: address2.state ?? "", postcode: address2.postcode ?? "", city: address2.city ?? "" } : { country: settings.baseCountry, state: settings.baseState, postcode: settings.basePostcode, city: settings.baseCity };
  const afterDiscount = subtotalEntered - sum(Object.values(discounts.perLine));
  const shipping = priced2.length ? await calculateShipping(db, { destination, lines: priced2, contentsCost: afterDiscount, contentsCostBeforeDiscount: subtotalEntered, freeShippingCoupon: discounts.freeShipping }) : { packages: [] };
  const choice = parseJson(cart.shipping_choice, {});
  const packages = shipping.packages.map((pkg) => ({
    ...pkg,
    selected: pkg.rates.some((r) => r.id === choice[pkg.id]) ? choice[pkg.id] : pkg.rates[0]?.id ?? null
  }));
  const chosenRates = packages.map((pkg) => pkg.rates.find((r) => r.id === pkg.selected)).filter((r) => !!r);
  const taxOn = settings.taxesEnabled;
  const inclusive2 = settings.pricesIncludeTax;
  const taxLocation = settings.taxBasedOn === "base" || !hasAddress ? { country: settings.baseCountry, state: settings.baseState, postcode: settings.basePostcode, city: settings.baseCity } : destination;
  const shippingNet = sum(chosenRates.map((r) => r.cost));
  const classes = /* @__PURE__ */ new Set();
  if (taxOn) {
    for (const l of priced2) if (l.taxStatus === "taxable") classes.add(l.taxClass);
    if (shippingNet > 0) classes.add("");
  }
  const ratesByClass = new Map(await Promise.all([...classes].map(async (c) => [c, await findTaxRates(db, taxLocation, c)])));
  const rateNames = /* @__PURE__ */ new Map();
  for (const rates of ratesByClass.values()) for (const r of rates) rateNames.set(r.id, r.name || "Tax");
  const NO_TAX = {};
  const taxOf = (line, amount) => taxOn && line.taxStatus === "taxable" ? calcTax(amount, ratesByClass.get(line.taxClass), inclusive2) : NO_TAX;
  const showIncl = taxOn && settings.taxDisplayCart === "incl";
  const byRate = /* @__PURE__ */ new Map();
  const items = [];
  let totalNet = 0;
  for (let i = 0; i < priced2.length; i++) {
    const l = priced2[i];
    const total = l.lineSubtotal - discountOf(l.key);
    const subTax = round(taxSum(taxOf(l, l.lineSubtotal)));
    const totTaxes = taxOf(l, total);
    const totTax = round(taxSum(totTaxes));
    for (const [id2, amount] of Object.entries(totTaxes)) {
      byRate.set(Number(id2), (byRate.get(Number(id2)) ?? 0) + (settings.taxRoundAtSubtotal ? amount : round(amount)));
    }
    const subNet = inclusive2 ? l.lineSubtotal - subTax : l.lineSubtotal;
    const totNet = inclusive2 ? total - totTax : total;
    totalNet += totNet;
    const item = lines[i].item;
    item.lineSubtotal = showIncl ? subNet + subTax : subNet;
    item.unitPrice = Math.round(item.lineSubtotal / l.quantity);
    item.lineTotal = showIncl ? totNet + totTax : totNet;
    item.lineTax = totTax;
    items.push(item);
  }
  const shippingTaxByRate = {};
  if (taxOn && shippingNet > 0) {
    const rates = (ratesByClass.get("") ?? []).filter((r) => r.shipping);
    for (const [id2, amount] of Object.entries(calcTax(shippingNet, rates, false))) shippingTaxByRate[Number(id2)] = round(amount);
  }
  const itemsTax = round(sum([...byRate.values()]));
  const shippingTax = taxSum(shippingTaxByRate);
  for (const [id2, amount] of Object.entries(shippingTaxByRate)) byRate.set(Number(id2), (byRate.get(Number(id2)) ?? 0) + amount);
  const subtotalShown = sum(items.map((i) => i.lineSubtotal));
  const discountShown = subtotalShown - sum(items.map((i) => i.lineTotal));
  const result = {
    items,
    coupons: valid.map((c) => ({ code: c.code, discount: discounts.perCoupon[c.code] ?? 0, freeShipping: c.freeShipping })),
    shipping: {
      address: hasAddress ? { country: destination.country, state: destination.state, postcode: destination.postcode, city: destination.city } : null,
      packages,
      ready: packages.every((p) => p.selected !== null)
    },
    totals: {
      subtotal: subtotalShown,
      discount: discountShown,
      shipping: showIncl ? shippingNet + shippingTax : shippingNet,
      tax: itemsTax + shippingTax,
      total: totalNet + itemsTax + shippingNet + shippingTax,
      currency: settings.currency,
      taxLines: taxOn ? mergeTaxLines(byRate, rateNames) : [],
      pricesIncludeTax: showIncl
    },
    itemCount: sum(items.map((i) => i.quantity)),
    hash: "",
    notices
  };
  result.hash = createHash4("sha256").update(JSON.stringify([result.items.map((i) => [i.key, i.quantity, i.lineTotal]), result.coupons, result.totals, result.shipping])).digest("hex").slice(0, 32);
  return result;
}
function mergeTaxLines(byRate, names) {
  const byName = /* @__PURE__ */ new Map();
  for (const [id2, amount] of byRate) byName.set(names.get(id2) ?? "Tax", (byName.get(names.get(id2) ?? "Tax") ?? 0) + amount);
  return [...byName].map(([label, amount]) => ({ label, amount: round(amount) }));
}
function variationQuery(chosen) {
  const q = Object.entries(chosen).filter(([, v]) => v).map(([k, v]) => `attribute_${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return q.length ? `?${q.join("&")}` : "";
}
var sum, round, taxSum, PRICED_CARTS, priced;
var init_totals_server = __esm({
  "app/features/cart/totals.server.ts"() {
    "use strict";
    init_coupons_server();
    init_shipping_server();
    init_tax_server();
    init_tax_math();
    init_cart_store_server();
    init_lines_server();
    init_json();
    init_store_cache_server();
    init_store_version_server();
    sum = (xs) => xs.reduce((a, b) => a + b, 0);
    round = roundHalfUp;
    taxSum = sumTaxes;
    PRICED_CARTS = 1e4;
    priced = /* @__PURE__ */ new Map();
  }
});

// app/features/shipping/countries.ts
import { countryTuples } from "country-region-data";
function countries() {
  list4 ??= countryTuples.map(([name, code]) => ({ code, name }));
  return list4;
}
function countryName(code) {
  return countries().find((c) => c.code === code)?.name;
}
function isCountry(code) {
  return countries().some((c) => c.code === code);
}
function stateField(code) {
  const c = code.toUpperCase();
  if (STATE_REQUIRED.includes(c)) return "required";
  if (STATE_OPTIONAL.includes(c)) return "optional";
  return "hidden";
}
var STATE_REQUIRED, STATE_OPTIONAL, list4;
var init_countries = __esm({
  "app/features/shipping/countries.ts"() {
    "use strict";
    STATE_REQUIRED = [
      "AR",
      // provincias
      "AU",
      // states and territories
      "BR",
      // estados
      "CA",
      // provinces and territories
      "CN",
      // provinces
      "ES",
      // provincias
      "ID",
      // provinsi
      "IE",
      // counties
      "IN",
      // states and union territories
      "IT",
      // regioni
      "JP",
      // prefectures
      "MX",
      // estados
      "MY",
      // states
      "NG",
      // states
      "PH",
      // regions
      "RO",
      // județe
      "TH",
      // changwat
      "TR",
      // iller
      "US",
      // states, DC and territories
      "ZA"
      // provinces
    ];
    STATE_OPTIONAL = ["BD", "BG", "CH", "CO", "NZ", "PE"];
  }
});

// app/features/shipping/states.server.ts
import { allCountries } from "country-region-data";
function table() {
  byCountry2 ??= new Map(allCountries.map(([, code, regions]) => [code, regions.map(([name, c]) => ({ code: c, name }))]));
  return byCountry2;
}
function statesOf(country) {
  return table().get(country.toUpperCase()) ?? [];
}
function stateName(country, state) {
  const s = state.toUpperCase();
  return statesOf(country).find((x) => x.code.toUpperCase() === s)?.name;
}
function normalizeState(country, state) {
  const s = state.trim();
  if (!s) return "";
  const upper = s.toUpperCase();
  const found = statesOf(country).find((x) => x.code.toUpperCase() === upper || x.name.toUpperCase() === upper);
  return found ? found.code : s;
}
var byCountry2;
var init_states_server = __esm({
  "app/features/shipping/states.server.ts"() {
    "use strict";
  }
});

// app/features/cart/cart.server.ts
async function answer(services, row, token, caller2) {
  const settings = await getSettings(services.db);
  return { cart: await priceCart(services.db, row, settings, caller2.customer, { memo: true }), token };
}
async function mustHave(services, caller2) {
  const found = await resolveCart(services.db, caller2.identity, true);
  return found;
}
async function getCart(services, caller2) {
  const found = await resolveCart(services.db, caller2.identity, false);
  if (found) return answer(services, found.cart, found.token, caller2);
  const { currency } = await getSettings(services.db);
  return {
    token: null,
    cart: { items: [], coupons: [], shipping: { address: null, packages: [], ready: true }, totals: { ...EMPTY_TOTALS, currency }, itemCount: 0, hash: "", notices: [] }
  };
}
function normaliseAttributes(input) {
  const out = {};
  for (const [k, v] of Object.entries(input ?? {})) out[k.replace(/^attribute_/, "").replace(/^pa_/, "").toLowerCase()] = v;
  return out;
}
function chosenAttributes(p, given) {
  const chosen = {};
  for (const [slug, value2] of Object.entries(p.variationAttributes)) {
    if (value2) {
      chosen[slug] = value2;
      continue;
    }
    const attr = p.attributes[slug];
    const pick = given[slug];
    const option = pick === void 0 ? void 0 : attr?.options.find((o) => o.toLowerCase() === pick.toLowerCase());
    if (!option) {
      throw new HttpError(400, "missing_attributes", `Please choose a ${attr?.name ?? slug} for \u201C${p.name}\u201D.`, { [`attributes.${slug}`]: "Choose a value" }, void 0, {
        productUrl: `/product/${p.slug}`
      });
    }
    chosen[slug] = option;
  }
  return chosen;
}
async function matchVariation(services, productId, given) {
  const rows = await services.db.selectFrom("product_variations").select(["id", "attributes"]).where("product_id", "=", productId).where("status", "=", "publish").orderBy("menu_order").orderBy("id").execute();
  return rows.find((r) => {
    const attrs = JSON.parse(r.attributes);
    return Object.entries(attrs).every(([k, v]) => v === "" ? given[k] !== void 0 : given[k]?.toLowerCase() === v.toLowerCase());
  })?.id;
}
async function addItem(services, caller2, input) {
  const data = parseInput(addItemSchema, input);
  const given = normaliseAttributes(data.attributes);
  let variationId = data.variationId ?? null;
  const product = (await loadPurchasables(services.db, [{ productId: data.productId, variationId: null }])).get(`${data.productId}:`);
  if (!product) throw new HttpError(404, "not_found", "This product does not exist.");
  if (product.type !== "variable" && variationId !== null) throw new HttpError(400, "invalid", "This product has no variations.", { variationId: "Not a variation of this product" });
  if (product.type === "variable" && variationId === null && Object.keys(given).length) variationId = await matchVariation(services, product.productId, given) ?? null;
  const p = variationId === null ? product : (await loadPurchasables(services.db, [{ productId: data.productId, variationId }])).get(`${data.productId}:${variationId}`);
  if (!p) throw new HttpError(400, "invalid", "That variation does not belong to this product.", { variationId: "Not a variation of this product" });
  const attributes = p.variationId === null ? {} : chosenAttributes(p, given);
  assertAvailable(p);
  const { cart, token } = await mustHave(services, caller2);
  const key = itemKey(p.productId, p.variationId, attributes);
  const values = [cart.id, key, p.productId, p.variationId, JSON.stringify(attributes), data.quantity, nowIso()];
  const { min, max } = lineBounds(p);
  const added = data.quantity >= min && data.quantity <= max && await ADD_TO_LINE.first(services.db, [...values, min, max]);
  if (!added) {
    await services.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("cart_items").select(["id", "quantity"]).where("cart_id", "=", cart.id).where("item_key", "=", key).executeTakeFirst();
      assertPurchasable(p, data.quantity, existing?.quantity ?? 0);
      await ADD_TO_LINE.first(trx, [...values, 0, MAX_LINE_QUANTITY]);
    });
  }
  await touchCart(services.db, cart);
  return answer(services, cart, token, caller2);
}
async function lineOf(services, caller2, key) {
  const found = await resolveCart(services.db, caller2.identity, false);
  const row = found && key.length <= 64 ? await services.db.selectFrom("cart_items").selectAll().where("cart_id", "=", found.cart.id).where("item_key", "=", key).executeTakeFirst() : void 0;
  if (!found || !row) throw new HttpError(404, "not_found", "That item is not in your cart.");
  return { ...found, row };
}
async function updateItem(services, caller2, key, input) {
  const { quantity: quantity2 } = parseInput(updateItemSchema, input);
  const { cart, token, row } = await lineOf(services, caller2, key);
  if (quantity2 === 0) {
    await services.db.deleteFrom("cart_items").where("id", "=", row.id).execute();
  } else {
    const p = (await loadPurchasables(services.db, [{ productId: row.product_id, variationId: row.variation_id }])).get(`${row.product_id}:${row.variation_id ?? ""}`);
    if (!p) throw new HttpError(409, "not_purchasable", "This product can no longer be bought.");
    assertPurchasable(p, quantity2, 0);
    await services.db.updateTable("cart_items").set({ quantity: quantity2 }).where("id", "=", row.id).execute();
  }
  await touchCart(services.db, cart);
  return answer(services, cart, token, caller2);
}
async function removeItem(services, caller2, key) {
  const { cart, token, row } = await lineOf(services, caller2, key);
  await services.db.deleteFrom("cart_items").where("id", "=", row.id).execute();
  await touchCart(services.db, cart);
  return answer(services, cart, token, caller2);
}
async function applyCoupon(services, caller2, input) {
  const { code } = parseInput(couponCodeSchema, input);
  const settings = await getSettings(services.db);
  if (!settings.couponsEnabled) throw new HttpError(409, "coupons_disabled", "Coupons are not in use in this shop.");
  const coupon = await findCoupon(services.db, code);
  if (!coupon) throw new HttpError(404, "coupon_not_found", `Coupon \u201C${code.slice(0, 40)}\u201D does not exist.`, { code: "This coupon does not exist" });
  const { cart, token } = await mustHave(services, caller2);
  const codes = JSON.parse(cart.coupons);
  if (codes.includes(coupon.code)) throw new HttpError(409, "coupon_applied", `Coupon \u201C${coupon.code}\u201D is already applied.`);
  const rows = await loadLinesForRules(services, cart);
  if (rows.length === 0) throw new HttpError(409, "cart_empty", "Add products to your cart before applying a coupon.");
  const applied = (await Promise.all(codes.map((c) => findCoupon(services.db, c)))).filter((c) => !!c);
  const problem = await checkCoupon(services.db, coupon, { lines: rows, subtotal: rows.reduce((a, l) => a + l.lineSubtotal, 0), customer: caller2.customer, applied, format: settings });
  if (problem) throw new HttpError(409, "coupon_invalid", problem, { code: problem });
  const next = coupon.individualUse ? [coupon.code] : [...codes, coupon.code];
  await services.db.updateTable("carts").set({ coupons: JSON.stringify(next), updated_at: nowIso() }).where("id", "=", cart.id).execute();
  return answer(services, { ...cart, coupons: JSON.stringify(next) }, token, caller2);
}
async function loadLinesForRules(services, cart) {
  const settings = await getSettings(services.db);
  const priced2 = await priceCart(services.db, { ...cart, coupons: "[]" }, { ...settings, taxesEnabled: false }, { userId: null, email: null });
  const found = await loadPurchasables(services.db, priced2.items.map((i) => ({ productId: i.productId, variationId: i.variationId })));
  return priced2.items.map((i) => {
    const p = found.get(`${i.productId}:${i.variationId ?? ""}`);
    return { key: i.key, productId: i.productId, variationId: i.variationId, categoryIds: p.categoryIds, quantity: i.quantity, unitPrice: p.price ?? 0, lineSubtotal: (p.price ?? 0) * i.quantity, onSale: p.onSale, taxStatus: p.taxStatus, taxClass: p.taxClass, shippingClass: p.shippingClass, virtual: p.virtual };
  });
}
async function removeCoupon(services, caller2, code) {
  const found = await resolveCart(services.db, caller2.identity, false);
  const codes = found ? JSON.parse(found.cart.coupons) : [];
  const wanted = code.trim().toLowerCase();
  if (!found || !codes.includes(wanted)) throw new HttpError(404, "not_found", "That coupon is not applied to your cart.");
  const next = codes.filter((c) => c !== wanted);
  await services.db.updateTable("carts").set({ coupons: JSON.stringify(next), updated_at: nowIso() }).where("id", "=", found.cart.id).execute();
  return answer(services, { ...found.cart, coupons: JSON.stringify(next) }, found.token, caller2);
}
async function setCustomer(services, caller2, input) {
  const parsed = parseInput(customerSchema, input);
  if (!isCountry(parsed.country)) throw new HttpError(400, "invalid", "Choose a country.", { country: "Unknown country" });
  const address2 = { ...parsed, state: parsed.state ? normalizeState(parsed.country, parsed.state) : "" };
  const { cart, token } = await mustHave(services, caller2);
  const customer = JSON.stringify(address2);
  await services.db.updateTable("carts").set({ customer, updated_at: nowIso() }).where("id", "=", cart.id).execute();
  return answer(services, { ...cart, customer }, token, caller2);
}
async function setShippingRate(services, caller2, input) {
  const { packageId, rateId } = parseInput(shippingRateSchema, input);
  const found = await resolveCart(services.db, caller2.identity, false);
  if (!found) throw new HttpError(404, "not_found", "Your cart is empty.");
  const current = await answer(services, found.cart, found.token, caller2);
  const pkg = current.cart.shipping.packages.find((p) => p.id === packageId);
  if (!pkg || !pkg.rates.some((r) => r.id === rateId)) throw new HttpError(400, "invalid", "That shipping method is not available for this address.", { rateId: "Not available" });
  const choice = { ...JSON.parse(found.cart.shipping_choice), [packageId]: rateId };
  const shipping_choice = JSON.stringify(choice);
  await services.db.updateTable("carts").set({ shipping_choice, updated_at: nowIso() }).where("id", "=", found.cart.id).execute();
  return answer(services, { ...found.cart, shipping_choice }, found.token, caller2);
}
var EMPTY_TOTALS, ADD_TO_LINE;
var init_cart_server = __esm({
  "app/features/cart/cart.server.ts"() {
    "use strict";
    init_http_error();
    init_time();
    init_validate();
    init_settings_server();
    init_coupons_server();
    init_cart_schema();
    init_cart_store_server();
    init_lines_server();
    init_hot_query();
    init_totals_server();
    init_countries();
    init_states_server();
    EMPTY_TOTALS = { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0, taxLines: [], pricesIncludeTax: false };
    ADD_TO_LINE = hotQuery(
      (db, slot) => db.insertInto("cart_items").values({
        cart_id: slot(0),
        item_key: slot(1),
        product_id: slot(2),
        variation_id: slot(3),
        attributes: slot(4),
        quantity: slot(5),
        created_at: slot(6)
      }).onConflict(
        (oc) => oc.columns(["cart_id", "item_key"]).doUpdateSet((eb) => ({ quantity: eb("cart_items.quantity", "+", eb.ref("excluded.quantity")) })).where((eb) => eb.between(eb("cart_items.quantity", "+", eb.ref("excluded.quantity")), slot(7), slot(8)))
      ).returning("quantity"),
      // Cart lines are not store data: the store version read before stays current.
      { storeData: false }
    );
  }
});

// server/api/cart.ts
import { z as z11 } from "zod";
function caller(request) {
  return cartCallerFrom({
    headerToken: request.headers["cart-token"],
    cookieToken: request.cookies.vt_cart,
    user: request.ctx.user
  });
}
function send(request, reply, result, status = 200) {
  reply.header("cache-control", "no-store");
  if (result.token) reply.header("cart-token", result.token);
  if (!request.headers["cart-token"]) {
    for (const c of cartCookies(result, request.ctx.secure)) reply.header("set-cookie", c);
  }
  return reply.status(status).type(JSON_TYPE).send(jsonOnce(result.cart));
}
async function cartRoutes(api) {
  const services = api.services;
  api.get("/cart", async (request, reply) => send(request, reply, await getCart(services, caller(request))));
  api.post("/cart/items", async (request, reply) => send(request, reply, await addItem(services, caller(request), request.body), 201));
  api.patch("/cart/items/:key", async (request, reply) => {
    const { key } = parseInput(keyParam, request.params);
    return send(request, reply, await updateItem(services, caller(request), key, request.body));
  });
  api.delete("/cart/items/:key", async (request, reply) => {
    const { key } = parseInput(keyParam, request.params);
    return send(request, reply, await removeItem(services, caller(request), key));
  });
  api.post("/cart/coupons", async (request, reply) => send(request, reply, await applyCoupon(services, caller(request), request.body)));
  api.delete("/cart/coupons/:code", async (request, reply) => {
    const { code } = parseInput(codeParam, request.params);
    return send(request, reply, await removeCoupon(services, caller(request), code));
  });
  api.post("/cart/customer", async (request, reply) => send(request, reply, await setCustomer(services, caller(request), request.body)));
  api.post("/cart/shipping-rate", async (request, reply) => send(request, reply, await setShippingRate(services, caller(request), request.body)));
}
var keyParam, codeParam;
var init_cart2 = __esm({
  "server/api/cart.ts"() {
    "use strict";
    init_cart_server();
    init_cart_http_server();
    init_validate();
    init_json_once();
    keyParam = z11.object({ key: z11.string().min(1).max(64) });
    codeParam = z11.object({ code: z11.string().min(1).max(100) });
  }
});

// app/features/address/address.ts
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
function stateLabel(country) {
  return STATE_LABELS[country.toUpperCase()] ?? "State / County";
}
function postcodeLabel(country) {
  return POSTCODE_LABELS[country.toUpperCase()] ?? "Postcode / ZIP";
}
function addressFormat(country, options = {}) {
  const code = (country ?? "").trim().toUpperCase();
  const known = isCountry(code);
  const state = known ? stateField(code) : "optional";
  const postcodeChecked = known && postcodeValidatorExistsForCountry(code);
  const postcodeRequired = known && !NO_POSTCODE.has(code);
  const fields = [
    { name: "first_name", label: "First name", required: true, autocomplete: "given-name" },
    { name: "last_name", label: "Last name", required: true, autocomplete: "family-name" },
    { name: "company", label: "Company name", required: false, autocomplete: "organization" },
    { name: "country", label: "Country / Region", required: true, autocomplete: "country" },
    { name: "address_1", label: "Street address", required: true, autocomplete: "address-line1" },
    { name: "address_2", label: "Apartment, suite, unit, etc.", required: false, autocomplete: "address-line2" },
    { name: "city", label: "Town / City", required: true, autocomplete: "address-level2" }
  ];
  if (state !== "hidden") {
    fields.push({ name: "state", label: stateLabel(code), required: state === "required", input: state === "required" ? "select" : "text", autocomplete: "address-level1" });
  }
  fields.push({ name: "postcode", label: postcodeLabel(code), required: postcodeRequired, autocomplete: "postal-code" });
  if (options.withContact) {
    fields.push({ name: "phone", label: "Phone", required: false, autocomplete: "tel" });
    fields.push({ name: "email", label: "Email address", required: true, autocomplete: "email" });
  }
  return {
    country: code,
    countryName: countryName(code) ?? "",
    fields,
    state,
    stateLabel: stateLabel(code),
    postcodeLabel: postcodeLabel(code),
    postcodeRequired,
    postcodeChecked
  };
}
function normalizePostcode2(postcode) {
  return postcode.trim().toUpperCase().replace(/\s+/g, " ");
}
function postcodeValid(country, postcode) {
  const code = country.toUpperCase();
  const p = normalizePostcode2(postcode);
  if (!p) return true;
  if (!postcodeValidatorExistsForCountry(code)) return p.length <= 20;
  return postcodeValidator(p, code);
}
function postcodeMessage(country) {
  return `Please enter a valid ${postcodeLabel(country)} for ${countryName(country.toUpperCase()) ?? "this country"}.`;
}
function formatAddressLines(a, stateName2) {
  const name = [a.first_name, a.last_name].filter(Boolean).join(" ");
  const country = a.country ? countryName(a.country) ?? a.country : "";
  const state = a.state && a.country ? stateName2?.(a.country, a.state) ?? a.state : a.state ?? "";
  const cityLine = [a.city, state, a.postcode].filter(Boolean).join(", ");
  return [name, a.company, a.address_1, a.address_2, cityLine, country].filter((l) => !!l && l.trim().length > 0);
}
var EMPTY_ADDRESS, STATE_LABELS, POSTCODE_LABELS, NO_POSTCODE;
var init_address = __esm({
  "app/features/address/address.ts"() {
    "use strict";
    init_countries();
    EMPTY_ADDRESS = {
      first_name: "",
      last_name: "",
      company: "",
      address_1: "",
      address_2: "",
      city: "",
      state: "",
      postcode: "",
      country: "",
      email: "",
      phone: ""
    };
    STATE_LABELS = {
      AU: "State",
      BR: "State",
      CA: "Province",
      CN: "Province",
      ES: "Province",
      GB: "County",
      IE: "County",
      ID: "Province",
      IN: "State",
      IT: "Province",
      JP: "Prefecture",
      MX: "State",
      MY: "State",
      NG: "State",
      NZ: "Region",
      PH: "Province",
      RO: "County",
      TH: "Province",
      TR: "Province",
      US: "State",
      ZA: "Province",
      AR: "Province",
      BD: "District",
      BG: "Province",
      CH: "Canton",
      CO: "Department",
      PE: "Region"
    };
    POSTCODE_LABELS = {
      US: "ZIP Code",
      CA: "Postal code",
      IN: "PIN Code",
      IE: "Eircode",
      BR: "CEP",
      JP: "Postal code",
      NL: "Postcode",
      GB: "Postcode",
      AU: "Postcode",
      DE: "Postcode",
      FR: "Postcode",
      IT: "Postcode",
      ES: "Postcode",
      ZA: "Postal code",
      PH: "ZIP Code"
    };
    NO_POSTCODE = /* @__PURE__ */ new Set(["AE", "AO", "AG", "AW", "BF", "BI", "BJ", "BO", "BS", "BW", "BZ", "CD", "CF", "CG", "CI", "CK", "CM", "DJ", "DM", "ER", "FJ", "GD", "GH", "GM", "GQ", "GY", "HK", "IE", "KI", "KM", "KN", "KP", "LY", "ML", "MO", "MR", "MW", "NR", "NU", "QA", "RW", "SB", "SC", "SL", "SR", "ST", "SY", "TD", "TF", "TG", "TK", "TL", "TO", "TV", "UG", "VU", "YE", "ZW"]);
  }
});

// app/features/address/address.schema.ts
import { z as z12 } from "zod";
function addressSchema(options = {}) {
  return z12.object(base).transform((a, ctx) => {
    const out = { ...a, email: options.withContact ? a.email : "", phone: options.withContact ? a.phone : "" };
    const issue = (path7, message) => ctx.addIssue({ code: "custom", path: [path7], message });
    if (!a.country) {
      issue("country", "Choose a country");
      return out;
    }
    if (!isCountry(a.country)) {
      issue("country", "Choose a country from the list");
      return out;
    }
    const format = addressFormat(a.country, { withContact: options.withContact });
    for (const f of format.fields) {
      if (f.required && !out[f.name]) issue(f.name, `${f.label} is required`);
    }
    if (format.state === "hidden") {
      out.state = "";
    } else if (out.state) {
      const states = options.statesOf?.(a.country);
      if (states && states.length) {
        const s = out.state.toUpperCase();
        const found = states.find((x) => x.code.toUpperCase() === s || x.name.toUpperCase() === s);
        if (found) out.state = found.code;
        else if (format.state === "required") issue("state", `Choose a ${format.stateLabel.toLowerCase()} of ${format.countryName}`);
      }
    }
    if (out.postcode) {
      out.postcode = normalizePostcode2(out.postcode);
      if (!postcodeValid(a.country, out.postcode)) issue("postcode", postcodeMessage(a.country));
    }
    if (options.withContact) {
      if (out.email && !EMAIL.test(out.email)) issue("email", "Enter a valid e-mail address");
      if (out.phone && !PHONE.test(out.phone)) issue("phone", "Enter a valid phone number");
    }
    return out;
  });
}
var text3, base, EMAIL, PHONE;
var init_address_schema = __esm({
  "app/features/address/address.schema.ts"() {
    "use strict";
    init_address();
    init_countries();
    text3 = (max) => z12.preprocess((v) => v === void 0 || v === null ? "" : v, z12.string({ message: "Must be text" }).trim().max(max, `At most ${max} characters`));
    base = {
      first_name: text3(100),
      last_name: text3(100),
      company: text3(200),
      address_1: text3(200),
      address_2: text3(200),
      city: text3(100),
      state: text3(100),
      postcode: text3(20),
      country: z12.preprocess((v) => v === void 0 || v === null ? "" : v, z12.string({ message: "Must be text" }).trim().toUpperCase().max(2, "Choose a country")),
      email: text3(254).transform((s) => s.toLowerCase()),
      phone: text3(40)
    };
    EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    PHONE = /^[+()0-9 .\-/]*$/;
  }
});

// app/features/address/address.server.ts
function addressErrors(issues, prefix) {
  const fields = {};
  for (const i of issues) fields[[prefix, ...i.path.map(String)].filter(Boolean).join(".")] ??= i.message;
  return fields;
}
function addressLines(a) {
  return formatAddressLines(a, stateName);
}
var billingAddressSchema, shippingAddressSchema;
var init_address_server = __esm({
  "app/features/address/address.server.ts"() {
    "use strict";
    init_http_error();
    init_states_server();
    init_address();
    init_address_schema();
    billingAddressSchema = addressSchema({ withContact: true, statesOf });
    shippingAddressSchema = addressSchema({ withContact: false, statesOf });
  }
});

// app/features/payments/gateway.ts
function registerGateway(gateway2) {
  registry.set(gateway2.id, gateway2);
}
function gateway(id2) {
  return registry.get(id2);
}
function allGateways() {
  return [...registry.values()];
}
var registry;
var init_gateway = __esm({
  "app/features/payments/gateway.ts"() {
    "use strict";
    registry = /* @__PURE__ */ new Map();
  }
});

// app/features/payments/offline.server.ts
function offline(id2, status, note) {
  const cfg = (s) => s.payments[id2];
  return {
    id: id2,
    defaultTitle: { bacs: "Direct bank transfer", cheque: "Check payments", cod: "Cash on delivery" }[id2],
    enabled: (s) => cfg(s).enabled,
    title: (s) => cfg(s).title,
    description: (s) => cfg(s).description,
    async process() {
      return { status, note };
    },
    instructions(order, s) {
      const c = cfg(s);
      const details2 = [];
      if (id2 === "bacs") {
        details2.push({ label: "Payment reference", value: `Order ${order.id}` });
        for (const account of s.payments.bacs.accounts) {
          for (const [key, label] of ACCOUNT_LABELS) if (account[key]) details2.push({ label, value: account[key] });
        }
      }
      if (!c.instructions && details2.length === 0) return null;
      return { title: id2 === "bacs" ? "Our bank details" : c.title, text: c.instructions, details: details2 };
    }
  };
}
var ACCOUNT_LABELS, bacs, cheque, cod;
var init_offline_server = __esm({
  "app/features/payments/offline.server.ts"() {
    "use strict";
    ACCOUNT_LABELS = [
      ["bankName", "Bank"],
      ["accountName", "Account name"],
      ["accountNumber", "Account number"],
      ["sortCode", "Sort code"],
      ["iban", "IBAN"],
      ["bic", "BIC / Swift"]
    ];
    bacs = offline("bacs", "on-hold", "Awaiting bank transfer.");
    cheque = offline("cheque", "on-hold", "Awaiting cheque payment.");
    cod = offline("cod", "processing", "Payment to be made upon delivery.");
  }
});

// app/features/payments/payments.server.ts
function availableMethods(settings) {
  return allGateways().filter((g) => g.enabled(settings)).map((g) => ({ id: g.id, title: g.title(settings), description: g.description(settings) }));
}
function chooseGateway(id2, settings) {
  const g = typeof id2 === "string" ? gateway(id2) : void 0;
  if (!id2) throw new HttpError(400, "invalid", "Please choose a payment method.", { payment_method: "Choose a payment method" });
  if (!g || !g.enabled(settings)) {
    throw new HttpError(400, "invalid", "That payment method is not available.", { payment_method: "This payment method is not available" });
  }
  return g;
}
function paymentInstructions(order, settings) {
  return gateway(order.paymentMethod)?.instructions?.(order, settings) ?? null;
}
var init_payments_server = __esm({
  "app/features/payments/payments.server.ts"() {
    "use strict";
    init_http_error();
    init_settings_server();
    init_settings_schema();
    init_gateway();
    init_offline_server();
    init_gateway();
    for (const g of [bacs, cheque, cod]) registerGateway(g);
  }
});

// app/features/orders/orders.ts
var ORDER_STATUSES, STATUS_LABELS, STATUS_TRANSITIONS, RELEASING_STATUSES, canTransition, receivedUrl;
var init_orders2 = __esm({
  "app/features/orders/orders.ts"() {
    "use strict";
    ORDER_STATUSES = ["pending", "processing", "on-hold", "completed", "cancelled", "refunded", "failed"];
    STATUS_LABELS = {
      pending: "Pending payment",
      processing: "Processing",
      "on-hold": "On hold",
      completed: "Completed",
      cancelled: "Cancelled",
      refunded: "Refunded",
      failed: "Failed"
    };
    STATUS_TRANSITIONS = {
      pending: ["processing", "on-hold", "completed", "cancelled", "failed"],
      "on-hold": ["pending", "processing", "completed", "cancelled", "failed"],
      processing: ["on-hold", "completed", "cancelled", "refunded"],
      completed: ["processing", "refunded"],
      failed: ["pending", "processing", "on-hold", "cancelled"],
      cancelled: [],
      refunded: []
    };
    RELEASING_STATUSES = ["cancelled", "refunded", "failed"];
    canTransition = (from, to) => STATUS_TRANSITIONS[from].includes(to);
    receivedUrl = (id2, key) => `/checkout/order-received/${id2}?key=${encodeURIComponent(key)}`;
  }
});

// app/features/orders/orders.server.ts
import { timingSafeEqual as timingSafeEqual2 } from "node:crypto";
function toSummary2(r, itemCount) {
  const billing = address(r.billing);
  return {
    id: r.id,
    status: r.status,
    statusLabel: STATUS_LABELS[r.status] ?? r.status,
    createdAt: r.created_at,
    total: r.total,
    refundedTotal: r.refunded_total,
    currency: r.currency,
    itemCount,
    billingName: [billing.first_name, billing.last_name].filter(Boolean).join(" "),
    billingEmail: r.billing_email,
    paymentMethodTitle: r.payment_method_title
  };
}
function toItem(r) {
  return {
    id: r.id,
    productId: r.product_id,
    variationId: r.variation_id,
    name: r.name,
    sku: r.sku,
    attributes: parseJson(r.attributes, []),
    quantity: r.quantity,
    unitPrice: r.unit_price,
    subtotal: r.subtotal,
    total: r.total,
    tax: r.tax,
    refundedQuantity: r.refunded_quantity
  };
}
async function loadOrder(db, row, allNotes = false) {
  const [items, notes, refunds] = await Promise.all([
    db.selectFrom("order_items").selectAll().where("order_id", "=", row.id).orderBy("id").execute(),
    db.selectFrom("order_notes").selectAll().where("order_id", "=", row.id).$if(!allNotes, (q) => q.where("customer_note", "=", 1)).orderBy("id", "desc").execute(),
    db.selectFrom("order_refunds").selectAll().where("order_id", "=", row.id).orderBy("id").execute()
  ]);
  const lines = items.map(toItem);
  return {
    ...toSummary2(row, lines.reduce((a, i) => a + i.quantity, 0)),
    orderKey: row.order_key,
    userId: row.user_id,
    billing: address(row.billing),
    shipping: address(row.shipping),
    customerNote: row.customer_note,
    paymentMethod: row.payment_method,
    transactionId: row.transaction_id,
    pricesIncludeTax: row.prices_include_tax === 1,
    subtotal: row.subtotal,
    discountTotal: row.discount_total,
    shippingTotal: row.shipping_total,
    taxTotal: row.tax_total,
    shippingLines: parseJson(row.shipping_lines, []),
    couponLines: parseJson(row.coupon_lines, []),
    taxLines: parseJson(row.tax_lines, []),
    stockReduced: row.stock_reduced === 1,
    paidAt: row.paid_at,
    completedAt: row.completed_at,
    updatedAt: row.updated_at,
    items: lines,
    notes: notes.map((n) => ({ id: n.id, content: n.content, customerNote: n.customer_note === 1, author: n.author, createdAt: n.created_at })),
    refunds: refunds.map((f) => ({
      id: f.id,
      amount: f.amount,
      reason: f.reason,
      items: parseJson(f.items, []),
      createdBy: f.created_by,
      createdAt: f.created_at
    })),
    receivedUrl: receivedUrl(row.id, row.order_key)
  };
}
async function rowById(db, id2) {
  if (!validId(id2)) return void 0;
  return db.selectFrom("orders").selectAll().where("id", "=", id2).executeTakeFirst();
}
function sameSecret(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual2(x, y);
}
async function getOrderForUser(db, id2, userId) {
  const row = await rowById(db, id2);
  return row && row.user_id === userId ? loadOrder(db, row) : null;
}
async function getOrderByKey(db, id2, key) {
  if (typeof key !== "string" || key.length === 0 || key.length > 100) return null;
  const row = await rowById(db, id2);
  return row && sameSecret(row.order_key, key) ? loadOrder(db, row) : null;
}
async function getOrderAdmin(db, id2) {
  const row = await rowById(db, id2);
  return row ? loadOrder(db, row, true) : null;
}
var orderNotFound, address, validId;
var init_orders_server = __esm({
  "app/features/orders/orders.server.ts"() {
    "use strict";
    init_http_error();
    init_json();
    init_address();
    init_orders2();
    init_orders2();
    orderNotFound = () => new HttpError(404, "not_found", "Order not found.");
    address = (json2) => ({ ...EMPTY_ADDRESS, ...parseJson(json2, {}) });
    validId = (id2) => typeof id2 === "number" && Number.isSafeInteger(id2) && id2 > 0;
  }
});

// app/features/orders/emails.server.ts
function setMailOrigin(value2) {
  origin ||= value2;
}
function later(services, what, work) {
  const p = work().catch((err) => services.log.error({ err, mail: what }, "order e-mail failed")).finally(() => pending.delete(p));
  pending.add(p);
}
function summary(order, s) {
  const lines = order.items.map((i) => `${i.quantity} \xD7 ${i.name}${i.attributes.length ? ` (${i.attributes.map((a) => `${a.name}: ${a.value}`).join(", ")})` : ""} \u2014 ${money3(i.total, s)}`);
  lines.push(`Subtotal: ${money3(order.subtotal, s)}`);
  if (order.discountTotal) lines.push(`Discount: \u2212${money3(order.discountTotal, s)}`);
  if (order.shippingLines.length) lines.push(`Shipping: ${money3(order.shippingTotal, s)} (${order.shippingLines.map((l) => l.title).join(", ")})`);
  if (order.taxTotal) lines.push(`Tax: ${money3(order.taxTotal, s)}`);
  lines.push(`Total: ${money3(order.total, s)}`);
  lines.push(`Payment method: ${order.paymentMethodTitle}`);
  return lines;
}
function details(order, s) {
  const out = [`Order #${order.id} (${new Date(order.createdAt).toUTCString().slice(5, 16)})`, ...summary(order, s)];
  const pay = paymentInstructions(order, s);
  if (pay) {
    out.push(`${pay.title}: ${pay.text}`);
    for (const d of pay.details) out.push(`${d.label}: ${d.value}`);
  }
  out.push(`Billing address: ${addressLines(order.billing).join(", ")}`);
  if (order.shippingLines.length) out.push(`Shipping address: ${addressLines(order.shipping).join(", ")}`);
  if (order.customerNote) out.push(`Note: ${order.customerNote}`);
  return out;
}
async function send2(services, to, s, content) {
  if (!to) return;
  await services.mailer.send({ to, ...renderMail(s, content) });
}
async function staffRecipients(services, s) {
  if (s.orderNotificationEmail) return [s.orderNotificationEmail];
  const rows = await services.db.selectFrom("users").select("email").where("role", "in", ["admin", "shop_manager"]).orderBy("id").limit(5).execute();
  return rows.map((r) => r.email);
}
function customerMail(services, order, s, to, partialRefund) {
  const name = order.billing.first_name || "there";
  const action = { label: "View your order", url: link(services, order) };
  switch (to) {
    case "on-hold":
      return {
        subject: `Your ${s.storeName} order has been received!`,
        heading: "Thank you for your order",
        paragraphs: [`Hi ${name},`, `We have received your order #${order.id}. It is on hold until we confirm your payment.`, ...details(order, s)],
        action
      };
    case "processing":
      return {
        subject: `Your ${s.storeName} order has been received!`,
        heading: "Thank you for your order",
        paragraphs: [`Hi ${name},`, `We have received your order #${order.id} and are now processing it.`, ...details(order, s)],
        action
      };
    case "completed":
      return {
        subject: `Your ${s.storeName} order is now complete`,
        heading: "Your order is complete",
        paragraphs: [`Hi ${name},`, `We have finished processing your order #${order.id}.`, ...summary(order, s)],
        action
      };
    case "refunded":
      return {
        subject: partialRefund ? `Your ${s.storeName} order #${order.id} has been partially refunded` : `Your ${s.storeName} order #${order.id} has been refunded`,
        heading: partialRefund ? "Partial refund" : "Your order has been refunded",
        paragraphs: [
          `Hi ${name},`,
          partialRefund ? `We have refunded ${money3(partialRefund, s)} of your order #${order.id}.` : `Your order #${order.id} has been refunded.`,
          `Refunded so far: ${money3(order.refundedTotal, s)} of ${money3(order.total, s)}.`
        ],
        action
      };
    default:
      return null;
  }
}
function notifyStatus(services, orderId, from, to, opts = {}) {
  later(services, `order ${orderId} ${from}\u2192${to}`, async () => {
    const s = await getSettings(services.db);
    const order = await getOrderAdmin(services.db, orderId);
    if (!order) return;
    const partial = from === to ? opts.partialRefund : void 0;
    if (from === to && !partial) return;
    const content = customerMail(services, order, s, partial ? "refunded" : to, partial);
    const isNew = (from === "pending" || from === "failed") && (to === "on-hold" || to === "processing" || to === "completed");
    if (content) await send2(services, order.billingEmail, s, content);
    if (isNew) {
      const staff = {
        subject: `[${s.storeName}]: New order #${order.id}`,
        heading: `New order: #${order.id}`,
        paragraphs: [`You have received an order from ${order.billingName || order.billingEmail} (${order.billingEmail}).`, ...details(order, s)],
        action: { label: "Open the order", url: `${base2(services)}/admin/orders/${order.id}` }
      };
      for (const to2 of await staffRecipients(services, s)) await send2(services, to2, s, staff);
    }
  });
}
function notifyAccountCreated(services, email, name) {
  later(services, "account created", async () => {
    const s = await getSettings(services.db);
    await send2(services, email, s, {
      subject: `Your ${s.storeName} account has been created!`,
      heading: `Welcome to ${s.storeName}`,
      paragraphs: [`Hi ${name || "there"},`, `Thanks for creating an account on ${s.storeName}. Your username is your e-mail address: ${email}.`, "You can see your orders, change your addresses and password in your account."],
      action: { label: "Go to my account", url: `${base2(services)}/my-account` }
    });
  });
}
var origin, pending, money3, base2, link;
var init_emails_server = __esm({
  "app/features/orders/emails.server.ts"() {
    "use strict";
    init_mail_template_server();
    init_money();
    init_settings_server();
    init_address_server();
    init_payments_server();
    init_orders_server();
    origin = "";
    pending = /* @__PURE__ */ new Set();
    money3 = (amount, s) => formatPrice(amount, s);
    base2 = (services) => services.config.publicUrl?.replace(/\/$/, "") || origin;
    link = (services, order) => `${base2(services)}${order.receivedUrl}`;
  }
});

// app/features/address/customer-addresses.server.ts
async function storeCustomerAddress(db, userId, type, address2) {
  const row = { user_id: userId, type, address: JSON.stringify(address2), updated_at: nowIso() };
  await db.insertInto("customer_addresses").values(row).onConflict((oc) => oc.columns(["user_id", "type"]).doUpdateSet({ address: row.address, updated_at: row.updated_at })).execute();
}
var init_customer_addresses_server = __esm({
  "app/features/address/customer-addresses.server.ts"() {
    "use strict";
    init_json();
    init_time();
    init_address();
    init_address_server();
  }
});

// app/features/orders/transaction.server.ts
async function withTransaction(db, fn, attempts = 4) {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const code = err.code;
      if (i >= attempts || typeof code !== "string" || !RETRYABLE.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}
var RETRYABLE;
var init_transaction_server = __esm({
  "app/features/orders/transaction.server.ts"() {
    "use strict";
    RETRYABLE = /* @__PURE__ */ new Set(["40001", "40P01"]);
  }
});

// app/features/orders/stock.server.ts
import { sql as sql11 } from "kysely";
async function owners(trx, refs) {
  const variationIds = [...new Set(refs.map((r) => r.variationId).filter((v) => v !== null))];
  const productIds = [...new Set(refs.map((r) => r.productId).filter((v) => v !== null))];
  const [vars, prods] = await Promise.all([
    variationIds.length ? trx.selectFrom("product_variations").select(["id", "manage_stock"]).where("id", "in", variationIds).execute() : Promise.resolve([]),
    productIds.length ? trx.selectFrom("products").select(["id", "manage_stock"]).where("id", "in", productIds).execute() : Promise.resolve([])
  ]);
  const byKey = /* @__PURE__ */ new Map();
  for (const ref of refs) {
    if (ref.quantity <= 0) continue;
    const v = ref.variationId !== null ? vars.find((x) => x.id === ref.variationId) : void 0;
    const p = ref.productId !== null ? prods.find((x) => x.id === ref.productId) : void 0;
    const owner = v && v.manage_stock === 1 ? { table: "product_variations", id: v.id } : p && p.manage_stock === 1 ? { table: "products", id: p.id } : null;
    if (!owner) continue;
    const key = `${owner.table}:${owner.id}`;
    const o = byKey.get(key) ?? { ...owner, quantity: 0, refs: [] };
    o.quantity += ref.quantity;
    o.refs.push(ref);
    byKey.set(key, o);
  }
  return [...byKey.values()].sort((a, b) => a.table === b.table ? a.id - b.id : a.table === "products" ? -1 : 1);
}
async function reduceStock(trx, refs) {
  const shortfalls = [];
  const flipped = /* @__PURE__ */ new Set();
  let changed = false;
  for (const o of await owners(trx, refs)) {
    const q = o.quantity;
    const res = await trx.updateTable(o.table).set({
      stock_quantity: sql11`coalesce(stock_quantity, 0) - ${q}`,
      stock_status: statusAfter(q),
      updated_at: (/* @__PURE__ */ new Date()).toISOString()
    }).where("id", "=", o.id).where("manage_stock", "=", 1).where((eb) => eb.or([eb("backorders", "<>", "no"), eb(sql11`coalesce(stock_quantity, 0)`, ">=", q)])).returning(["stock_quantity"]).executeTakeFirst();
    if (res) {
      changed = true;
      if ((res.stock_quantity ?? 0) <= 0 && (res.stock_quantity ?? 0) + q > 0) {
        for (const r of o.refs) if (r.productId !== null) flipped.add(r.productId);
      }
      continue;
    }
    const left = await trx.selectFrom(o.table).select("stock_quantity").where("id", "=", o.id).executeTakeFirst();
    for (const ref of o.refs) {
      shortfalls.push({
        key: ref.key,
        productId: ref.productId,
        variationId: ref.variationId,
        name: ref.name ?? "A product",
        requested: ref.quantity,
        available: Math.max(0, left?.stock_quantity ?? 0)
      });
    }
  }
  return { shortfalls, changed, flipped: [...flipped] };
}
async function restoreStock(trx, refs) {
  let changed = false;
  const flipped = /* @__PURE__ */ new Set();
  for (const o of await owners(trx, refs)) {
    const q = o.quantity;
    const res = await trx.updateTable(o.table).set({ stock_quantity: sql11`coalesce(stock_quantity, 0) + ${q}`, stock_status: statusAfterRestock(q), updated_at: (/* @__PURE__ */ new Date()).toISOString() }).where("id", "=", o.id).where("manage_stock", "=", 1).returning(["stock_quantity"]).executeTakeFirst();
    if (!res) continue;
    changed = true;
    if ((res.stock_quantity ?? 0) > 0 && (res.stock_quantity ?? 0) - q <= 0) {
      for (const r of o.refs) if (r.productId !== null) flipped.add(r.productId);
    }
  }
  if (flipped.size) await recomputeProducts(trx, [...flipped]);
  return changed;
}
async function addTotalSales(trx, refs, sign) {
  const byProduct = /* @__PURE__ */ new Map();
  for (const r of refs) if (r.productId !== null && r.quantity > 0) byProduct.set(r.productId, (byProduct.get(r.productId) ?? 0) + r.quantity);
  for (const [id2, q] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    const n = sign * q;
    await trx.updateTable("products").set({ total_sales: sql11`case when total_sales + ${n} < 0 then 0 else total_sales + ${n} end` }).where("id", "=", id2).execute();
  }
}
var statusAfter, statusAfterRestock;
var init_stock_server = __esm({
  "app/features/orders/stock.server.ts"() {
    "use strict";
    init_catalog_write_server();
    statusAfter = (q) => sql11`case when coalesce(stock_quantity, 0) - ${q} > 0 then 'instock' when backorders = 'no' then 'outofstock' else 'onbackorder' end`;
    statusAfterRestock = (q) => sql11`case when coalesce(stock_quantity, 0) + ${q} > 0 then 'instock' when backorders = 'no' then 'outofstock' else 'onbackorder' end`;
  }
});

// app/features/orders/order-status.server.ts
import { z as z13 } from "zod";
async function lockOrder(trx, id2) {
  if (!Number.isSafeInteger(id2) || id2 <= 0) throw orderNotFound();
  const q = trx.selectFrom("orders").selectAll().where("id", "=", id2);
  const row = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}
async function insertNote(trx, orderId, content, customerNote, author) {
  const row = await trx.insertInto("order_notes").values({ order_id: orderId, content, customer_note: customerNote ? 1 : 0, author, created_at: nowIso() }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}
async function transitionInTrx(trx, id2, to, actor, note, extra = {}) {
  const row = await lockOrder(trx, id2);
  const from = row.status;
  if (from === to) return null;
  if (!canTransition(from, to)) {
    throw new HttpError(409, "invalid_transition", `An order that is ${STATUS_LABELS[from].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}.`, {
      status: `Not allowed from ${STATUS_LABELS[from]}`
    });
  }
  const now = nowIso();
  let stockReduced = row.stock_reduced === 1;
  let stockChanged = false;
  if (RELEASING_STATUSES.includes(to) && stockReduced) {
    const refs = await remainingRefs(trx, id2);
    await addTotalSales(trx, refs, -1);
    stockChanged = await restoreStock(trx, refs);
    await releaseCoupons(trx, id2);
    stockReduced = false;
  } else if (!RELEASING_STATUSES.includes(to) && !stockReduced && from === "failed") {
    const refs = await remainingRefs(trx, id2);
    await addTotalSales(trx, refs, 1);
    const { shortfalls, changed, flipped } = await reduceStock(trx, refs);
    if (shortfalls.length) {
      throw new HttpError(409, "out_of_stock", `Not enough stock to revive this order: ${shortfalls.map((s) => `\u201C${s.name}\u201D (${s.available} left)`).join(", ")}.`, void 0, void 0, {
        lines: shortfalls
      });
    }
    if (flipped.length) await recomputeProducts(trx, flipped);
    stockChanged = changed;
    stockReduced = true;
  }
  await trx.updateTable("orders").set({
    status: to,
    stock_reduced: stockReduced ? 1 : 0,
    updated_at: now,
    ...to === "processing" || to === "completed" ? { paid_at: row.paid_at ?? now } : {},
    ...to === "completed" ? { completed_at: now } : {},
    ...extra.transactionId ? { transaction_id: extra.transactionId } : {}
  }).where("id", "=", id2).execute();
  await insertNote(trx, id2, `Order status changed from ${STATUS_LABELS[from]} to ${STATUS_LABELS[to]}.${note ? ` ${note}` : ""}`, false, actor.name);
  if (stockChanged) await touchStore(trx);
  return from;
}
async function remainingRefs(trx, orderId) {
  const items = await trx.selectFrom("order_items").select(["id", "product_id", "variation_id", "quantity", "name"]).where("order_id", "=", orderId).execute();
  const refunds = await trx.selectFrom("order_refunds").select("items").where("order_id", "=", orderId).execute();
  const restocked = /* @__PURE__ */ new Map();
  for (const r of refunds) {
    for (const it of JSON.parse(r.items)) {
      if (it.restock) restocked.set(it.itemId, (restocked.get(it.itemId) ?? 0) + it.quantity);
    }
  }
  return items.map((i) => ({ productId: i.product_id, variationId: i.variation_id, quantity: i.quantity - (restocked.get(i.id) ?? 0), name: i.name }));
}
async function refundOrder(services, id2, input, actor, options = {}) {
  const data = parseInput(refundSchema, input);
  const pre = await services.db.selectFrom("orders").select(["total", "refunded_total", "status"]).where("id", "=", id2).executeTakeFirst();
  if (!pre) throw orderNotFound();
  const tooMuch = () => new HttpError(409, "refund_too_large", "The refund is more than what is left to refund on this order.", { amount: "More than the remaining amount" });
  if (data.amount > pre.total - pre.refunded_total) throw tooMuch();
  if (options.throughGateway) {
    const order = await getOrderAdmin(services.db, id2);
    const g = gateway(order.paymentMethod);
    if (!g?.refund) throw new HttpError(409, "refund_unsupported", `${order.paymentMethodTitle} cannot refund automatically: refund the money yourself and record a manual refund.`);
    const settings = await getSettings(services.db);
    const res = await g.refund(order, data.amount, data.reason, { settings, origin: options.origin ?? services.config.publicUrl ?? "" });
    if (!res.ok) throw new HttpError(409, "refund_failed", res.message ?? "The payment provider refused the refund.");
  }
  let from = null;
  const result = await withTransaction(services.db, async (trx) => {
    const row = await lockOrder(trx, id2);
    if (data.amount > row.total - row.refunded_total) throw tooMuch();
    if (["pending", "cancelled", "failed"].includes(row.status)) {
      throw new HttpError(409, "not_refundable", `An order that is ${STATUS_LABELS[row.status].toLowerCase()} has not been paid, so it cannot be refunded.`);
    }
    const items = await trx.selectFrom("order_items").select(["id", "product_id", "variation_id", "quantity", "refunded_quantity", "name"]).where("order_id", "=", id2).execute();
    const restock = [];
    const wanted = data.items.filter((i) => i.quantity > 0);
    for (const w of wanted) {
      const item = items.find((i) => i.id === w.itemId);
      if (!item) throw new HttpError(400, "invalid", "That line is not part of this order.", { [`items.${w.itemId}`]: "Not in this order" });
      if (w.quantity > item.quantity - item.refunded_quantity) {
        throw new HttpError(409, "refund_too_large", `At most ${item.quantity - item.refunded_quantity} of \u201C${item.name}\u201D can still be refunded.`, {
          [`items.${w.itemId}`]: "More than what is left"
        });
      }
      await trx.updateTable("order_items").set({ refunded_quantity: item.refunded_quantity + w.quantity }).where("id", "=", item.id).execute();
      if (w.restock) restock.push({ productId: item.product_id, variationId: item.variation_id, quantity: w.quantity, name: item.name });
    }
    const now = nowIso();
    const refund = await trx.insertInto("order_refunds").values({ order_id: id2, amount: data.amount, reason: data.reason, items: JSON.stringify(wanted), created_by: actor.userId ?? null, created_at: now }).returning("id").executeTakeFirstOrThrow();
    const refundedTotal = row.refunded_total + data.amount;
    await trx.updateTable("orders").set({ refunded_total: refundedTotal, updated_at: now }).where("id", "=", id2).execute();
    let stockChanged = false;
    if (restock.length && row.stock_reduced === 1) stockChanged = await restoreStock(trx, restock);
    const settings = await getSettings(trx);
    await insertNote(trx, id2, `Refunded ${formatPrice(data.amount, { ...settings, currency: row.currency })}${data.reason ? `: ${data.reason}` : ""}.${stockChanged ? " Items restocked." : ""}`, false, actor.name);
    if (stockChanged) await touchStore(trx);
    let status = row.status;
    if (refundedTotal >= row.total) {
      from = await transitionInTrx(trx, id2, "refunded", actor, "Fully refunded.");
      status = "refunded";
    }
    return { refundId: refund.id, refundedTotal, status };
  });
  if (from) notifyStatus(services, id2, from, "refunded");
  else notifyStatus(services, id2, result.status, result.status, { partialRefund: data.amount });
  return result;
}
var statusSchema, noteSchema, refundSchema;
var init_order_status_server = __esm({
  "app/features/orders/order-status.server.ts"() {
    "use strict";
    init_dialect();
    init_http_error();
    init_store_version_server();
    init_time();
    init_validate();
    init_coupons_server();
    init_catalog_write_server();
    init_transaction_server();
    init_orders2();
    init_stock_server();
    init_orders_server();
    init_gateway();
    init_settings_server();
    init_money();
    init_emails_server();
    statusSchema = z13.object({
      status: z13.enum(ORDER_STATUSES, { message: "Choose a status" }),
      note: z13.string().trim().max(2e3).optional()
    });
    noteSchema = z13.object({
      content: z13.string().trim().min(1, "Write the note").max(5e3, "At most 5000 characters"),
      customerNote: z13.preprocess((v) => v === true || v === "1" || v === "on" || v === "true" || v === "customer", z13.boolean()).default(false)
    });
    refundSchema = z13.object({
      /** Minor units. */
      amount: z13.coerce.number({ message: "Enter an amount" }).int("Use minor units (whole number)").positive("The amount must be more than 0"),
      reason: z13.string().trim().max(500).default(""),
      /** Lines refunded: quantity per order item; `restock` puts them back in stock. */
      items: z13.array(z13.object({ itemId: z13.coerce.number().int().positive(), quantity: z13.coerce.number().int().min(0).max(9999), restock: z13.boolean().default(false) })).max(500).default([])
    });
  }
});

// app/features/orders/placement.server.ts
import { createHash as createHash5, randomBytes as randomBytes7 } from "node:crypto";
import { z as z14 } from "zod";
function cartWho(caller2) {
  const t2 = caller2.identity.token;
  if (caller2.identity.viaHeader || caller2.identity.userId === null) return `cart:${t2 ? sha2(t2) : ""}`;
  return `user:${caller2.identity.userId}`;
}
async function validate(services, req, settings) {
  const parsed = checkoutSchema.safeParse(req.input ?? {});
  if (!parsed.success) throw new HttpError(400, "invalid", "Please check the highlighted fields.", addressErrors(parsed.error.issues, ""));
  const data = parsed.data;
  const fields = {};
  const billing = billingAddressSchema.safeParse(data.billing_address ?? {});
  if (!billing.success) Object.assign(fields, addressErrors(billing.error.issues, "billing_address"));
  const separate = data.ship_to_different_address ?? !isBlank(data.shipping_address);
  const shipping = separate ? shippingAddressSchema.safeParse(data.shipping_address ?? {}) : null;
  if (shipping && !shipping.success) Object.assign(fields, addressErrors(shipping.error.issues, "shipping_address"));
  let gateway2;
  try {
    gateway2 = chooseGateway(data.payment_method, settings);
  } catch (err) {
    if (err instanceof HttpError && err.fields) Object.assign(fields, err.fields);
    else throw err;
  }
  if (req.requireTerms && !data.terms) fields.terms = "Please read and accept the terms and conditions to proceed with your order.";
  const wantsAccount = !req.user && data.create_account;
  if (wantsAccount && !settings.accountCreationAtCheckout) fields.create_account = "Accounts cannot be created at checkout.";
  if (wantsAccount && data.password.length < LIMITS.passwordMinLength) fields.password = `Password must be at least ${LIMITS.passwordMinLength} characters`;
  if (Object.keys(fields).length) {
    const first = Object.values(fields)[0];
    throw new HttpError(400, "invalid", Object.keys(fields).length === 1 ? first : `Please check the highlighted fields (${Object.keys(fields).length}).`, fields);
  }
  const bill = billing.data;
  if (!req.user && !data.create_account && !settings.guestCheckout) {
    throw new HttpError(401, "login_required", "Please log in or create an account to place an order.", { create_account: "Log in or create an account" });
  }
  let newAccount = null;
  if (wantsAccount) {
    const taken = await services.db.selectFrom("users").select("id").where("email", "=", bill.email).executeTakeFirst();
    if (taken) throw emailRegistered();
    newAccount = { email: bill.email, name: [bill.first_name, bill.last_name].filter(Boolean).join(" "), passwordHash: await hashPassword(data.password) };
  }
  const ship = shipping?.data ?? { ...bill, email: "", phone: "" };
  return { data, billing: bill, shipping: ship, gateway: gateway2, newAccount };
}
function requestHash(caller2, data) {
  const { password: _password, idempotency_key: _key, ...rest } = data;
  void _password;
  void _key;
  return sha2(JSON.stringify([cartWho(caller2), rest]));
}
async function replay(db, key, hash3) {
  const row = await db.selectFrom("orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash3) {
    throw new HttpError(422, "idempotency_conflict", "This idempotency key was already used for a different order request. Use a new key for a new order.");
  }
  return loadOrder(db, row);
}
function toCustomerLocation(a) {
  return JSON.stringify({ country: a.country, state: a.state, postcode: a.postcode, city: a.city });
}
function conflictLines(cart) {
  return cart.items.map((i) => ({ key: i.key, productId: i.productId, variationId: i.variationId, name: i.name, quantity: i.quantity }));
}
async function placeOrder(services, req) {
  const settings = await getSettings(services.db);
  const v = await validate(services, req, settings);
  const key = req.idempotencyKey?.trim() || v.data.idempotency_key || null;
  if (key !== null && (key.length < 8 || key.length > 100 || !/^[\w.:-]+$/.test(key))) {
    throw new HttpError(400, "invalid", "The Idempotency-Key must be 8\u2013100 letters, digits, . _ : or -.", { idempotency_key: "Invalid key" });
  }
  const hash3 = requestHash(req.caller, v.data);
  if (key) {
    const earlier = await replay(services.db, key, hash3);
    if (earlier) return replayed(earlier, settings);
  }
  const user = req.user;
  const customer = { userId: user?.id ?? null, email: v.billing.email };
  let created = null;
  let orderId;
  const cartFound = await resolveCart(services.db, req.caller.identity, false);
  if (!cartFound) throw cartEmpty();
  try {
    orderId = await withTransaction(services.db, async (trx) => {
      if (key) {
        const earlier = await trx.selectFrom("orders").select("id").where("idempotency_key", "=", key).executeTakeFirst();
        if (earlier) return -1;
      }
      const current = await trx.selectFrom("carts").selectAll().where("id", "=", cartFound.cart.id).executeTakeFirst();
      if (!current) throw cartEmpty();
      const row = { ...current, customer: toCustomerLocation(v.shipping) };
      const cart = await priceCart(trx, row, settings, customer);
      if (cart.items.length === 0 && cart.notices.length === 0) throw cartEmpty();
      if (cart.notices.length) {
        throw new HttpError(409, "cart_changed", `Your cart changed: ${cart.notices.join(" ")}`, void 0, void 0, { notices: cart.notices, lines: conflictLines(cart), cart });
      }
      if (!cart.shipping.ready) {
        throw new HttpError(409, "no_shipping", "No shipping method is available for your address. Please check the address, or contact us for help.", {
          "shipping_address.country": "We do not ship here"
        });
      }
      if (v.data.cart_hash && v.data.cart_hash !== cart.hash || v.data.expected_total !== void 0 && v.data.expected_total !== cart.totals.total) {
        throw new HttpError(409, "totals_changed", "The prices or totals in your cart have changed since you saw them. Please review your order and place it again.", void 0, void 0, {
          cart,
          lines: conflictLines(cart)
        });
      }
      const coupons = [];
      for (const c of cart.coupons) {
        const coupon = await findCoupon(trx, c.code);
        if (coupon) coupons.push(coupon);
      }
      let userId = user?.id ?? null;
      if (v.newAccount) {
        const now2 = nowIso();
        try {
          const u = await trx.insertInto("users").values({ email: v.newAccount.email, password_hash: v.newAccount.passwordHash, name: v.newAccount.name, role: "customer", created_at: now2, updated_at: now2 }).returning(["id", "email", "name", "role"]).executeTakeFirstOrThrow();
          created = { id: u.id, email: u.email, name: u.name, role: "customer" };
          userId = u.id;
        } catch (err) {
          if (/unique|duplicate/i.test(String(err))) throw emailRegistered();
          throw err;
        }
      }
      const now = nowIso();
      const order2 = await trx.insertInto("orders").values({
        order_key: `wc_order_${randomBytes7(16).toString("base64url")}`,
        status: "pending",
        user_id: userId,
        billing_email: v.billing.email,
        billing: JSON.stringify(v.billing),
        shipping: JSON.stringify(v.shipping),
        customer_note: v.data.customer_note,
        payment_method: v.gateway.id,
        payment_method_title: v.gateway.title(settings),
        currency: cart.totals.currency,
        prices_include_tax: cart.totals.pricesIncludeTax ? 1 : 0,
        subtotal: cart.totals.subtotal,
        discount_total: cart.totals.discount,
        shipping_total: cart.totals.shipping,
        tax_total: cart.totals.tax,
        total: cart.totals.total,
        shipping_lines: JSON.stringify(
          cart.shipping.packages.map((p) => ({ p, r: p.rates.find((r) => r.id === p.selected) })).filter((x) => !!x.r).map(({ p, r }) => ({ packageId: p.id, rateId: r.id, title: r.title, cost: r.cost, tax: r.tax }))
        ),
        coupon_lines: JSON.stringify(cart.coupons.map((c) => ({ code: c.code, discount: c.discount }))),
        tax_lines: JSON.stringify(cart.totals.taxLines),
        stock_reduced: 1,
        idempotency_key: key,
        request_hash: hash3,
        customer_ip: (req.clientIp ?? "").slice(0, 64),
        user_agent: (req.userAgent ?? "").slice(0, 300),
        created_at: now,
        updated_at: now
      }).returning("id").executeTakeFirstOrThrow();
      const refs = cart.items.map((i) => ({ productId: i.productId, variationId: i.variationId, quantity: i.quantity, name: i.name, key: i.key }));
      await addTotalSales(trx, refs, 1);
      const { shortfalls, changed, flipped } = await reduceStock(trx, refs);
      if (shortfalls.length) {
        const what = shortfalls.map((s) => s.available > 0 ? `\u201C${s.name}\u201D (only ${s.available} left)` : `\u201C${s.name}\u201D (out of stock)`).join(", ");
        throw new HttpError(409, "out_of_stock", `Sorry, we do not have enough in stock: ${what}. Please update your cart.`, void 0, void 0, { lines: shortfalls });
      }
      if (flipped.length) await recomputeProducts(trx, flipped);
      await redeemCoupons(trx, coupons, { userId, email: v.billing.email }, order2.id);
      const skus = await skusOf(trx, refs);
      await trx.insertInto("order_items").values(
        cart.items.map((i) => ({
          order_id: order2.id,
          product_id: i.productId,
          variation_id: i.variationId,
          name: i.name,
          sku: skus.get(`${i.productId}:${i.variationId ?? ""}`) ?? "",
          attributes: JSON.stringify(i.attributes),
          quantity: i.quantity,
          unit_price: i.unitPrice,
          subtotal: i.lineSubtotal,
          total: i.lineTotal,
          tax: i.lineTax
        }))
      ).execute();
      await insertNote(trx, order2.id, `Order placed${created ? " (account created at checkout)" : user ? "" : " as a guest"}.`, false, "system");
      if (userId !== null) {
        await storeCustomerAddress(trx, userId, "billing", v.billing);
        await storeCustomerAddress(trx, userId, "shipping", v.shipping);
      }
      await trx.deleteFrom("cart_items").where("cart_id", "=", row.id).execute();
      await trx.updateTable("carts").set({ coupons: "[]", customer: row.customer, updated_at: now }).where("id", "=", row.id).execute();
      if (changed) await touchStore(trx);
      return order2.id;
    });
  } catch (err) {
    if (key && /unique|duplicate/i.test(String(err)) && /idempotency/i.test(String(err))) {
      const earlier = await replay(services.db, key, hash3);
      if (earlier) return replayed(earlier, settings);
    }
    throw err;
  }
  if (orderId === -1) {
    const earlier = await replay(services.db, key, hash3);
    if (earlier) return replayed(earlier, settings);
    throw new HttpError(409, "conflict", "Please try again.");
  }
  const placed = await getOrderAdmin(services.db, orderId);
  let result;
  try {
    result = await v.gateway.process(placed, { settings, origin: req.origin });
  } catch (err) {
    services.log.error({ err, orderId }, "payment gateway failed");
    result = { status: "failed", message: "The payment could not be taken. Please try again or choose another payment method.", note: "Payment error." };
  }
  const from = await applyPaymentResult(services, orderId, result, v.gateway.id);
  if (from) notifyStatus(services, orderId, from, result.status);
  let account = null;
  if (created) {
    const u = created;
    account = { user: u, token: await createSession(services.db, u.id) };
    notifyAccountCreated(services, u.email, u.name);
  }
  const order = await getOrderAdmin(services.db, orderId);
  const publicOrder = { ...order, notes: order.notes.filter((n) => n.customerNote) };
  return {
    order: publicOrder,
    replayed: false,
    payment: { status: result.status, redirect: result.redirect ?? receivedUrl(order.id, order.orderKey), message: result.message },
    instructions: paymentInstructions(order, settings),
    account
  };
}
function replayed(order, settings) {
  return {
    order,
    replayed: true,
    payment: { status: order.status === "failed" ? "failed" : order.status === "pending" ? "pending" : order.status === "on-hold" ? "on-hold" : "processing", redirect: order.receivedUrl },
    instructions: paymentInstructions(order, settings),
    account: null
  };
}
async function applyPaymentResult(services, orderId, result, by) {
  if (result.status === "pending") {
    if (result.note || result.transactionId) {
      await withTransaction(services.db, async (trx) => {
        if (result.transactionId) await trx.updateTable("orders").set({ transaction_id: result.transactionId }).where("id", "=", orderId).execute();
        if (result.note) await insertNote(trx, orderId, result.note, false, by);
      });
    }
    return null;
  }
  return withTransaction(services.db, (trx) => transitionInTrx(trx, orderId, result.status, { name: by }, result.note, { transactionId: result.transactionId }));
}
async function skusOf(trx, refs) {
  const pids = [...new Set(refs.map((r) => r.productId).filter((x) => x !== null))];
  const vids = [...new Set(refs.map((r) => r.variationId).filter((x) => x !== null))];
  const [ps, vs] = await Promise.all([
    pids.length ? trx.selectFrom("products").select(["id", "sku"]).where("id", "in", pids).execute() : Promise.resolve([]),
    vids.length ? trx.selectFrom("product_variations").select(["id", "sku"]).where("id", "in", vids).execute() : Promise.resolve([])
  ]);
  const out = /* @__PURE__ */ new Map();
  for (const r of refs) {
    const v = r.variationId !== null ? vs.find((x) => x.id === r.variationId) : void 0;
    const p = ps.find((x) => x.id === r.productId);
    out.set(`${r.productId}:${r.variationId ?? ""}`, v?.sku || p?.sku || "");
  }
  return out;
}
var flag8, checkoutSchema, sha2, isBlank, emailRegistered, cartEmpty;
var init_placement_server = __esm({
  "app/features/orders/placement.server.ts"() {
    "use strict";
    init_constants();
    init_http_error();
    init_store_version_server();
    init_time();
    init_account_server();
    init_session_server();
    init_settings_server();
    init_address_server();
    init_customer_addresses_server();
    init_address_server();
    init_cart_store_server();
    init_totals_server();
    init_catalog_write_server();
    init_coupons_server();
    init_payments_server();
    init_emails_server();
    init_order_status_server();
    init_orders_server();
    init_orders2();
    init_stock_server();
    init_transaction_server();
    flag8 = z14.preprocess((v) => v === true || v === 1 || v === "1" || v === "on" || v === "true" || v === "yes", z14.boolean()).default(false);
    checkoutSchema = z14.object({
      billing_address: z14.unknown(),
      shipping_address: z14.unknown().optional(),
      /** Form twin of WooCommerce's checkbox: when false the shipping address is the billing one. */
      ship_to_different_address: z14.preprocess((v) => v === void 0 ? void 0 : v === true || v === "1" || v === "on" || v === "true", z14.boolean().optional()),
      customer_note: z14.preprocess((v) => v ?? "", z14.string({ message: "Must be text" }).trim().max(2e3, "At most 2000 characters")),
      payment_method: z14.preprocess((v) => v ?? "", z14.string({ message: "Choose a payment method" }).trim().max(100)),
      create_account: flag8,
      password: z14.preprocess((v) => v ?? "", z14.string({ message: "Must be text" }).max(LIMITS.passwordMaxLength, `Password must be at most ${LIMITS.passwordMaxLength} characters`)),
      idempotency_key: z14.string().trim().min(8, "Idempotency key too short").max(100, "Idempotency key too long").regex(/^[\w.:-]+$/, "Letters, digits, . _ : - only").optional(),
      /** The cart hash the shopper was shown; a different one now means the totals changed. */
      cart_hash: z14.string().trim().max(64).optional(),
      /** Or the total (minor units) the shopper was shown. */
      expected_total: z14.preprocess((v) => v === "" || v === void 0 || v === null ? void 0 : typeof v === "string" ? Number(v) : v, z14.number().int().min(0).optional()),
      /** Terms and conditions accepted (pages require it when a terms page is set). */
      terms: flag8
    });
    sha2 = (s) => createHash5("sha256").update(s).digest("hex");
    isBlank = (a) => a === void 0 || a === null || typeof a === "object" && Object.values(a).every((v) => v === void 0 || v === null || String(v).trim() === "");
    emailRegistered = () => new HttpError(409, "email_registered", "An account is already registered with your e-mail address. Please log in.", {
      "billing_address.email": "An account already uses this e-mail address: please log in."
    });
    cartEmpty = (notices = []) => new HttpError(409, "cart_empty", notices.length ? `Your cart is empty: ${notices.join(" ")}` : "Your cart is empty.", void 0, void 0, { notices });
  }
});

// app/features/payments/webhook.server.ts
async function handleWebhook(services, gatewayId, request, origin2) {
  const g = gateway(gatewayId);
  if (!g?.webhook) throw new HttpError(404, "not_found", "No such payment webhook.");
  const settings = await getSettings(services.db);
  const event = await g.webhook(request, { settings, origin: origin2 });
  const order = await getOrderAdmin(services.db, event.orderId);
  if (!order || order.paymentMethod !== g.id) throw new HttpError(404, "not_found", "Order not found.");
  if (event.status && event.status !== order.status) {
    const from = await applyPaymentResult(services, order.id, { status: event.status, transactionId: event.transactionId, note: event.note }, g.id);
    if (from) notifyStatus(services, order.id, from, event.status);
  }
  if (event.refund) await refundOrder(services, order.id, { amount: event.refund.amount, reason: event.refund.reason }, { name: g.id });
  const after = await getOrderAdmin(services.db, order.id);
  return { orderId: after.id, status: after.status };
}
var init_webhook_server = __esm({
  "app/features/payments/webhook.server.ts"() {
    "use strict";
    init_http_error();
    init_settings_server();
    init_emails_server();
    init_order_status_server();
    init_orders_server();
    init_placement_server();
    init_gateway();
  }
});

// server/api/checkout.ts
import { z as z15 } from "zod";
function checkoutAnswer(result) {
  const details2 = result.instructions?.details.map((d) => ({ key: d.label, value: d.value })) ?? [];
  return orderBody(result.order, {
    payment_result: { payment_status: result.payment.status, payment_details: details2, redirect_url: result.payment.redirect, message: result.payment.message ?? null },
    payment_instructions: result.instructions,
    replayed: result.replayed
  });
}
async function checkoutRoutes(api) {
  const services = api.services;
  api.get("/checkout", async (_request, reply) => {
    const s = await getSettings(services.db);
    reply.header("cache-control", "no-store");
    return {
      payment_methods: availableMethods(s),
      guest_checkout: s.guestCheckout,
      account_creation: s.accountCreationAtCheckout,
      terms_url: s.termsUrl || null
    };
  });
  api.post("/checkout", async (request, reply) => {
    setMailOrigin(request.ctx.origin);
    const viaHeader = !!request.headers["cart-token"];
    const result = await placeOrder(services, {
      caller: cartCallerFrom({ headerToken: headerValue(request, "cart-token"), cookieToken: request.cookies.vt_cart, user: request.ctx.user }),
      // A Cart-Token client speaks for its cart only, never for the browser's session.
      user: viaHeader ? null : request.ctx.user,
      input: request.body,
      idempotencyKey: headerValue(request, "idempotency-key") ?? null,
      clientIp: request.ctx.clientIp,
      userAgent: headerValue(request, "user-agent"),
      origin: request.ctx.origin
    });
    reply.header("cache-control", "no-store");
    if (!viaHeader) {
      const attrs = `Path=/; SameSite=Lax${request.ctx.secure ? "; Secure" : ""}`;
      reply.header("set-cookie", `${CART_HASH_COOKIE}=; Max-Age=0; ${attrs}`);
      reply.header("set-cookie", `${CART_COUNT_COOKIE}=; Max-Age=0; ${attrs}`);
      if (result.account) reply.header("set-cookie", sessionCookie(result.account.token, request.ctx.secure));
    }
    return reply.status(200).send(checkoutAnswer(result));
  });
  api.get("/orders/:id", async (request, reply) => {
    const { id: id2 } = parseInput(orderParams, request.params);
    const { key } = parseInput(keyQuery, request.query);
    const user = request.ctx.user;
    const order = key ? await getOrderByKey(services.db, id2, key) : user ? await getOrderForUser(services.db, id2, user.id) : null;
    if (!order) throw orderNotFound();
    reply.header("cache-control", "no-store");
    const s = await getSettings(services.db);
    return orderBody(order, { payment_instructions: paymentInstructions(order, s) });
  });
  api.post("/payments/:gateway/webhook", async (request) => {
    const { gateway: gateway2 } = parseInput(gatewayParam, request.params);
    return handleWebhook(services, gateway2, { headers: request.headers, body: request.body }, request.ctx.origin);
  });
}
var orderParams, keyQuery, gatewayParam, orderBody, headerValue;
var init_checkout = __esm({
  "server/api/checkout.ts"() {
    "use strict";
    init_session_server();
    init_settings_server();
    init_cart_http_server();
    init_cart_store_server();
    init_emails_server();
    init_orders_server();
    init_placement_server();
    init_payments_server();
    init_webhook_server();
    init_validate();
    orderParams = z15.object({ id: z15.coerce.number().int().positive().max(2 ** 31) });
    keyQuery = z15.object({ key: z15.string().max(100).optional() });
    gatewayParam = z15.object({ gateway: z15.string().regex(/^[a-z0-9_-]{1,40}$/) });
    orderBody = (order, extra = {}) => ({
      order_id: order.id,
      order_number: String(order.id),
      order_key: order.orderKey,
      status: order.status,
      customer_id: order.userId ?? 0,
      billing_address: order.billing,
      shipping_address: order.shipping,
      customer_note: order.customerNote,
      payment_method: order.paymentMethod,
      order_received_url: order.receivedUrl,
      ...extra,
      order
    });
    headerValue = (request, name) => {
      const v = request.headers[name];
      return typeof v === "string" ? v : void 0;
    };
  }
});

// server/api/countries.ts
import { z as z16 } from "zod";
async function countriesRoutes(api) {
  api.get("/countries", async (_request, reply) => {
    reply.header("cache-control", CACHE);
    return { countries: countries().map((c) => ({ ...c, stateField: stateField(c.code) })) };
  });
  api.get("/countries/:code/states", async (request, reply) => {
    const { code } = parseInput(codeParam2, request.params);
    const name = countryName(code);
    if (!name) throw new HttpError(404, "not_found", `No country "${code}".`);
    reply.header("cache-control", CACHE);
    return { country: { code, name }, stateField: stateField(code), states: statesOf(code) };
  });
}
var codeParam2, CACHE;
var init_countries2 = __esm({
  "server/api/countries.ts"() {
    "use strict";
    init_http_error();
    init_validate();
    init_countries();
    init_states_server();
    codeParam2 = z16.object({ code: z16.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Use a two-letter country code") });
    CACHE = "public, max-age=86400";
  }
});

// app/i18n/en.ts
var en;
var init_en = __esm({
  "app/i18n/en.ts"() {
    "use strict";
    en = {
      "site.skip": "Skip to content",
      "site.menu": "Main menu",
      "site.menuToggle": "Menu",
      "site.shop": "Shop",
      "site.search": "Search products",
      "site.searchPlaceholder": "Search products\u2026",
      "site.searchSubmit": "Search",
      "site.account": "My account",
      "site.login": "Log in",
      "site.cart": "Cart",
      "site.orderTracking": "Order tracking",
      "site.cartCount": "Cart, {count} items",
      "site.footerAbout": "An independent shop, run on Vitrine.",
      "site.footerCustomer": "Customer service",
      "site.footerShop": "Shop",
      "site.rights": "\xA9 {year} {store}. All rights reserved.",
      "site.dismiss": "Dismiss",
      "nav.home": "Home",
      "nav.breadcrumbs": "Breadcrumb",
      "nav.pagination": "Pagination",
      "nav.previous": "Previous page",
      "nav.next": "Next page",
      "nav.page": "Page {page}",
      "shop.title": "Shop",
      "shop.metaTitle": "{title} \u2014 {store}",
      "shop.metaTitlePage": "{title} \u2014 page {page} \u2014 {store}",
      "shop.description": "Browse {count} products at {store}.",
      "shop.categoryDescription": "{name}: {count} products at {store}.",
      "shop.tagTitle": "Products tagged \u201C{name}\u201D",
      "shop.searchTitle": "Search results for \u201C{query}\u201D",
      "shop.resultAll": "Showing all {total} results",
      "shop.resultSingle": "Showing the single result",
      "shop.resultRange": "Showing {from}\u2013{to} of {total} results",
      "shop.none": "No products were found matching your selection.",
      "shop.subcategories": "Categories",
      "shop.orderLabel": "Shop order",
      "shop.orderApply": "Sort",
      "shop.order.menu_order": "Default sorting",
      "shop.order.popularity": "Sort by popularity",
      "shop.order.rating": "Sort by average rating",
      "shop.order.date": "Sort by latest",
      "shop.order.price": "Sort by price: low to high",
      "shop.order.price-desc": "Sort by price: high to low",
      "shop.filterTitle": "Filter by price",
      "shop.filterMin": "Minimum price",
      "shop.filterMax": "Maximum price",
      "shop.filterApply": "Filter",
      "shop.filterReset": "Reset",
      "shop.filterRange": "Price: {min} \u2014 {max}",
      "shop.loadMore": "Load more products",
      "shop.loading": "Loading more products\u2026",
      "shop.loaded": "{count} more products loaded",
      "shop.quickView": "Quick view",
      "shop.quickViewOf": "Quick view: {name}",
      "shop.close": "Close",
      "shop.inStock": "In stock",
      "shop.stockLeft": "{count} in stock",
      "shop.onBackorder": "Available on backorder",
      "shop.viewDetails": "View full details",
      "shop.quantity": "Quantity",
      "shop.prevImage": "Previous image",
      "shop.nextImage": "Next image",
      "shop.imageOf": "Image {n} of {total}",
      "shop.quickViewError": "The product could not be loaded.",
      "home.title": "{store} \u2014 online shop",
      "home.description": "Shop {store}: featured products, new arrivals and categories.",
      "home.hero": "New season, new favourites",
      "home.heroText": "Hand-picked clothing, accessories and homeware, delivered to your door.",
      "home.heroCta": "Browse the shop",
      "home.featured": "Featured products",
      "home.categories": "Shop by category",
      "home.newest": "New arrivals",
      "home.empty": "No products yet.",
      "product.sale": "Sale!",
      "product.outOfStock": "Out of stock",
      "product.rated": "Rated {rating} out of 5",
      "product.addToCart": "Add to cart",
      "product.selectOptions": "Select options",
      "product.viewProducts": "View products",
      "product.readMore": "Read more",
      "product.buy": "Buy product",
      "product.regularPrice": "Original price was: {price}.",
      "product.salePrice": "Current price is: {price}.",
      "product.count": "{count} products",
      "error.notFoundTitle": "Page not found",
      "error.notFoundText": "The page you asked for is not here. It may have moved, or the address may be mistyped.",
      "error.serverTitle": "Something went wrong",
      "error.serverText": "We could not show this page. Please try again in a moment.",
      "error.home": "Go to the home page",
      "error.forbiddenTitle": "You do not have access to this page",
      "error.forbiddenText": "Your account is not allowed to open this page. If you think it should be, ask the shop\u2019s administrator.",
      "error.shop": "Continue shopping",
      "account.title": "My account",
      "account.hello": "Hello {name}",
      "account.dashboardText": "From your account dashboard you can view your recent orders, manage your addresses and edit your password and account details.",
      "account.login": "Log in",
      "account.loginTitle": "Log in",
      "account.register": "Register",
      "account.registerTitle": "Create an account",
      "account.logout": "Log out",
      "account.email": "E-mail address",
      "account.password": "Password",
      "account.newPassword": "New password",
      "account.name": "Name",
      "account.showPassword": "Show password",
      "account.hidePassword": "Hide password",
      "account.lostPassword": "Lost your password?",
      "account.lostTitle": "Reset your password",
      "account.lostText": "Enter your e-mail address and we will send you a link to choose a new password.",
      "account.lostSubmit": "Send reset link",
      "account.lostSent": "If an account uses this address, a reset link is on its way. Check your inbox.",
      "account.resetTitle": "Choose a new password",
      "account.resetSubmit": "Save password",
      "account.resetDone": "Your password has been changed. You can log in now.",
      "account.noAccount": "No account yet?",
      "account.haveAccount": "Already have an account?",
      "account.passwordHint": "At least {min} characters.",
      "account.admin": "Shop admin",
      "form.errors": "Please correct the following:",
      "admin.title": "Shop admin",
      "admin.dashboard": "Dashboard",
      "admin.settings": "Settings",
      "admin.mail": "Mail",
      "admin.viewShop": "View shop",
      "admin.setupTitle": "Set up your shop",
      "admin.setupText": "Create the administrator account. You can add more staff later.",
      "admin.setupSubmit": "Create administrator",
      "admin.setupDone": "This shop already has an administrator.",
      "admin.saved": "Settings saved.",
      "product.chooseOption": "Choose an option",
      "product.clear": "Clear",
      "product.noMatch": "Sorry, no products matched your selection. Please choose a different combination.",
      "product.selectFirst": "Please select some product options before adding this product to your cart.",
      "product.unavailable": "Sorry, this product is unavailable. Please choose a different combination.",
      "product.variationFailed": "The chosen options could not be checked. Please try again.",
      "product.ok": "OK",
      "product.inStockCount": "{count} in stock",
      "product.onBackorder": "Available on backorder",
      "product.notAvailable": "N/A",
      "product.skuLabel": "SKU:",
      "product.weightLabel": "Weight:",
      "product.dimensionsLabel": "Dimensions:",
      "product.quantity": "Quantity",
      "product.quantityOf": "{name} quantity",
      "product.less": "Decrease quantity of {name}",
      "product.more": "Increase quantity of {name}",
      "product.groupedNone": "Please choose the quantity of items you wish to add to your cart\u2026",
      "product.groupedProduct": "Product",
      "product.groupedPrice": "Price",
      "product.addedSome": "The chosen products have been added to your cart."
    };
  }
});

// app/i18n/t.ts
function fill(text4, vars) {
  return vars ? text4.replace(/\{(\w+)\}/g, (m, k) => k in vars ? String(vars[k]) : m) : text4;
}
function t(key, vars) {
  return fill(en[key], vars);
}
var init_t = __esm({
  "app/i18n/t.ts"() {
    "use strict";
    init_en();
  }
});

// app/features/product/choice.ts
var ATTRIBUTE_PREFIX, same, slugOfKey;
var init_choice = __esm({
  "app/features/product/choice.ts"() {
    "use strict";
    ATTRIBUTE_PREFIX = "attribute_";
    same = (a, b) => a.toLowerCase() === b.toLowerCase();
    slugOfKey = (key) => key.replace(/^attribute_/, "").replace(/^pa_/, "").toLowerCase();
  }
});

// app/features/product/variations.ts
function unprefix(attrs) {
  const out = {};
  for (const [k, v] of Object.entries(attrs)) out[slugOfKey(k)] = v;
  return out;
}
function findMatchingVariation(list5, choice) {
  return list5.find((v) => {
    const attrs = unprefix(v.attributes);
    return Object.entries(attrs).every(([slug, value2]) => !!choice[slug] && (value2 === "" || same(value2, choice[slug])));
  }) ?? null;
}
var isComplete;
var init_variations = __esm({
  "app/features/product/variations.ts"() {
    "use strict";
    init_constants();
    init_choice();
    init_choice();
    isComplete = (attributes, choice) => attributes.length > 0 && attributes.every((a) => !!choice[a.slug]);
  }
});

// app/features/product/variation.server.ts
function availability(s) {
  if (s.stockStatus === "outofstock") return t("product.outOfStock");
  if (s.stockStatus === "onbackorder") return t("product.onBackorder");
  return s.manageStock && s.stockQuantity !== null ? t("product.inStockCount", { count: s.stockQuantity }) : "";
}
function stockMax(s, soldIndividually) {
  if (soldIndividually) return 1;
  return s.manageStock && s.backorders === "no" ? Math.max(0, s.stockQuantity ?? 0) : null;
}
function toVariationImage(img) {
  return {
    src: img.src,
    srcset: img.srcset,
    sizes: VARIATION_IMAGE_SIZES,
    title: img.title,
    caption: img.caption,
    alt: img.alt,
    full_src: img.fullSrc,
    full_src_w: img.width,
    full_src_h: img.height,
    src_w: img.width,
    src_h: img.height,
    thumb_src: img.thumbSrc,
    gallery_thumbnail_src: img.thumbSrc
  };
}
async function variationObjects(db, product, now = /* @__PURE__ */ new Date()) {
  if (product.type !== "variable" || product.variations.length === 0) return [];
  const extra = await db.selectFrom("product_variations").select(["id", "sale_from", "sale_to", "manage_stock", "backorders"]).where("product_id", "=", product.id).execute();
  const byId = new Map(extra.map((e) => [e.id, e]));
  const options = new Map(product.attributes.map((a) => [a.slug, a.options]));
  return product.variations.map((v) => {
    const x = byId.get(v.id);
    const { price, onSale } = activePrice({ regular: v.prices.regular, sale: v.prices.sale, saleFrom: x?.sale_from ?? null, saleTo: x?.sale_to ?? null }, now);
    const own = x?.manage_stock === 1;
    const stock2 = own ? { stockStatus: v.stockStatus, manageStock: true, stockQuantity: v.stockQuantity, backorders: x?.backorders ?? "no" } : { stockStatus: v.stockStatus, manageStock: product.manageStock, stockQuantity: product.stockQuantity, backorders: product.backorders };
    const visible = price !== null;
    const inStock = v.stockStatus !== "outofstock";
    const weight = v.weight ?? product.weight;
    const d = [v.dimensions.length ?? product.dimensions.length, v.dimensions.width ?? product.dimensions.width, v.dimensions.height ?? product.dimensions.height];
    const image = v.image ?? product.images[0] ?? null;
    const limits = [stockMax(stock2, product.soldIndividually), v.maxQty].filter((n) => n !== null);
    const attributes = {};
    for (const [slug, value2] of Object.entries(v.attributes)) {
      attributes[`${ATTRIBUTE_PREFIX}${slug}`] = value2 ? options.get(slug)?.find((o) => o.toLowerCase() === value2.toLowerCase()) ?? value2 : "";
    }
    return {
      attributes,
      variation_id: v.id,
      sku: v.sku ?? product.sku ?? "",
      display_price: price,
      display_regular_price: v.prices.regular ?? price,
      on_sale: onSale,
      weight: num2(weight),
      weight_html: weight === null ? t("product.notAvailable") : `${weight} ${WEIGHT_UNIT}`,
      dimensions: { length: num2(d[0]), width: num2(d[1]), height: num2(d[2]) },
      dimensions_html: d.some((n) => n !== null) ? `${d.filter((n) => n !== null).join(" \xD7 ")} ${DIMENSION_UNIT}` : t("product.notAvailable"),
      image: image ? toVariationImage(image) : null,
      image_id: image?.id ?? null,
      image_link: image?.fullSrc ?? "",
      is_purchasable: visible && product.status === "publish",
      is_in_stock: inStock,
      variation_is_visible: visible,
      variation_is_active: visible && inStock,
      is_sold_individually: product.soldIndividually ? "yes" : "no",
      backorders_allowed: stock2.manageStock ? stock2.backorders !== "no" : v.stockStatus === "onbackorder",
      stock_status: v.stockStatus,
      availability_text: availability(stock2),
      min_qty: Math.max(1, v.minQty ?? 1),
      max_qty: limits.length ? Math.min(...limits) : null,
      variation_description: v.description
    };
  });
}
async function findVariation(db, productId, given, now = /* @__PURE__ */ new Date()) {
  const product = await findProduct(db, productId, { allowHidden: true });
  if (!product || product.type !== "variable") return void 0;
  const attributes = product.attributes.filter((a) => a.variation);
  const choice = {};
  for (const [key, value2] of Object.entries(given)) {
    const slug = slugOfKey(key);
    const attr = attributes.find((a) => a.slug === slug);
    const option = attr?.options.find((o) => o.toLowerCase() === value2.toLowerCase());
    if (!attr || !option) return null;
    choice[slug] = option;
  }
  if (!isComplete(attributes, choice)) return null;
  return findMatchingVariation(await variationObjects(db, product, now), choice);
}
var WEIGHT_UNIT, DIMENSION_UNIT, VARIATION_IMAGE_SIZES, num2;
var init_variation_server = __esm({
  "app/features/product/variation.server.ts"() {
    "use strict";
    init_image();
    init_price();
    init_product_server();
    init_t();
    init_variations();
    WEIGHT_UNIT = "kg";
    DIMENSION_UNIT = "cm";
    VARIATION_IMAGE_SIZES = "(max-width: 849px) 100vw, 600px";
    num2 = (n) => n === null ? "" : String(n);
  }
});

// server/api/product.ts
import { z as z17 } from "zod";
async function productRoutes(api) {
  const { db } = api.services;
  api.post("/products/:id/variation", async (request, reply) => {
    const { id: id2 } = parseInput(idParam2, request.params);
    const input = parseInput(body2, request.body ?? {});
    const flat = Object.fromEntries(Object.entries(input).filter(([k]) => k.startsWith(ATTRIBUTE_PREFIX)));
    const given = parseInput(attributeMap, { ...flat, ...input.attributes });
    const variation = await findVariation(db, Number(id2), given);
    if (variation === void 0) throw new HttpError(404, "not_found", "No such variable product.");
    return reply.type("application/json; charset=utf-8").send(JSON.stringify(variation));
  });
}
var MAX_ATTRIBUTES, idParam2, value, attributeMap, body2;
var init_product = __esm({
  "server/api/product.ts"() {
    "use strict";
    init_http_error();
    init_validate();
    init_variation_server();
    init_variations();
    MAX_ATTRIBUTES = 50;
    idParam2 = z17.object({ id: z17.string().regex(/^\d{1,9}$/, "Product id must be a number") });
    value = z17.string().max(200, "At most 200 characters");
    attributeMap = z17.record(z17.string().min(1).max(100), value).refine((m) => Object.keys(m).length <= MAX_ATTRIBUTES, `At most ${MAX_ATTRIBUTES} attributes`);
    body2 = z17.object({ attributes: attributeMap.optional(), product_id: z17.union([z17.string(), z17.number()]).optional(), custom_data: z17.unknown().optional() }).catchall(z17.unknown());
  }
});

// app/features/product/reviews.constants.ts
var REVIEW_MAX_LENGTH, REVIEW_AUTHOR_MAX_LENGTH, REVIEWS_PER_PAGE, REVIEW_MESSAGES;
var init_reviews_constants = __esm({
  "app/features/product/reviews.constants.ts"() {
    "use strict";
    REVIEW_MAX_LENGTH = 5e3;
    REVIEW_AUTHOR_MAX_LENGTH = 100;
    REVIEWS_PER_PAGE = 10;
    REVIEW_MESSAGES = {
      pending: "Thank you. Your review is awaiting approval.",
      approved: "Thank you. Your review has been published."
    };
  }
});

// app/features/product/reviews.schema.ts
import { z as z18 } from "zod";
function validateReview(input, who) {
  const fields = {};
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "_")] ??= issue.message;
  const raw = input ?? {};
  const guest = guestFieldsSchema.safeParse({ author: raw.author ?? "", email: raw.email ?? "" });
  if (!guest.success) {
    for (const issue of guest.error.issues) {
      const key = String(issue.path[0]);
      const needed = key === "email" ? !who.signedIn : !who.hasName;
      if (needed) fields[key] ??= issue.message;
    }
  }
  if (Object.keys(fields).length || !parsed.success) return { ok: false, fields };
  const data = { ...parsed.data };
  if (guest.success) data.email = guest.data.email;
  return { ok: true, data };
}
function pageParam(value2) {
  const n = Number(value2);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, 1e5) : 1;
}
var rating, optionalText, reviewInputSchema, guestFieldsSchema;
var init_reviews_schema = __esm({
  "app/features/product/reviews.schema.ts"() {
    "use strict";
    init_account_schema();
    init_reviews_constants();
    rating = z18.preprocess(
      (v) => v === "" || v === null ? void 0 : typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v,
      z18.number({ message: "Choose a rating from 1 to 5 stars" }).int("Choose a whole number of stars").min(1, "Choose a rating from 1 to 5 stars").max(5, "Choose a rating from 1 to 5 stars")
    );
    optionalText = (max, tooLong) => z18.preprocess((v) => v === null ? void 0 : v, z18.string().trim().max(max, tooLong).optional());
    reviewInputSchema = z18.object({
      rating,
      content: z18.string({ message: "Write your review" }).trim().min(1, "Write your review").max(REVIEW_MAX_LENGTH, `Keep your review under ${REVIEW_MAX_LENGTH.toLocaleString("en")} characters`),
      author: optionalText(REVIEW_AUTHOR_MAX_LENGTH, "Name is too long"),
      email: optionalText(254, "E-mail address is too long")
    });
    guestFieldsSchema = z18.object({
      author: z18.string({ message: "Enter your name" }).trim().min(1, "Enter your name").max(REVIEW_AUTHOR_MAX_LENGTH, "Name is too long"),
      email: z18.string({ message: "Enter your e-mail address" }).trim().min(1, "Enter your e-mail address").pipe(emailSchema)
    });
  }
});

// app/features/product/reviews.server.ts
async function reviewSettings(db) {
  const s = await getSettings(db);
  return { autoApprove: s.reviewsAutoApprove ?? false, verifiedOnly: s.reviewsVerifiedOnly ?? false };
}
async function isVerifiedOwner(db, who, productId) {
  const email = who.email.trim().toLowerCase();
  const row = await db.selectFrom("orders as o").innerJoin("order_items as i", "i.order_id", "o.id").select("o.id").where("i.product_id", "=", productId).where("o.status", "in", ["processing", "completed"]).where((eb) => who.userId !== null ? eb.or([eb("o.user_id", "=", who.userId), eb("o.billing_email", "=", email)]) : eb("o.billing_email", "=", email)).limit(1).executeTakeFirst();
  return row !== void 0;
}
function limiterFor(services) {
  let l = limiters.get(services);
  if (!l) limiters.set(services, l = createRateLimiter(REVIEW_POSTS_PER_WINDOW, REVIEW_WINDOW_MS));
  return l;
}
async function listReviews(db, productId, page, viewerId = null) {
  const visible = db.selectFrom("reviews").where("product_id", "=", productId).where(
    (eb) => viewerId === null ? eb("status", "=", "approved") : eb.or([eb("status", "=", "approved"), eb.and([eb("status", "=", "pending"), eb("user_id", "=", viewerId)])])
  );
  const { n } = await visible.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await visible.select(["id", "author", "rating", "content", "verified", "created_at", "status"]).orderBy("created_at", "desc").orderBy("id", "desc").limit(REVIEWS_PER_PAGE).offset((current - 1) * REVIEWS_PER_PAGE).execute();
  return { reviews: rows.map(toView), page: current, pages, total };
}
async function reviewSummary(db, productId) {
  const [product, groups] = await Promise.all([
    db.selectFrom("products").select(["average_rating", "review_count"]).where("id", "=", productId).executeTakeFirst(),
    db.selectFrom("reviews").select(["rating", (eb) => eb.fn.countAll().as("n")]).where("product_id", "=", productId).where("status", "=", "approved").groupBy("rating").execute()
  ]);
  const breakdown = [0, 0, 0, 0, 0];
  for (const g of groups) if (g.rating >= 1 && g.rating <= 5) breakdown[g.rating - 1] = Number(g.n);
  return { average: Number(product?.average_rating ?? 0), count: product?.review_count ?? 0, breakdown };
}
async function reviewableProduct(db, productId) {
  const p = await db.selectFrom("products").select(["id", "slug", "reviews_allowed"]).where("id", "=", productId).where("status", "=", "publish").executeTakeFirst();
  if (!p) throw new HttpError(404, "not_found", "No such product.");
  if (p.reviews_allowed !== 1) throw new HttpError(403, "reviews_closed", "Reviews are closed for this product.");
  return p;
}
async function postReview(services, { productId, user, clientIp, input }) {
  const { db } = services;
  const checked = validateReview(input, { signedIn: !!user, hasName: !!user?.name.trim() });
  if (!checked.ok) {
    const [key, message] = Object.entries(checked.fields)[0] ?? ["_", "Invalid review"];
    throw new HttpError(400, "invalid", key === "_" ? message : `${key}: ${message}`, checked.fields);
  }
  const author = user?.name.trim() || checked.data.author;
  const email = user ? user.email : checked.data.email;
  await reviewableProduct(db, productId);
  const settings = await reviewSettings(db);
  const verified = await isVerifiedOwner(db, { userId: user?.id ?? null, email }, productId);
  if (settings.verifiedOnly && !verified) {
    throw new HttpError(403, "verified_only", "Only customers who have bought this product can review it.");
  }
  const wait = limiterFor(services).hit(clientIp);
  if (wait > 0) {
    throw new HttpError(429, "rate_limited", `Too many reviews from your address. Try again in ${Math.ceil(wait / 60)} min.`, void 0, {
      "retry-after": String(wait)
    });
  }
  const status = settings.autoApprove ? "approved" : "pending";
  const row = await db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await trx.selectFrom("products").select("id").where("id", "=", productId).forUpdate().execute();
    const existing = await trx.selectFrom("reviews").select("id").where("product_id", "=", productId).where((eb) => user ? eb.or([eb("user_id", "=", user.id), eb("email", "=", email)]) : eb("email", "=", email)).executeTakeFirst();
    if (existing) throw new HttpError(409, "duplicate_review", "You have already reviewed this product.");
    const created = await trx.insertInto("reviews").values({
      product_id: productId,
      user_id: user?.id ?? null,
      author,
      email,
      rating: checked.data.rating,
      content: checked.data.content,
      verified: verified ? 1 : 0,
      status,
      created_at: nowIso()
    }).returning(["id", "author", "rating", "content", "verified", "created_at", "status"]).executeTakeFirstOrThrow();
    if (status === "approved") await recomputeProducts(trx, [productId]);
    return created;
  });
  return { status, message: REVIEW_MESSAGES[status], review: toView(row), summary: await reviewSummary(db, productId) };
}
var REVIEW_POSTS_PER_WINDOW, REVIEW_WINDOW_MS, limiters, toView;
var init_reviews_server = __esm({
  "app/features/product/reviews.server.ts"() {
    "use strict";
    init_dialect();
    init_settings_server();
    init_catalog_write_server();
    init_http_error();
    init_rate_limit_server();
    init_time();
    init_reviews_constants();
    init_reviews_schema();
    REVIEW_POSTS_PER_WINDOW = 5;
    REVIEW_WINDOW_MS = 10 * 6e4;
    limiters = /* @__PURE__ */ new WeakMap();
    toView = (r) => ({
      id: r.id,
      author: r.author,
      rating: r.rating,
      content: r.content,
      verified: r.verified === 1,
      createdAt: r.created_at,
      pending: r.status !== "approved"
    });
  }
});

// server/api/reviews.ts
import { z as z19 } from "zod";
async function reviewsRoutes(api) {
  const services = api.services;
  const { db } = services;
  api.get("/products/:id/reviews", async (request, reply) => {
    const id2 = Number(parseInput(idParam3, request.params).id);
    const product = await db.selectFrom("products").select("id").where("id", "=", id2).where("status", "=", "publish").executeTakeFirst();
    if (!product) throw new HttpError(404, "not_found", "No such product.");
    const page = pageParam(request.query.page);
    const [list5, summary2] = await Promise.all([listReviews(db, id2, page, request.ctx.user?.id ?? null), reviewSummary(db, id2)]);
    reply.header("cache-control", "private, no-cache");
    return { ...list5, summary: summary2 };
  });
  api.post("/products/:id/reviews", async (request, reply) => {
    const id2 = Number(parseInput(idParam3, request.params).id);
    const posted = await postReview(services, { productId: id2, user: request.ctx.user, clientIp: request.ctx.clientIp, input: request.body });
    return reply.status(201).send(posted);
  });
}
var idParam3;
var init_reviews = __esm({
  "server/api/reviews.ts"() {
    "use strict";
    init_http_error();
    init_validate();
    init_reviews_schema();
    init_reviews_server();
    idParam3 = z19.object({ id: z19.string().regex(/^\d{1,9}$/, "Product id must be a number") });
  }
});

// server/api/index.ts
async function registerApi(api) {
  api.addHook("preHandler", async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.headers["cart-token"] && (request.url.startsWith("/api/cart") || request.url.startsWith("/api/checkout"))) return;
    if (/^\/api\/payments\/[^/]+\/webhook(\?|$)/.test(request.url)) return;
    const token = request.headers[CSRF_HEADER];
    if (!csrfValid(api.services.config.sessionSecret, request.csrfSeed, typeof token === "string" ? token : void 0)) {
      throw new HttpError(403, "csrf", "Missing or invalid CSRF token: send the x-csrf-token header from GET /api/session.");
    }
  });
  await api.register(healthRoutes);
  await api.register(accountRoutes);
  await api.register(catalogRoutes);
  await api.register(cartRoutes);
  await api.register(checkoutRoutes);
  await api.register(countriesRoutes);
  await api.register(productRoutes);
  await api.register(reviewsRoutes);
  api.all("/*", async (request) => {
    throw new HttpError(404, "not_found", `No API route ${request.method} ${request.url.split("?")[0]}.`);
  });
}
var init_api = __esm({
  "server/api/index.ts"() {
    "use strict";
    init_http_error();
    init_security();
    init_health();
    init_account();
    init_catalog();
    init_cart2();
    init_checkout();
    init_countries2();
    init_product();
    init_reviews();
  }
});

// server/app.ts
var app_exports = {};
__export(app_exports, {
  buildApp: () => buildApp
});
import path6 from "node:path";
import { existsSync as existsSync3, readFileSync as readFileSync3 } from "node:fs";
import { mkdir as mkdir3 } from "node:fs/promises";
import Fastify, { LogController } from "fastify";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import pino from "pino";
async function buildApp(config, options = {}) {
  const log = pino({ level: config.logLevel });
  const db = options.db ?? createDb(config.databaseUrl);
  await migrate(db);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const services = {
    db,
    config,
    mailer,
    log,
    loginLimiter: createRateLimiter(LIMITS.loginAttempts, LIMITS.loginWindowMs)
  };
  if (config.seedDemo) await seedDemoIfEmpty(services);
  const stopSales = scheduleSales(db, (err) => log.error({ err }, "scheduled sales check failed"));
  await mkdir3(mediaRoot(config.dataDir), { recursive: true });
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: config.trustProxy,
    // Per-request log lines only at debug level: at info they would cost more than a page render.
    logController: new LogController({ disableRequestLogging: config.logLevel !== "debug" && config.logLevel !== "trace" }),
    return503OnClosing: true
  });
  app.decorate("services", services);
  app.addHook("onClose", async () => {
    await stopSales();
    if (!options.db) await db.destroy();
    if (!options.mailer) mailer.close();
  });
  await app.register(cookie);
  await app.register(helmet, {
    // The page adapter sets a per-request CSP with a nonce; API answers need none.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl?.startsWith("https:") ? void 0 : false,
    // "no-referrer" would make browsers send `Origin: null` on our own form posts, which
    // React Router rightly refuses as cross-site; this keeps the origin for same-site posts.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" }
  });
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], brotliOptions: { params: { 1: 4 } } });
  registerErrorHandling(app);
  app.addHook("onRequest", (request, reply) => attachContext(services, request, reply));
  await app.register(registerApi, { prefix: "/api" });
  await app.register(fastifyStatic, {
    root: mediaRoot(config.dataDir),
    prefix: "/media/",
    decorateReply: false,
    maxAge: "30d",
    wildcard: true
  });
  const pages = options.pages ?? "build";
  if (pages === "build") {
    const client = path6.join(BUILD_DIR, "client");
    if (existsSync3(client)) {
      await app.register(fastifyStatic, {
        root: path6.join(client, "assets"),
        prefix: "/assets/",
        decorateReply: false,
        immutable: true,
        maxAge: "365d",
        preCompressed: true
      });
      const favicon = path6.join(client, "favicon.svg");
      if (existsSync3(favicon)) {
        const svg = readFileSync3(favicon);
        app.get(
          "/favicon.svg",
          (_req, reply) => reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(svg)
        );
      }
    }
  }
  if (pages) await registerPages(app, { dev: pages === "dev", pageCacheBytes: config.pageCacheMb * 1024 * 1024 });
  return app;
}
var init_app = __esm({
  "server/app.ts"() {
    "use strict";
    init_client();
    init_constants();
    init_mail_server();
    init_rate_limit_server();
    init_demo();
    init_scheduled_sales_server();
    init_context();
    init_errors();
    init_api();
    init_pages();
    init_media_server();
  }
});

// server/index.ts
import { execFileSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync as existsSync4 } from "node:fs";
var dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
async function main() {
  const { ConfigError: ConfigError2, loadConfig: loadConfig2 } = await Promise.resolve().then(() => (init_config(), config_exports));
  let config;
  try {
    config = loadConfig2(process.env, dev ? { mode: "development" } : {});
  } catch (err) {
    if (err instanceof ConfigError2) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { SERVER_BUILD: SERVER_BUILD2 } = await Promise.resolve().then(() => (init_pages(), pages_exports));
  if (cluster.isPrimary && !dev && !existsSync4(SERVER_BUILD2)) {
    console.log("No production build yet: building first (npm run build)\u2026");
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
  const { buildApp: buildApp2 } = await Promise.resolve().then(() => (init_app(), app_exports));
  if (cluster.isPrimary && !dev && config.workers > 1) {
    await (await buildApp2(config, { pages: false })).close();
    return supervise(config.workers);
  }
  const app = await buildApp2(config, { pages: dev ? "dev" : "build" });
  await app.listen({ port: config.port, host: config.host });
  let closing = false;
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, "shutting down");
      const force = setTimeout(() => process.exit(1), 1e4);
      force.unref();
      await app.close();
      process.exit(0);
    });
  }
}
function supervise(count2) {
  let stopping = false;
  const started = /* @__PURE__ */ new Map();
  const fork = () => started.set(cluster.fork(), Date.now());
  cluster.on("exit", (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, Date.now() - since < 5e3 ? 2e3 : 0);
  });
  for (let i = 0; i < count2; i++) fork();
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      stopping = true;
      if (started.size === 0) process.exit(0);
      for (const worker of started.keys()) worker.process.kill("SIGTERM");
      setTimeout(() => process.exit(1), 12e3).unref();
    });
  }
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
