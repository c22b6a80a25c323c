-- bench/jobs.bench.ts runs wrk with this script: at the end it prints one JSON line with the
-- exact totals (wrk's own report rounds them) and the latency percentiles in microseconds.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\n{"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"status":%d,"timeouts":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect + e.read + e.write + e.status + e.timeout, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
