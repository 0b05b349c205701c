#!/usr/bin/env python3
"""Per measurement iteration of every interleaved fork in the given runs' runs.json: the A/A ratio
(line-aligned-again / line-aligned) from the iteration's sums of ns and calls, beside the median over its
cycles that the suite reports. Usage: aa_sums_vs_medians.py RUN_DIR..."""
import json, sys

def per_iteration(entry, name):
    return [v for fork in entry['secondaryMetrics'][name]['rawData'] for v in fork]

for run in sys.argv[1:]:
    for e in json.load(open(run + '/runs.json')):
        if 'Interleaved' not in e['benchmark']:
            continue
        ns = {s: per_iteration(e, s + 'Nanos') for s in ('lineAligned', 'lineAlignedAgain')}
        calls = {s: per_iteration(e, s + 'Calls') for s in ('lineAligned', 'lineAlignedAgain')}
        sums = [(ns['lineAlignedAgain'][i] / calls['lineAlignedAgain'][i]) / (ns['lineAligned'][i] / calls['lineAligned'][i])
                for i in range(len(ns['lineAligned']))]
        medians = per_iteration(e, 'lineAlignedAgainRatio')
        print('%s %s protocol=%s: %d iterations; A/A from sums %.3f-%.3f, median over cycles %.3f-%.3f'
              % (run, e['benchmark'].split('.')[-2], e['params'].get('protocol'), len(sums),
                 min(sums), max(sums), min(medians), max(medians)))
