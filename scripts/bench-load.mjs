// `npm run bench` only: the bounded load run. Every load member (scripts/bench-load-setup.ts made them and
// their sessions) loops over five writes for `seconds`, one request at a time, all members at once:
//   PUT /api/lessons/:id/progress (positionSeconds growing), POST /api/lessons/:id/words (a new word each
//   time), POST /api/flashcards/reviews (a new requestId each time), POST /api/community/threads/:id/messages
//   and POST /api/lessons/:id/comments.
// Every write carries its own Idempotency-Key (docs/decisions/026-idempotency-keys.md) and is retried as a
// client must: on a network error, a 5xx or the key's 409 (`Retry-After`, its first copy still running), the
// same request with the same key, at most 3 more times (250, 500, 1000 ms apart). Lost answers are simulated:
//   - "answer lost" (10% of writes): once answered, the identical request is sent again with the same key;
//     it must get the same status and body, marked `Idempotent-Replayed: true`;
//   - "connection dropped" (5%): the request is aborted 1–30 ms after it is sent (it may or may not have
//     reached the app), then retried with the same key.
// 4xx answers (429 rate limits included) are refusals, not errors. A write whose last answer was a 2xx is
// "accepted": scripts/bench-load-verify.ts checks afterwards that D1 holds exactly those rows.
//   node scripts/bench-load.mjs <base URL> <bench-load.json> <result.json> [seconds]   (alone, against a running app)
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const LOAD_KINDS = ["progress", "word", "review", "message", "comment"];
const RETRY_DELAYS_MS = [250, 500, 1000];
const LOST_ANSWER_SHARE = 0.1;
const DROPPED_SHARE = 0.05;
const REQUEST_TIMEOUT_MS = 30_000;

/** A small seeded PRNG (mulberry32): the same run makes the same choices. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
export function latencyStats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), n: sorted.length };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function newKindStats() {
  return {
    writes: 0, // logical writes: one Idempotency-Key each
    requests: 0, // HTTP exchanges, retries and resends included
    accepted: 0,
    refused: {}, // final 4xx answers by status
    failed: 0, // no definite answer after the retries (5xx, network error, or still 409)
    serverErrors: 0, // 5xx answers, retried or not
    networkErrors: 0, // connection errors other than the simulated drops
    stillRunning: 0, // 409 + Retry-After: the key's first copy was still running
    retried: 0, // writes that needed at least one retry
    lostAnswers: 0, // resends of an answered write ("answer lost")
    replayedOk: 0, // …that got the same status and body with Idempotent-Replayed: true
    replayProblems: [], // …that did not (first few)
    dropped: 0, // simulated dropped connections
    droppedReplayed: 0, // …whose retry got the stored answer of a copy that had reached the app
    statuses: {}, // every HTTP answer by status
    latencies: [],
  };
}

/**
 * Runs the load. `setup` is bench-load.json; writes the accepted writes per member to `outFile` for
 * scripts/bench-load-verify.ts and returns the figures.
 */
export async function runLoad({ base, setup, outFile, seconds = 60, seed = 20_260_101, log = console.log }) {
  const tag = Date.now().toString(36);
  const { lesson, cardIds, threadId, members } = setup;
  const probe = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${members[0].token}` } });
  await probe.arrayBuffer();
  if (probe.status !== 200)
    throw new Error(`a load member's session is refused by the app: GET /api/me ${probe.status}`);

  const stats = Object.fromEntries(LOAD_KINDS.map((kind) => [kind, newKindStats()]));
  const ledger = members.map((member) => ({
    userId: member.userId,
    // The identity each accepted write left in D1: the word, the review's requestId, the message's and
    // the comment's body; for progress, the positions in the order they were accepted.
    accepted: { progress: [], word: [], review: [], message: [], comment: [] },
    // Writes without a definite answer: each may or may not be in D1 (at most once).
    unknown: { progress: [], word: [], review: [], message: [], comment: [] },
  }));

  /** One HTTP exchange. Never throws: a network error is `{ status: 0 }`. */
  async function send(kind, request, { dropAfterMs } = {}) {
    const stat = stats[kind];
    stat.requests += 1;
    const start = performance.now();
    const drop = dropAfterMs ? AbortSignal.timeout(dropAfterMs) : null;
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = drop ? AbortSignal.any([drop, timeout]) : timeout;
    try {
      const response = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
      });
      const body = await response.text();
      const ms = performance.now() - start;
      stat.latencies.push(ms);
      stat.statuses[response.status] = (stat.statuses[response.status] ?? 0) + 1;
      if (response.status >= 500) stat.serverErrors += 1;
      return {
        status: response.status,
        body,
        replayed: response.headers.get("Idempotent-Replayed") === "true",
        retryAfter: response.headers.has("Retry-After"),
      };
    } catch (error) {
      const dropped = Boolean(drop?.aborted) && !timeout.aborted;
      if (!dropped) {
        stat.networkErrors += 1;
        stat.statuses.network = (stat.statuses.network ?? 0) + 1;
      }
      return { status: 0, error: String(error?.cause?.code ?? error?.name ?? error), dropped };
    }
  }

  const retryable = (answer) =>
    answer.status === 0 || answer.status >= 500 || (answer.status === 409 && answer.retryAfter);

  /** A write with its key, retried as a client must; the final answer. */
  async function write(kind, request, mode, rand) {
    const stat = stats[kind];
    stat.writes += 1;
    let answer;
    if (mode === "dropped") {
      stat.dropped += 1;
      answer = await send(kind, request, { dropAfterMs: 1 + Math.floor(rand() * 30) });
    } else {
      answer = await send(kind, request);
    }
    for (let retry = 0; retryable(answer) && retry < RETRY_DELAYS_MS.length; retry++) {
      if (answer.status === 409) stat.stillRunning += 1;
      if (retry === 0) stat.retried += 1;
      await sleep(RETRY_DELAYS_MS[retry]);
      answer = await send(kind, request);
      if (mode === "dropped" && answer.replayed) stat.droppedReplayed += 1;
    }
    if (answer.status === 409 && answer.retryAfter) stat.stillRunning += 1;
    if (mode === "lost" && !retryable(answer)) {
      // The answer "did not arrive": the client sends the same request again.
      stat.lostAnswers += 1;
      const again = await send(kind, request);
      if (again.status === answer.status && again.replayed && again.body === answer.body) stat.replayedOk += 1;
      else if (stat.replayProblems.length < 5) {
        stat.replayProblems.push({
          key: request.headers["Idempotency-Key"],
          first: answer.status,
          again: again.status,
          replayed: again.replayed,
          sameBody: again.body === answer.body,
        });
      }
    }
    return answer;
  }

  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let writesDone = 0;

  async function memberLoop(member, index) {
    const rand = random(seed + index * 7919);
    const headersFor = (key) => ({
      Authorization: `Bearer ${member.token}`,
      "Content-Type": "application/json",
      "Idempotency-Key": key,
    });
    const entry = ledger[index];
    const maxPosition = Math.max(1, lesson.durationSeconds - 1);
    for (let n = 1; ; n++) {
      for (const kind of LOAD_KINDS) {
        if (performance.now() >= deadline) return;
        const key = `load-${tag}-${member.userId}-${kind}-${n}`;
        let path;
        let method = "POST";
        let payload;
        let identity;
        if (kind === "progress") {
          method = "PUT";
          path = `/api/lessons/${lesson.id}/progress`;
          identity = Math.min(n, maxPosition);
          payload = { positionSeconds: identity };
        } else if (kind === "word") {
          path = `/api/lessons/${lesson.id}/words`;
          identity = `كلمة ${tag} ${index + 1} ${n}`;
          payload = { arabic: identity, english: `load word ${n}` };
        } else if (kind === "review") {
          path = "/api/flashcards/reviews";
          identity = `load-${tag}-${member.userId}-${n}`;
          payload = {
            cardId: cardIds[(index + n) % cardIds.length],
            rating: 1 + ((index + n) % 4),
            requestId: identity,
          };
        } else if (kind === "message") {
          path = `/api/community/threads/${threadId}/messages`;
          identity = `Load message ${n} from member ${index + 1} (${key})`;
          payload = { body: identity };
        } else {
          path = `/api/lessons/${lesson.id}/comments`;
          identity = `Load comment ${n} from member ${index + 1} (${key})`;
          payload = { body: identity };
        }
        const draw = rand();
        const mode = draw < LOST_ANSWER_SHARE ? "lost" : draw < LOST_ANSWER_SHARE + DROPPED_SHARE ? "dropped" : "plain";
        const answer = await write(
          kind,
          { method, path, headers: headersFor(key), body: JSON.stringify(payload) },
          mode,
          rand,
        );
        writesDone += 1;
        const stat = stats[kind];
        if (answer.status >= 200 && answer.status < 300) {
          stat.accepted += 1;
          entry.accepted[kind].push(identity);
        } else if (answer.status >= 400 && answer.status < 500 && !(answer.status === 409 && answer.retryAfter)) {
          stat.refused[answer.status] = (stat.refused[answer.status] ?? 0) + 1;
        } else {
          stat.failed += 1;
          entry.unknown[kind].push(identity);
        }
      }
    }
  }

  const ticker = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    log(`  ${elapsed.toFixed(0).padStart(3)} s: ${writesDone} writes`);
  }, 15_000);
  try {
    await Promise.all(members.map((member, index) => memberLoop(member, index)));
  } finally {
    clearInterval(ticker);
  }
  const elapsedSeconds = (performance.now() - started) / 1000;

  const kinds = {};
  const all = [];
  for (const kind of LOAD_KINDS) {
    const { latencies, ...rest } = stats[kind];
    all.push(...latencies);
    kinds[kind] = { ...rest, latency: latencyStats(latencies) };
  }
  const sum = (field) => LOAD_KINDS.reduce((total, kind) => total + kinds[kind][field], 0);
  const result = {
    tag,
    members: members.length,
    seconds,
    elapsedSeconds,
    lesson,
    threadId,
    requests: sum("requests"),
    writes: sum("writes"),
    accepted: sum("accepted"),
    failed: sum("failed"),
    serverErrors: sum("serverErrors"),
    networkErrors: sum("networkErrors"),
    lostAnswers: sum("lostAnswers"),
    replayedOk: sum("replayedOk"),
    dropped: sum("dropped"),
    latency: latencyStats(all),
    kinds,
    ledger,
  };
  writeFileSync(outFile, `${JSON.stringify(result)}\n`);
  return result;
}

/** The load run's figures as printed lines (the summary rows are bench.mjs's). */
export function describeLoad(result) {
  const ms = (value) => `${value.toFixed(0)} ms`;
  const refusedText = (refused) =>
    Object.entries(refused)
      .map(([status, count]) => `${count}×${status}`)
      .join(" ") || "—";
  const lines = [
    `${"kind".padEnd(9)} ${"writes".padStart(6)} ${"accepted".padStart(8)}  ${"refused".padEnd(12)} ${"failed".padStart(6)} ${"5xx".padStart(4)} ${"net".padStart(4)} ${"409 run".padStart(7)} ${"resent→replayed".padStart(15)} ${"dropped".padStart(7)} ${"reqs".padStart(6)}   p50     p95     p99`,
  ];
  for (const kind of LOAD_KINDS) {
    const k = result.kinds[kind];
    lines.push(
      `${kind.padEnd(9)} ${String(k.writes).padStart(6)} ${String(k.accepted).padStart(8)}  ${refusedText(k.refused).padEnd(12)} ` +
        `${String(k.failed).padStart(6)} ${String(k.serverErrors).padStart(4)} ${String(k.networkErrors).padStart(4)} ` +
        `${String(k.stillRunning).padStart(7)} ${`${k.lostAnswers}→${k.replayedOk}`.padStart(15)} ${String(k.dropped).padStart(7)} ` +
        `${String(k.requests).padStart(6)}  ${ms(k.latency.p50).padStart(6)}  ${ms(k.latency.p95).padStart(6)}  ${ms(k.latency.p99).padStart(6)}`,
    );
    for (const problem of k.replayProblems) lines.push(`  ✗ resend not replayed: ${JSON.stringify(problem)}`);
  }
  lines.push(
    `all: ${result.requests} requests in ${result.elapsedSeconds.toFixed(1)} s = ${(result.requests / result.elapsedSeconds).toFixed(0)} req/s ` +
      `(${result.writes} writes, ${result.accepted} accepted), p50 ${ms(result.latency.p50)}, p95 ${ms(result.latency.p95)}, p99 ${ms(result.latency.p99)}`,
  );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [base, setupFile, outFile, seconds] = process.argv.slice(2);
  if (!base || !setupFile || !outFile) {
    console.error("usage: node scripts/bench-load.mjs <base URL> <bench-load.json> <result.json> [seconds]");
    process.exit(2);
  }
  const result = await runLoad({
    base,
    setup: JSON.parse(readFileSync(setupFile, "utf8")),
    outFile,
    seconds: Number(seconds ?? 30),
  });
  for (const line of describeLoad(result)) console.log(line);
}
