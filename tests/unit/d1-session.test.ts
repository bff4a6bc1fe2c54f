import { describe, expect, it } from "vitest";
import { isWriteStatement, openD1Session, parseBookmark } from "../../server/lib/d1-session";

describe("parseBookmark", () => {
  it("accepts D1's dash-separated hex bookmarks", () => {
    expect(parseBookmark("00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683")).toBe(
      "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683",
    );
    expect(parseBookmark(" 0000000a-00000002 ")).toBe("0000000a-00000002");
  });

  it("refuses constraints, junk and oversize values", () => {
    for (const value of [
      null,
      undefined,
      "",
      "first-primary",
      "first-unconstrained",
      "00000001",
      "0000-zzzz",
      "00000001-00000002;",
      `${"a".repeat(150)}-${"b".repeat(60)}`,
    ]) {
      expect(parseBookmark(value), String(value)).toBeNull();
    }
  });
});

describe("isWriteStatement", () => {
  it("tells reads from writes by the statement, counting anything unclear as a write", () => {
    expect(isWriteStatement('select "id" from "users" where "updated_at" > ?')).toBe(false);
    expect(isWriteStatement("  SELECT 1")).toBe(false);
    expect(isWriteStatement("pragma table_info(users)")).toBe(false);
    expect(isWriteStatement('with "recent" as (select 1) select * from "recent"')).toBe(false);
    expect(isWriteStatement('insert into "playlists" ("title") values (?)')).toBe(true);
    expect(isWriteStatement('update "users" set "name" = ?')).toBe(true);
    expect(isWriteStatement('delete from "sessions" where "id" = ?')).toBe(true);
    expect(isWriteStatement('with "old" as (select 1) delete from "sessions"')).toBe(true);
    expect(isWriteStatement("replace into t values (1)")).toBe(true);
    expect(isWriteStatement("vacuum")).toBe(true);
  });
});

/** A D1 binding whose sessions answer with the bookmark given, and remember what they were opened with. */
function fakeD1(bookmarkAfterQuery: string) {
  const opened: string[] = [];
  const db = {
    withSession(constraint: string) {
      opened.push(constraint);
      let bookmark: string | null = constraint.startsWith("first-") ? null : constraint;
      return {
        prepare: (sql: string) => {
          bookmark = bookmarkAfterQuery;
          return { sql } as unknown as D1PreparedStatement;
        },
        batch: async () => [],
        getBookmark: () => bookmark,
      };
    },
  } as unknown as D1Database;
  return { db, opened };
}

describe("openD1Session", () => {
  const newer = "00000002-00000001";
  const older = "00000001-00000001";

  it("leaves the cookie alone on a GET that only read, however far the replica has moved", () => {
    const { db, opened } = fakeD1(newer);
    const request = new Request("https://ahla.test/", { headers: { Cookie: `d1b=${older}` } });
    const session = openD1Session(db, request);
    expect(opened).toEqual(["first-primary", older]);
    session.reads.prepare("select 1");
    const headers = new Headers();
    session.finish(headers);
    expect(headers.getSetCookie()).toEqual([]);
  });

  it("sets it after a write, on any method", () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const { db } = fakeD1(newer);
      const session = openD1Session(db, new Request("https://ahla.test/", { method }));
      session.reads.prepare('insert into "t" values (1)');
      const headers = new Headers();
      session.finish(headers);
      expect(headers.getSetCookie(), method).toEqual([expect.stringMatching(new RegExp(`^d1b=${newer};`))]);
    }
  });

  it("leaves it alone when the write request's session ends where the cookie already is", () => {
    const { db, opened } = fakeD1(older);
    const request = new Request("https://ahla.test/", { method: "POST", headers: { Cookie: `d1b=${older}` } });
    const session = openD1Session(db, request);
    expect(opened).toEqual(["first-primary"]);
    expect(session.primary).toBe(session.reads);
    session.reads.prepare('update "t" set "a" = 1');
    const headers = new Headers();
    session.finish(headers);
    expect(headers.getSetCookie()).toEqual([]);
  });

  it('says "unmeasured" rather than guess when the D1 session is not the one it knows', () => {
    const { db } = fakeD1(newer);
    const session = openD1Session(db, new Request("https://ahla.test/"), { measure: true });
    const headers = new Headers();
    session.finish(headers);
    expect(headers.get("Server-Timing")).toBe('d1;desc="unmeasured"');
    const quiet = openD1Session(fakeD1(newer).db, new Request("https://ahla.test/"));
    const none = new Headers();
    quiet.finish(none);
    expect(none.get("Server-Timing")).toBeNull();
  });
});
