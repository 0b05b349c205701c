#!/bin/bash
# the 2026 layout's readers with the csd set's floor in the same forks' rounds, so the reader ratio is priced
cd /work/main && benchmarks/results --profile calibrate --only '^(csd|chunk-2026-live(1|8))\.' --rounds 8 --out /work/runs/jf/j1 > /work/runs/jf/j1.console.txt 2>&1; echo "exit $?" >> /work/runs/jf/j1.console.txt
