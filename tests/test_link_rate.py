"""static/link-rate.mjs under Node: the runtime's download metered (its body passed on
byte for byte, the rate counted from the request, `arrived` once it is all in, nothing left
hanging when the body fails or there is none), and the first visit's choice of the Python
snapshot by that rate, by where the page came from and by what the browser says of the
connection."""

from __future__ import annotations

import json
from typing import Any

from test_pyscript_stdlib import ROOT, node_json, pytestmark  # noqa: F401  (Node or skip)

MODULE = (ROOT / "static" / "link-rate.mjs").as_uri()

# argv[1]: {chunks: [sizes], gap: ms between chunks, fail: fail after the chunks,
# encoding: Content-Encoding or null, sample: bytes}. The clock advances `gap` per chunk.
METER = f"""
import {{ metered }} from "{MODULE}";
const plan = JSON.parse(process.argv[1]);
let clock = 0, next = 0;
const body = new ReadableStream({{
  pull(controller) {{
    if (next < plan.chunks.length) {{
      clock += plan.gap;
      controller.enqueue(new Uint8Array(plan.chunks[next++]).fill(7));
    }} else if (plan.fail) controller.error(new Error("cut"));
    else controller.close();
  }},
}}, {{ highWaterMark: 0 }});
const headers = plan.encoding ? {{ "Content-Encoding": plan.encoding }} : {{}};
const source = new Response(body, {{ status: 200, headers }});
const told = [];
const m = metered(Promise.resolve(source), {{ sample: plan.sample, now: () => clock,
  progress: (bytes) => told.push(bytes) }});
let arrived = false;
m.arrived.then(() => (arrived = true));
const response = await m.response;
let bytes = 0, error = null;
try {{
  const reader = response.body.getReader();
  for (;;) {{
    const {{ done, value }} = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }}
}} catch (e) {{
  error = e.message;
}}
const rate = await m.rate;
await m.arrived;
console.log(JSON.stringify({{ bytes, error, rate, arrived, told, status: response.status,
  encoding: response.headers.get("Content-Encoding") }}));
"""


def meter(**plan: Any) -> dict[str, Any]:
    plan = {"gap": 1, "fail": False, "encoding": None, "sample": 1000, **plan}
    return node_json(METER, json.dumps(plan))


def test_the_body_passes_whole_and_the_rate_counts_from_the_request() -> None:
    # Asked for at 0; chunks of 500 bytes, one per ms: the second passes 1,000 at 2 ms.
    got = meter(chunks=[500] * 6)
    assert got["bytes"] == 3000 and got["error"] is None and got["arrived"]
    assert got["status"] == 200
    assert got["rate"] == {"rate": 500.0, "encoded": False}
    assert got["told"] == [500, 1000, 1500, 2000, 2500, 3000]  # the loading pill's figures


def test_a_body_shorter_than_the_sample_is_measured_whole() -> None:
    got = meter(chunks=[400, 400, 400], sample=10_000, gap=2, encoding="gzip")
    assert got["rate"] == {"rate": 200.0, "encoded": True}
    assert got["encoding"] == "gzip"


def test_a_body_that_fails_still_settles_both_promises() -> None:
    got = meter(chunks=[300], fail=True)
    assert got["error"] == "cut"
    assert got["rate"] == {"rate": 300.0, "encoded": False}  # what came, over its time
    assert got["arrived"] is True


def test_no_body_no_rate() -> None:
    script = f"""
import {{ metered }} from "{MODULE}";
const m = metered(Promise.resolve({{ ok: false, status: 404 }}));
const response = await m.response;
await m.arrived;
console.log(JSON.stringify({{ rate: await m.rate, status: response.status }}));
"""
    assert node_json(script) == {"rate": None, "status": 404}
    failing = f"""
import {{ metered }} from "{MODULE}";
const m = metered(Promise.reject(new Error("offline")));
let error = null;
try {{ await m.response; }} catch (e) {{ error = e.message; }}
await m.arrived;
console.log(JSON.stringify({{ rate: await m.rate, error }}));
"""
    assert node_json(failing) == {"rate": None, "error": "offline"}


def fast_enough(rate: float | None, encoded: bool) -> bool:
    script = f"""
import {{ fastEnough }} from "{MODULE}";
console.log(JSON.stringify(fastEnough({json.dumps(rate)}, {json.dumps(encoded)})));
"""
    return bool(node_json(script))


def test_the_snapshot_is_fetched_on_a_first_visit_only_over_a_fast_link() -> None:
    mbit = 1e6 / 8 / 1000  # bytes per ms in one Mbit/s
    # gzipped wasm read at 2.7 x the wire's rate
    assert not fast_enough(20 * mbit * 2.7, True)  # bench/firstvisit.py's links
    assert not fast_enough(5 * mbit * 2.7, True)
    assert not fast_enough(100 * mbit * 2.7, True)
    assert fast_enough(200 * mbit * 2.7, True)
    assert fast_enough(200 * mbit, False)  # served as it is: the rate is the wire's
    assert fast_enough(1e6, False)  # this machine's own server
    assert not fast_enough(None, False) and not fast_enough(0, True)


def is_nearby(entry: dict[str, float] | None) -> bool:
    script = f"""
import {{ nearby }} from "{MODULE}";
console.log(JSON.stringify(nearby({json.dumps(entry)})));
"""
    return bool(node_json(script))


def test_a_page_served_close_by_is_on_a_fast_link() -> None:
    assert is_nearby({"requestStart": 10.0, "responseStart": 12.5, "responseEnd": 14})  # here
    # 40 ms away; and DevTools' throttling, which delays the body rather than the first byte
    assert not is_nearby({"requestStart": 10.0, "responseStart": 52.0, "responseEnd": 60})
    assert not is_nearby({"requestStart": 3.0, "responseStart": 3.4, "responseEnd": 54})
    assert not is_nearby({"requestStart": 0, "responseStart": 0, "responseEnd": 0})  # untimed
    assert not is_nearby(None) and not is_nearby({})


def test_bytes_held_back_before_the_page_reads_them_do_not_inflate_the_rate() -> None:
    """The page reads the body late (the browser held 4 chunks): the rate is still the
    bytes over the time since the request."""
    script = f"""
import {{ metered }} from "{MODULE}";
let clock = 100;  // the page reads from 100 ms on; the request went at 0
const body = new ReadableStream({{
  start(c) {{ for (let i = 0; i < 4; i++) c.enqueue(new Uint8Array(1000)); c.close(); }},
}});
const options = {{ since: 0, sample: 2000, now: () => clock }};
const m = metered(Promise.resolve(new Response(body)), options);
const reader = (await m.response).body.getReader();
while (!(await reader.read()).done) {{}}
console.log(JSON.stringify(await m.rate));
"""
    assert node_json(script) == {"rate": 20.0, "encoded": False}  # 2,000 bytes in 100 ms


NEAR = {"requestStart": 10.0, "responseStart": 12.5, "responseEnd": 14}
FAR = {"requestStart": 10.0, "responseStart": 52.0, "responseEnd": 60}
FAST = {"rate": 1e6, "encoded": False}


def worth(visit: dict[str, Any]) -> bool:
    """``worthDownloading`` for ``visit``; ``measured`` is the value its promise gives, and
    ``"never"`` one that never settles (the choice must not wait for it)."""
    script = f"""
import {{ worthDownloading }} from "{MODULE}";
const visit = JSON.parse(process.argv[1]);
visit.measured = visit.measured === "never" ? new Promise(() => {{}})
                                            : Promise.resolve(visit.measured);
console.log(JSON.stringify(await worthDownloading(visit)));
"""
    return bool(node_json(script, json.dumps(visit)))


def test_a_first_visit_fetches_the_snapshot_only_close_by_or_over_a_fast_link() -> None:
    assert worth({"controlled": True, "measured": "never"})  # the worker has it
    assert worth({"navigation": NEAR, "measured": "never"})  # decided before the rate
    assert worth({"connection": {"effectiveType": "4g"}, "navigation": FAR, "measured": FAST})
    assert not worth({"navigation": FAR, "measured": {"rate": 100.0, "encoded": True}})
    assert not worth({"navigation": FAR, "measured": None})  # not measured


def test_a_slow_connection_or_saving_data_never_fetches_it_on_a_first_visit() -> None:
    for connection in (
        {"effectiveType": "3g"},
        {"effectiveType": "2g"},
        {"effectiveType": "slow-2g"},
        {"effectiveType": "4g", "saveData": True},
    ):
        visit = {"connection": connection, "navigation": NEAR, "measured": FAST}
        assert not worth(visit), connection
        assert worth({**visit, "controlled": True}), connection  # later visits restore it
