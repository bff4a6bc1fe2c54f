import type { Env } from "../../server/env";
import { testEnv } from "./helpers";

// Faults at the bindings' boundary, over the real D1 and R2 of the tests: nothing here stores anything itself.

/** The table a failing statement is sent to: D1 answers "no such table: secret_table_name". */
export const SECRET_TABLE = "secret_table_name";

/**
 * What must never reach a member: D1's and R2's own error text, SQL, the injected names, a stack frame, and the
 * providers' keys and raw answers (the tests below use these fake secrets).
 */
export const LEAKS =
  /D1_ERROR|SQLITE|secret_table_name|no such table|\bselect\b.*\bfrom\b|insert into|update "|R2 internal|r2-bucket-secret|sk_test_|re_fault_|api_error|Something went wrong on Stripe|InferenceUpstreamError|Network connection lost|\s+at\s+\S+\s+\(|\.ts:\d+|\.js:\d+/i;

export interface D1Fault {
  /** Which statements fail, tested against their SQL (e.g. /^insert|^update/i); every statement when absent. */
  match?: RegExp;
  /** Matching statements let through before the first failure (1: the second matching statement fails). */
  skip?: number;
  /** How many matching statements fail once they start; every later one when absent. */
  times?: number;
  /**
   * "d1" (the default): D1 itself fails the statement; it is sent naming a table that does not exist, so inside
   * a batch the statements before it really run and D1 rolls them back. "reject": the call never reaches D1 and
   * rejects as if D1 were unreachable (a batch holding such a statement rejects whole).
   */
  how?: "d1" | "reject";
}

type Client = Pick<D1Database, "prepare" | "batch">;

/** The message of a D1 failure in "reject" mode: D1's own form, with SQL-looking text a leak would show. */
const rejection = (sql: string) =>
  new Error(`D1_ERROR: Network connection lost. (while running ${sql.slice(0, 120)} on ${SECRET_TABLE}): SQLITE_ERROR`);

/** The same statement with its first table swapped for one that does not exist (placeholders untouched). */
function breakSql(sql: string): string {
  const broken = sql.replace(/\b(into|update|from)\s+("[^"]+"|`[^`]+`|\w+)/i, `$1 "${SECRET_TABLE}"`);
  return broken === sql ? `select * from "${SECRET_TABLE}"` : broken;
}

/**
 * The test env with a D1 whose statements fail as `fault` says, on the binding and on every D1 session a request
 * opens (server/lib/d1-session.ts). `failed()` lists the SQL of each statement made to fail, so a test can check
 * its fault really hit.
 */
export function faultyD1(fault: D1Fault = {}, base: Env = testEnv) {
  const failed: string[] = [];
  let matched = 0;
  const rejecting = new WeakSet<object>();

  const shouldFail = (sql: string) => {
    if (fault.match && !fault.match.test(sql.trim())) return false;
    matched += 1;
    const index = matched - 1 - (fault.skip ?? 0);
    if (index < 0 || index >= (fault.times ?? Number.POSITIVE_INFINITY)) return false;
    failed.push(sql);
    return true;
  };

  const rejectingStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") {
          return (...values: unknown[]) => rejectingStatement(target.bind(...values), sql);
        }
        if (property === "run" || property === "all" || property === "first" || property === "raw") {
          return () => Promise.reject(rejection(sql));
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    rejecting.add(proxy);
    return proxy;
  };

  const wrap = (client: Client) => ({
    prepare(sql: string) {
      if (!shouldFail(sql)) return client.prepare(sql);
      if (fault.how === "reject") return rejectingStatement(client.prepare(sql), sql);
      return client.prepare(breakSql(sql));
    },
    batch<T>(statements: D1PreparedStatement[]) {
      if (statements.some((statement) => rejecting.has(statement))) {
        return Promise.reject(rejection("batch"));
      }
      return client.batch<T>(statements);
    },
  });

  const DB = new Proxy(base.DB, {
    get(target, property) {
      if (property === "prepare" || property === "batch") return wrap(target)[property];
      if (property === "withSession") {
        return (constraintOrBookmark?: string) => {
          const session = target.withSession(constraintOrBookmark);
          return { ...wrap(session), getBookmark: () => session.getBookmark() };
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...base, DB } as Env, failed: () => [...failed] };
}

type R2Method = "get" | "head" | "put" | "delete" | "list" | "createMultipartUpload";

/**
 * The test env with an R2 bucket whose `methods` reject (all of them by default), as R2 does when it is
 * unavailable; the others reach the real bucket. `calls()` lists the failed calls as "method key".
 */
export function faultyR2(methods: R2Method[] = ["get", "head", "put", "delete", "list", "createMultipartUpload"]) {
  const calls: string[] = [];
  const MEDIA = new Proxy(testEnv.MEDIA, {
    get(target, property) {
      if (typeof property === "string" && (methods as string[]).includes(property)) {
        return (key?: unknown) => {
          calls.push(`${property} ${typeof key === "string" ? key : ""}`);
          return Promise.reject(
            new Error(
              `R2 internal error (10001): r2-bucket-secret ${String(key)} is unavailable. at R2Bucket.${property}`,
            ),
          );
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...testEnv, MEDIA } as Env, calls: () => [...calls] };
}
