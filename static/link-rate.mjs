// How fast this visit's connection is, read off the runtime's own download (the 9.6 MB wasm,
// which every visit fetches first): a first visit asks for the 5.7 MB Python snapshot only
// where the link would bring it in sooner than the CPU time it saves (python-snapshot.mjs),
// and fetches app.zip only once the wasm is in, so that the runtime's files have the link to
// themselves and app.zip arrives while Python starts (pyodide-boot.mjs).
//
// The rate is the body's bytes as the page gets them (after any Content-Encoding) over the
// time from the request to the chunk that passes SAMPLE bytes. Counting from the request
// (not from the first chunk the page reads) keeps it right when the browser held bytes back
// before the page read them; the round trip it counts only makes it read low.

export const SAMPLE = 1 << 20;

// The snapshot is worth its download where it comes in within the CPU time it saves.
export const SNAPSHOT_BYTES = 5.7e6; // on the wire: tools/make_snapshot.mjs deflates it
export const SAVES_MS = 300; // what restoring saves, at least, on a desktop
const GZIP_RATIO = 2.7; // the wasm's size over its gzipped size (a Content-Encoding: br is more)
// A page that arrived whole this soon after it was asked for came from this machine or its
// network: the link is fast. (The metered rate cannot say so on its own: the body's chunks
// reach the page's thread only as often as the busy thread lets them, so it reads low, never
// high.) The page is some 14 KB gzipped: 5.4 ms at 20 Mbit/s before any round trip.
export const NEARBY_MS = 12;

/** Whether a first visit whose wasm came in at `rate` (bytes per ms, as the page reads them:
 * after any Content-Encoding) should fetch the snapshot. */
export function fastEnough(rate, encoded) {
  if (!(rate > 0)) return false; // not measured: assume a link like most
  const wire = encoded ? rate / GZIP_RATIO : rate;
  return SNAPSHOT_BYTES / wire <= SAVES_MS;
}

/** Whether the page's own response (a PerformanceNavigationTiming) came from close by: all
 * of it within NEARBY_MS of the request. */
export function nearby(navigation) {
  const took = navigation?.responseEnd - navigation?.requestStart;
  return navigation?.requestStart > 0 && Number.isFinite(took) && took >= 0 && took <= NEARBY_MS;
}

/**
 * `response` (a promise of a Response, asked for at `since` on the `now` clock) with its body
 * metered: `{response, rate, arrived}`.
 * `response`: the same response, its body read as it comes and held for the page; `rate`: a
 * promise of `{rate, encoded}` (bytes per millisecond; whether the response had a
 * Content-Encoding) or of null (no body to meter, or the fetch failed before any bytes came);
 * `arrived`: a promise that settles once the whole body has arrived (or the fetch failed).
 * `progress(bytes)`, if given, is told the body's bytes so far as each chunk comes.
 */
export function metered(
  response,
  { sample = SAMPLE, now = () => performance.now(), since = now(), progress = null } = {},
) {
  let sayRate, sayArrived;
  const rate = new Promise((resolve) => (sayRate = resolve));
  const arrived = new Promise((resolve) => (sayArrived = resolve));
  const passed = Promise.resolve(response).then(
    (got) => {
      if (!got?.ok || !got.body || typeof ReadableStream !== "function") {
        sayRate(null);
        sayArrived();
        return got;
      }
      const encoded = !!got.headers?.get?.("Content-Encoding");
      let counted = 0;
      let said = false;
      const say = () => {
        if (said) return;
        said = true;
        const elapsed = now() - since;
        if (counted === 0) sayRate(null);
        else sayRate({ rate: counted / Math.max(elapsed, 0.001), encoded });
      };
      const done = () => {
        say();
        sayArrived();
      };
      // Read as the bytes come, whether or not anybody reads the response yet (a first
      // visit decides with the rate before Pyodide reads it), and hold them for the reader.
      const reader = got.body.getReader();
      const body = new ReadableStream({
        start(controller) {
          (async () => {
            for (;;) {
              let read;
              try {
                read = await reader.read();
              } catch (error) {
                done();
                controller.error(error);
                return;
              }
              if (read.done) {
                done();
                controller.close();
                return;
              }
              counted += read.value.byteLength;
              if (counted >= sample) say();
              progress?.(counted);
              controller.enqueue(read.value);
            }
          })();
        },
        cancel(reason) {
          done();
          return reader.cancel(reason);
        },
      });
      return new Response(body, { status: got.status, statusText: got.statusText, headers: got.headers });
    },
    (error) => {
      sayRate(null);
      sayArrived();
      throw error;
    },
  );
  return { response: passed, rate, arrived };
}

// Pyodide awaits the whole snapshot before it starts, and the snapshot is 5.7 MB that no
// server compresses further, as much as the rest of a first visit gzipped: it saves Python's
// start and the game's imports (some 0.3 s of a desktop's CPU), which is worth its download
// only on a link faster than about 150 Mbit/s. So a first visit (no service worker controls
// the page yet) asks for it only where the page came from a server close by or the runtime's
// own download came in that fast, and never where the browser says the connection is 3G or
// slower or asks to save data; other first visits start Python as bare Pyodide does, and the
// service worker brings the snapshot with the rest of the offline copy for the next visit,
// which restores it from that cache on any connection.
const SLOW = ["slow-2g", "2g", "3g"];

/** Whether this visit should fetch the shipped snapshot. `controlled`: a service worker
 * controls the page (the snapshot is in its cache); `connection`: `navigator.connection`, if
 * the browser has it; `navigation`: the page's PerformanceNavigationTiming; `measured`: a
 * promise of the runtime download's `{rate, encoded}` or null, awaited only when nothing
 * before it decides. */
export async function worthDownloading({ controlled, connection, navigation, measured }) {
  if (controlled) return true;
  if (connection?.saveData || SLOW.includes(connection?.effectiveType)) return false;
  if (nearby(navigation)) return true;
  const got = await measured;
  return !!got && fastEnough(got.rate, got.encoded);
}
