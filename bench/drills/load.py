#!/usr/bin/env python3
"""Load for the drills: N threads, each with its own keep-alive connection, send chat requests for a duration and
record every answer (status, X-Request-Id, latency). Prints one summary line and writes the request ids of the 200
answers to IDS_FILE, so that the request log can be checked against what clients were actually answered.
Usage: load.py HOST PORT MODEL THREADS SECONDS IDS_FILE [LABEL]"""
import http.client, json, sys, threading, time

host, port, model, threads, seconds, ids_file = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), \
    float(sys.argv[5]), sys.argv[6]
label = sys.argv[7] if len(sys.argv) > 7 else model
body = json.dumps({"model": model, "messages": [{"role": "user", "content": "Say ok."}]})
lock = threading.Lock()
statuses, latencies, ok_ids = {}, [], []
failures = 0
deadline = time.time() + seconds

def worker():
    global failures
    conn = None
    while time.time() < deadline:
        try:
            if conn is None:
                conn = http.client.HTTPConnection(host, port, timeout=30)
            t0 = time.time()
            conn.request("POST", "/v1/chat/completions", body, {"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            ms = (time.time() - t0) * 1000
            with lock:
                statuses[r.status] = statuses.get(r.status, 0) + 1
                latencies.append(ms)
                if r.status == 200:
                    ok_ids.append(r.getheader("X-Request-Id"))
        except Exception:
            with lock:
                failures += 1
            if conn is not None:
                conn.close()
            conn = None
            time.sleep(0.05)  # a dead server: do not spin

ts = [threading.Thread(target=worker, daemon=True) for _ in range(threads)]
for t in ts:
    t.start()
for t in ts:
    t.join()
with open(ids_file, "w") as f:
    f.write("\n".join(i for i in ok_ids if i) + ("\n" if ok_ids else ""))
lat = sorted(latencies)
pct = lambda p: lat[min(len(lat) - 1, int(len(lat) * p))] if lat else float("nan")
print(f"{label}: {len(lat)} answered ({', '.join(f'{k}: {v}' for k, v in sorted(statuses.items()))}), "
      f"{failures} failed connection attempts, p50 {pct(0.50):.1f} ms, p99 {pct(0.99):.1f} ms")
