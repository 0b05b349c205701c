# Each saved ChunkInterleaved fork's per-iteration ratios of v2-reorder and of the A/A to v6.5-merged, one line a
# round: "RUN LIVE ROUND PEER,... AA,...". The saved summaries before 2 Dec do not carry the peer claim; runs.json does.
import json, sys
for d in sys.argv[1:]:
    for b in json.load(open(d + '/runs.json')):
        if not b['benchmark'].endswith('ChunkInterleaved.chunk'):
            continue
        sm = b['secondaryMetrics']
        p = sm['v2ReorderReaderRatioSum']['rawData']
        q = sm['v65MergedAgainReaderRatioSum']['rawData']
        for f in range(len(p)):
            print(d, b['params'].get('live', '-'), f, ','.join(map(str, p[f])), ','.join(map(str, q[f])))
