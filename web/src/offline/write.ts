import type { FetchResponse } from 'openapi-fetch';
import type { ApiPaths, Payload } from '../api/client';
import type { QueryValue } from './outbox';
import { sendIntent } from './send';

/**
 * The typed front of the outbox for pages: the same route, parameters and body as `http.POST(...)`, checked
 * against the contract, plus what the pending list says about it. Every create and sale-changing call goes
 * through here, so each carries one Idempotency-Key per intent of the person (send.ts).
 */
type Method = 'post' | 'put' | 'patch' | 'delete';
type PathsWith<M extends Method> = {
  [P in keyof ApiPaths]: ApiPaths[P] extends { [K in M]: object } ? P : never;
}[keyof ApiPaths];
type OperationOf<P extends keyof ApiPaths, M extends Method> = ApiPaths[P][M & keyof ApiPaths[P]];
type ParamsOf<O> = O extends { parameters: infer X } ? X : never;
type PathOf<O> = ParamsOf<O> extends { path: infer X } ? X : never;
type QueryOf<O> = ParamsOf<O> extends { query?: infer X } ? X : never;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;
type DataOf<O> = Payload<NonNullable<FetchResponse<O & Record<string, unknown>, object, 'application/json'>['data']>>;

export interface WriteRequest<O> {
  params?: { path?: PathOf<O>; query?: QueryOf<O> };
  body?: BodyOf<O>;
  /** What was done, in the person's words, for the pending list: already translated (t('offline.label.…')), stored as is. */
  label: string;
  /** Report sold, returns, ticket requests and direct sales: kept and sent when the connection returns. */
  queue?: boolean;
}

export function write<M extends Method, P extends PathsWith<M>>(
  method: M,
  path: P,
  request: WriteRequest<OperationOf<P, M>>,
): Promise<DataOf<OperationOf<P, M>>> {
  return sendIntent({
    method: method.toUpperCase() as 'POST',
    path,
    pathParams: request.params?.path as Record<string, string> | undefined,
    query: request.params?.query as Record<string, QueryValue> | undefined,
    body: request.body,
    label: request.label,
    queue: request.queue,
  });
}
