# per-fork (two iterations each) reader and allocator ratios of the chunk-object-interleaved set, from runs.json
import json,sys,statistics as st
for run in sys.argv[1:]:
    d=json.load(open(f'{run}/runs.json'))
    e=[x for x in d if 'ChunkObject' in x['benchmark']][0]
    sm=e['secondaryMetrics']
    r=lambda k:[x for rr in sm[k]['rawData'] for x in rr]
    print(run)
    for k in ['unpaddedReaderRatioSum','contendedReaderRatioSum','paddedAgainReaderRatioSum','unpaddedAllocatorRatioSum']:
        v=r(k); print('  ',k.ljust(28),' '.join(f'{x:.2f}' for x in v),' | median %.3f  min %.2f max %.2f'%(st.median(v),min(v),max(v)))
    ns=lambda s:[a/b for a,b in zip(r(s+'ReaderNanos'),r(s+'ReaderCalls'))]
    for s in ['unpadded','padded','contended']:
        print('   %-10s reader ns/load'%s,' '.join(f'{x:.2f}' for x in ns(s)))
