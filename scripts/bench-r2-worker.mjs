// `npm run bench` only (scripts/bench.mjs starts it with its own `wrangler dev` on the bench state and its own
// config, so the app's wrangler.toml stays out of it): the baselines for /media.
//   GET /stream?key=  the object straight back over HTTP: `new Response(object.body)` with its length and type,
//                     a Range header passed to R2 as is (206). The fair baseline: same client, same transfer,
//                     same framing, no app in between.
//   GET /read?key=    reads the whole object from the binding inside the Worker and answers how long that
//                     took (no HTTP transfer of the bytes): the ceiling, printed for reference.
//   PUT /put?key=&bytes=  writes that many random bytes (generated here, so 50 MB never crosses the proxy).
/* global FixedLengthStream */
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const key = url.searchParams.get("key") ?? "";

    if (url.pathname === "/put" && request.method === "PUT") {
      const size = Number(url.searchParams.get("bytes") ?? 0);
      const existing = await env.MEDIA.head(key);
      if (existing?.size === size) return Response.json({ written: false, size });
      const { readable, writable } = new FixedLengthStream(size);
      const writing = (async () => {
        const writer = writable.getWriter();
        for (let done = 0; done < size;) {
          const chunk = new Uint8Array(Math.min(65_536, size - done));
          crypto.getRandomValues(chunk);
          await writer.write(chunk);
          done += chunk.byteLength;
        }
        await writer.close();
      })();
      await Promise.all([env.MEDIA.put(key, readable, { httpMetadata: { contentType: "video/mp4" } }), writing]);
      return Response.json({ written: true, size });
    }

    if (url.pathname === "/stream") {
      const ranged = request.headers.has("Range");
      const object = await env.MEDIA.get(key, ranged ? { range: request.headers } : undefined);
      if (!object) return new Response("Not found", { status: 404 });
      // The same framing and type as /media: a Content-Length, not chunked, and the object's Content-Type.
      // Without a type, wrangler dev gzips the body for a client that accepts it, which would flatter /media.
      // The length: only the two Range forms the bench sends.
      const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("Range") ?? "");
      const length = !match
        ? object.size
        : match[1] === ""
          ? Math.min(Number(match[2]), object.size)
          : Math.min(Number(match[2]), object.size - 1) - Number(match[1]) + 1;
      const headers = new Headers({ "Content-Length": String(length) });
      object.writeHttpMetadata(headers);
      return new Response(object.body, { status: ranged ? 206 : 200, headers });
    }

    if (url.pathname === "/read") {
      const object = await env.MEDIA.get(key);
      if (!object) return new Response("Not found", { status: 404 });
      const start = Date.now();
      let bytes = 0;
      const reader = object.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
      }
      return Response.json({ ms: Date.now() - start, bytes });
    }
    return new Response("Not found", { status: 404 });
  },
};
