import type { CDPSession } from '@playwright/test';

/** A page's V8 heap (after a forced GC) split into what the app holds and what the engine and DevTools keep. */
export interface HeapParts {
  /** Everything else: the app's objects, arrays, strings, closures and DOM wrappers. */
  app: number;
  /** V8's code for the app's functions: bytecode, feedback, the machine code its optimising compilers make for hot ones, with their dependency lists. */
  code: number;
  /** V8's number-to-string cache, which grows to a fixed size as numbers are printed. */
  engineCaches: number;
  /** DevTools' record of each network request (Playwright keeps the Network domain on); no kiosk has it. */
  devtools: number;
  /**
   * Chromium's performance timeline: the entries it keeps of slow events, long animation frames
   * and the scripts in them, up to a fixed number each (event timing 150, long animation frames
   * 200), whether or not a page reads them. Over cycles 50-350 they grew by about 70 KB, which the
   * app's own part counted until 1 Dec.
   */
  timeline: number;
}

/** Blink's classes for the performance timeline's entries (and what each entry holds). */
const timelineEntry = /^(blink::)?(Performance\w*Timing|ScriptTimingInfo|TaskAttributionTiming)$/;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** A full collection, twice: the second frees what the first only finalised. */
export async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
}

/**
 * Takes a heap snapshot of the page and sums its nodes' own sizes by part. Why a snapshot and not
 * `Runtime.getHeapUsage`: after a kiosk's first customers V8 goes on compiling its hotter functions for
 * hundreds more (measured: 157 new code objects between customer 50 and 400, ~650 KB with their
 * dependency lists, and no app object more), and the usage figure counts that code as growth.
 */
export async function heapParts(cdp: CDPSession): Promise<HeapParts> {
  await collectGarbage(cdp);
  const chunks: string[] = [];
  const collect = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  }
  return splitSnapshot(JSON.parse(chunks.join('')) as Snapshot);
}

function splitSnapshot({ snapshot: { meta }, nodes, edges, strings }: Snapshot): HeapParts {
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const field = (name: string) => meta.node_fields.indexOf(name);
  const [typeAt, nameAt, sizeAt, edgeCountAt] = [field('type'), field('name'), field('self_size'), field('edge_count')];
  const edgeNameAt = meta.edge_fields.indexOf('name_or_index');
  const edgeToAt = meta.edge_fields.indexOf('to_node');
  const edgeTypeAt = meta.edge_fields.indexOf('type');
  const codeType = meta.node_types[0].indexOf('code');
  const namedEdgeTypes = new Set(['context', 'property', 'internal', 'shortcut', 'weak'].map((t) => meta.edge_types[0].indexOf(t)));

  // Nodes reached by V8's own bookkeeping edges: code dependency lists and the number-string cache.
  const dependencyLists = new Set<number>();
  const caches = new Set<number>();
  let edge = 0;
  for (let node = 0; node < nodes.length; node += nodeWidth) {
    const end = edge + nodes[node + edgeCountAt]! * edgeWidth;
    for (; edge < end; edge += edgeWidth) {
      if (!namedEdgeTypes.has(edges[edge + edgeTypeAt]!)) continue;
      const name = strings[edges[edge + edgeNameAt]!];
      if (name === 'dependent_code') dependencyLists.add(edges[edge + edgeToAt]!);
      else if (name === 'smi_string_cache' || name === 'number_string_cache') caches.add(edges[edge + edgeToAt]!);
    }
  }

  const parts: HeapParts = { app: 0, code: 0, engineCaches: 0, devtools: 0, timeline: 0 };
  for (let node = 0; node < nodes.length; node += nodeWidth) {
    const size = nodes[node + sizeAt]!;
    if (nodes[node + typeAt] === codeType || dependencyLists.has(node)) parts.code += size;
    else if (caches.has(node)) parts.engineCaches += size;
    else {
      const name = strings[nodes[node + nameAt]!]!;
      if (name.startsWith('blink::NetworkResourcesData')) parts.devtools += size;
      else if (timelineEntry.test(name)) parts.timeline += size;
      else parts.app += size;
    }
  }
  return parts;
}
