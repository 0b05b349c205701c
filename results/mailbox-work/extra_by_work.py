#!/usr/bin/env python3
"""Extra line transfers per straddling offset, work 0 against work 100: the Java sweeps' per-iteration
medians over cycles (mean over 3 forks x 3 iterations) and each C run's median over cycles.
Usage (from this directory): python3 extra_by_work.py"""
import json, statistics

SIDES = ('offset40', 'offset48', 'offset56', 'offset0Again')

for f in ('java-1.json', 'java-2.json'):
    for e in json.load(open(f)):
        m = e['secondaryMetrics']
        def mean(name):
            return statistics.mean(v for fork in m[name]['rawData'] for v in fork)
        floor = (sum(v for fork in m['floorNanos']['rawData'] for v in fork)
                 / sum(v for fork in m['floorCalls']['rawData'] for v in fork))
        print('Java %s work=%-3s floor %3.0f ns  ' % (f[:-5], e['params']['work'], floor)
              + '  '.join('%s %+.2f' % (s, mean(s + 'Extra')) for s in SIDES))
for w in (0, 100):
    for i, line in enumerate(open('c-work%d.jsonl' % w)):
        r = json.loads(line)
        sides = {s['side']: s['extra_line_transfers'] for s in r['sides']}
        print('C run %d  work=%-3s floor %3.0f ns  ' % (i + 1, w, r['floor_ns'])
              + '  '.join('%s %+.2f' % (s, sides[s]) for s in ('offset-40', 'offset-48', 'offset-56', 'aa')))
