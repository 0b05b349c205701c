#!/usr/bin/env python3
"""Trims a saved gate run to what the judgment needs: summary.json (the gated claims, those gated today and those a
layout check hit: each one's rounds, its reference score and floor for the rule "below the model"; layout failures,
round states; the measured intervals the prediction validation reads), metadata.json (the machine, fingerprint and
working tree), and runs.json cut to the csd forks' probe counters, with --counters also every side's calls and
nanoseconds (what the model prices the pcpu_chunk readers with) and every claim, for the prediction validation. Usage: trim.py [--counters] SOURCE_RUN TARGET_DIR."""
import json, os, sys

KEEP_ENTRY = ["id", "set", "subject", "reference", "metric", "direction", "checked", "rounds", "geoMean", "low", "high",
              "extraTransfers", "extraTransfersLow", "extraTransfersHigh", "referenceScore", "floorNanos", "byRound"]
# The claims profile ci gates today: kept with their A/A controls whatever the run said of them then.
GATED = {"csd.line-aligned-again-vs-line-aligned", "mailbox.straddled-vs-line-aligned",
         "mailbox.line-aligned-again-vs-line-aligned", "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader",
         "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader", "chunk-interleaved.v2-reorder-vs-v6.5-merged.reader",
         "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader",
         "chunk-object-interleaved.unpadded-vs-padded.reader", "chunk-object-interleaved.unpadded-vs-contended.reader",
         "chunk-object-interleaved.padded-again-vs-padded.reader"}
KEEP_ENTRY_FORMAT_1 = ["ratios", "floorNanosByRound"]
KEEP_SUMMARY = ["format", "profile", "rounds", "started", "lineSize", "floorSet", "splitNanos", "roundStates",
                "layoutFailures"]
KEEP_METADATA = ["role", "profile", "rounds", "date", "cpuModel", "logicalCpus", "jdkVendor", "jdkVersion",
                 "cacheLineSize", "machine", "fingerprint", "workingTree"]
PROBE = ("VsFloorRatioSum", "VsFloorRatioMedian")  # the probes' counters (old and new name): ratios to the floor
# With --counters, also what the model prices the pcpu_chunk readers with: each side's calls and nanoseconds.
COUNTERS = PROBE + ("Calls", "Nanos")


def short(x):
    """Nine significant digits: a verdict moves only when a bound lies within a billionth of its margin."""
    if isinstance(x, float):
        return float("%.9g" % x)
    if isinstance(x, list):
        return [short(v) for v in x]
    if isinstance(x, dict):
        return {k: short(v) for k, v in x.items()}
    return x


def trim(src, dst, counters=PROBE):
    os.makedirs(dst, exist_ok=True)
    s = json.load(open(os.path.join(src, "summary.json")))
    out = {k: s[k] for k in KEEP_SUMMARY if k in s}
    entries = []
    hit = {f.get("variant") for f in s.get("layoutFailures") or []}
    for e in s["comparisons"]:
        every = counters != PROBE  # the prediction validation reads every claim
        if not (every or e["id"] in GATED or e.get("checked") or e.get("subject") in hit or e.get("reference") in hit):
            continue  # a claim that informs only: the judgment reads nothing of it
        keep = KEEP_ENTRY + (KEEP_ENTRY_FORMAT_1 if not e.get("byRound") else [])
        t = {k: e[k] for k in keep if k in e and e[k] is not None}
        if t.get("byRound"):
            t["byRound"] = [{k: r[k] for k in ("round", "ratios", "floorNanos") if r.get(k) is not None}
                            for r in t["byRound"]]
        entries.append(t)
    out["comparisons"] = short(entries)
    json.dump(out, open(os.path.join(dst, "summary.json"), "w"), separators=(",", ":"))
    m = json.load(open(os.path.join(src, "metadata.json")))
    json.dump({k: m[k] for k in KEEP_METADATA if k in m}, open(os.path.join(dst, "metadata.json"), "w"),
              separators=(",", ":"))
    runs = os.path.join(src, "runs.json")
    if os.path.exists(runs):
        kept = []
        for r in json.load(open(runs)):
            probes = {k: v for k, v in (r.get("secondaryMetrics") or {}).items() if k.endswith(counters)}
            if not probes:
                continue
            for v in probes.values():
                v.pop("rawDataHistogram", None)
            r["secondaryMetrics"] = short(probes)
            r["primaryMetric"].pop("rawDataHistogram", None)
            kept.append(r)
        if kept:
            json.dump(kept, open(os.path.join(dst, "runs.json"), "w"), separators=(",", ":"))


if __name__ == "__main__":
    args = sys.argv[1:]
    counters = "--counters" in args
    args = [a for a in args if a != "--counters"]
    if len(args) != 2:
        sys.exit("usage: trim.py [--counters] SOURCE_RUN TARGET_DIR")
    trim(args[0], args[1], COUNTERS if counters else PROBE)
