/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }
  interface AutocannonOptions {
    /** Several URLs: the connections are spread over them in turn. */
    url: string | string[];
    connections: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
  }
  interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends Promise<AutocannonResult> {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  }
  function autocannon(options: AutocannonOptions): Instance;
  export = autocannon;
}
