import net from "node:net";
import { expect, serverURL, test } from "./test";

// Outside attack: malformed requests of every kind, sent as raw bytes on the wire (as sqlmap, nikto and
// wapiti send them; fetch clients refuse to build most of these) to pages, the API, /media and /assets of
// the built app. The Worker answers none of them with a 5xx. Two methods never reach it: the runtime
// answers an unknown method (FOO, 501) and CONNECT itself, without our headers (X-Content-Type-Options is
// on everything the Worker answers); every other 5xx, ours or the runtime's after a throw, fails the test.

interface Answer {
  status: number;
  ours: boolean;
}

function send(base: URL, text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(base.port), base.hostname);
    let data = "";
    socket.setTimeout(20_000, () => socket.destroy(new Error("no answer within 20 s")));
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = ""] = data.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, ours: /\r\nx-content-type-options:/i.test(head) });
    });
    socket.write(text);
  });
}

test("no malformed request gets a 5xx from the Worker", async () => {
  test.setTimeout(120_000);
  const base = new URL(serverURL());
  const host = `${base.hostname}:${base.port}`;
  const request = (method: string, path: string, headers: Record<string, string> = {}, body = "") => {
    const all: Record<string, string> = { Host: host, Connection: "close", ...headers };
    if (body) all["Content-Length"] = String(Buffer.byteLength(body));
    const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}`);
    return `${method} ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
  };
  const origin = { Origin: base.origin };
  const targets = [
    "/",
    "/faq",
    "/video-library",
    "/video/1/a-lesson",
    "/auth/login",
    "/admin",
    "/api/me",
    "/api/library",
    "/api/no-such-thing",
    "/media/videos/nothing.mp4",
    "/assets/nothing.js",
    "/favicon.ico",
  ];
  const cases: [string, string][] = [];
  for (const path of targets) {
    const bare = path.replace(/\/$/, "");
    cases.push(
      ["GET with a form body", request("GET", path, { "Content-Type": "application/x-www-form-urlencoded" }, "a=1")],
      ["HEAD with a JSON body", request("HEAD", path, { "Content-Type": "application/json" }, "{}")],
      [
        "GET with a chunked body",
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
      ],
      ["an encoded backslash", request("GET", `${bare}/%5C`)],
      ["a raw backslash", request("GET", `${path}\\x`)],
      ["a lone percent sign", request("GET", `${bare}/%`)],
      ["a cut UTF-8 sequence", request("GET", `${bare}/%E0%A4%A`)],
      ["an encoded NUL", request("GET", `${bare}/%00`)],
      ["a bad query encoding", request("GET", `${path}?q=%&r=%FF%FE`)],
      ["an 8,000-character path", request("GET", `${bare}/${"a".repeat(8000)}`)],
      ["an 8,000-character query", request("GET", `${path}?q=${"a".repeat(8000)}`)],
      ["a 16 KB header", request("GET", path, { "X-Padding": "a".repeat(16_000) })],
      ["a 9 KB session cookie", request("GET", path, { Cookie: `token=${"a".repeat(9000)}` })],
      ["a nonsense Range", request("GET", path, { Range: "bytes=abc-def" })],
      [
        "a form POST that is not valid",
        request("POST", path, { ...origin, "Content-Type": "application/x-www-form-urlencoded" }, "%%%=%&a"),
      ],
      [
        "a broken multipart POST",
        request("POST", path, { ...origin, "Content-Type": "multipart/form-data; boundary=x" }, "--x\r\nbroken"),
      ],
      ["a POST with no type", request("POST", path, origin, "abc")],
      ["a POST with no body", request("POST", path, origin)],
    );
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "MKCOL", "TRACE", "FOO", "CONNECT"]) {
      cases.push([`${method}`, request(method, path, origin)]);
    }
  }
  const failures: string[] = [];
  for (const [name, text] of cases) {
    const { status, ours } = await send(base, text);
    const path = text.slice(text.indexOf(" ") + 1, text.indexOf(" HTTP/")).slice(0, 60);
    const runtimesOwn = (name === "FOO" || name === "CONNECT") && !ours;
    if (status === 0) failures.push(`${name} ${path}: no HTTP answer`);
    else if (status >= 500 && !runtimesOwn) failures.push(`${name} ${path}: ${status}${ours ? "" : " (not ours)"}`);
  }
  expect(failures).toEqual([]);
});
