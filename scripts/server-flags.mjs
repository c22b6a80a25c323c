// Node's flags for the compiled server, wherever it runs: `npm start`, Playwright, the tests that
// start dist/main.js, the benchmarks (the Dockerfile's CMD repeats them).
export const SERVER_NODE_FLAGS = [
  // Stack traces name TypeScript lines. The maps carry no sources (build.mjs: sourcesContent
  // false): with them, Node held 20 MB more at start, without them 5 MB.
  '--enable-source-maps',
  // V8's young generation at most 2 × 8 MB instead of 2 × 16 MB: 13 MB less resident at idle
  // (130 instead of 143 MB), for up to a tenth more CPU per answer (decision 0033).
  '--max-semi-space-size=8',
];
