// `npm run bench` only (started by scripts/bench-queries.ts with wrangler's unstable_startWorker on the
// bench state): the baseline for /media. GET /?key= reads the whole object from the R2 binding inside the
// Worker and answers how long that took (no HTTP transfer of the bytes).
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const object = await env.MEDIA.get(url.searchParams.get("key") ?? "");
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
  },
};
