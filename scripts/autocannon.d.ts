// autocannon ships no types; the bench uses this much of it.
declare module 'autocannon' {
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  }
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    workers?: number;
    headers?: Record<string, string>;
  }): Promise<Result>;
}
