# the README's table: one row per run, from each run's summary.json and runs.json
import json,re,sys
rows=[('b1','before','no'),('a1','after','no'),('a2','after','no'),('b2','before','no'),('a3','after','no'),('n1','after','yes'),
      ('b3','before','no'),('a4','after','no'),('n2','after','yes'),('bn1','before','yes'),('a5','after','no')]
print('| run | code | neighbour | unpadded/padded readers (95 %) | unpadded/contended readers (95 %) | A/A | contended/padded, per iteration | padded reader, ns per load |')
print('|---|---|---|---|---|---|---|---|')
for name,code,nb in rows:
    con=open(f'{name}/console.txt').read()
    def claim(c):
        m=re.search(r'^chunk-object-interleaved\.'+re.escape(c)+r'\.reader\s+(\S+)\s+(\S+) \.\. (\S+)\s.*?(HOLDS|FAILS|UNDECIDED)',con,re.M)
        return m
    u=claim('unpadded-vs-padded'); c=claim('unpadded-vs-contended'); a=claim('padded-again-vs-padded')
    d=json.load(open(f'{name}/runs.json')); e=[x for x in d if 'ChunkObject' in x['benchmark']][0]['secondaryMetrics']
    r=lambda k:[x for rr in e[k]['rawData'] for x in rr]
    cp=r('contendedReaderRatioSum'); pn=[a/b for a,b in zip(r('paddedReaderNanos'),r('paddedReaderCalls'))]
    print(f'| {name} | {code} | {nb} | {u[1]} ({u[2]} .. {u[3]}) {u[4]} | {c[1]} ({c[2]} .. {c[3]}) {c[4]} | {a[4]} | {min(cp):.2f} .. {max(cp):.2f} | {min(pn):.2f} .. {max(pn):.2f} |')
