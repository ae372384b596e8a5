// Load generator for the search benchmark, in its own process: reads {url, paths, seconds,
// connections} as JSON on stdin and prints autocannon's figures as JSON on stdout.
import autocannon from 'autocannon';

const input = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);

let next = 0;
const result = await autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.seconds,
  requests: [
    {
      // Each request a different origin and client address (the API limits requests per address).
      setupRequest: (request) => {
        next += 1;
        return {
          ...request,
          path: input.paths[next % input.paths.length],
          headers: {
            ...request.headers,
            'x-forwarded-for': `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
          },
        };
      },
    },
  ],
});

process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
  }),
);
