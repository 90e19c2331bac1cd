// Preloaded (node --import) into the server process that process.ts starts; it only observes.
// Over the IPC channel it answers the harness's `stats` question with the process's CPU time and
// memory (peaks sampled every 20 ms since the last reset), and when the harness goes away (the
// channel closes) it stops the server the way Ctrl-C does, so no server outlives its test or bench.

export type ServerStats = {
  /** CPU time of the process so far, user + system, in ms. */
  cpuMs: number;
  rssBytes: number;
  /** The highest RSS sampled since the start or the last reset. */
  peakRssBytes: number;
  /** The process's lifetime peak RSS, as the kernel counts it. */
  maxRssBytes: number;
  heapUsedBytes: number;
  peakHeapBytes: number;
};
export type ProbeRequest = { type: 'stats'; id: number; resetPeak?: boolean };
export type ProbeReply = { type: 'stats'; id: number; stats: ServerStats };

const SAMPLE_MS = 20;

if (process.send) {
  let { rss: peakRss, heapUsed: peakHeap } = process.memoryUsage();
  const sample = () => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    return memory;
  };
  setInterval(sample, SAMPLE_MS).unref();

  process.on('message', (message: ProbeRequest) => {
    if (message?.type !== 'stats') return;
    const memory = sample();
    const cpu = process.cpuUsage();
    const stats: ServerStats = {
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBytes: memory.rss,
      peakRssBytes: peakRss,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      heapUsedBytes: memory.heapUsed,
      peakHeapBytes: peakHeap,
    };
    if (message.resetPeak) {
      peakRss = memory.rss;
      peakHeap = memory.heapUsed;
    }
    process.send?.({ type: 'stats', id: message.id, stats } satisfies ProbeReply);
  });
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
