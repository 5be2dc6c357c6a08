-- wrk script for benches/serve_load.sh: POST /judge, cycling through the cases of the file
-- named by the CASES environment variable (one JSON case a line); counts answers that are
-- not 200.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  cases = {}
  for line in io.lines(os.getenv("CASES")) do
    if line:match("%S") then table.insert(cases, line) end
  end
  index = 0
  failed = 0
  headers = { ["Content-Type"] = "application/json" }
end

function request()
  index = index % #cases + 1
  return wrk.format("POST", "/judge", headers, cases[index])
end

function response(status, headers, body)
  if status ~= 200 then failed = failed + 1 end
end

function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do bad = bad + t:get("failed") end
  io.write(string.format("RESULT requests=%d seconds=%.3f rps=%.1f non200=%d p50_ms=%.2f p99_ms=%.2f\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6), bad,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
