import type { Readable } from 'node:stream';

/** What a handler returns: a status, the `data` of the envelope, and optional extras. */
export class Reply {
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly extras: {
      completed?: boolean;
      headers?: Record<string, string>;
      file?: FileBody;
      /** Send `data` as the whole JSON body, without the envelope (a published document such as OpenAPI). */
      bare?: boolean;
    } = {},
  ) {}
}

export interface FileBody {
  contentType: string;
  fileName: string;
  /** A Readable is streamed to the client as it is produced (exports), never built up as one string first. */
  content: Buffer | string | Readable;
}

export const ok = (data: unknown) => new Reply(200, data);
export const created = (data: unknown) => new Reply(201, data);
/** 207: partial success; the envelope keeps `success: true` and carries `completed: false`. */
export const multiStatus = (data: unknown) => new Reply(207, data, { completed: false });
/** A batch the domain reports as `completed`: 200 with `completed: true`, else 207 (partial success). */
export const completedOrMultiStatus = (data: { completed: boolean }) =>
  data.completed ? new Reply(200, data, { completed: true }) : multiStatus(data);
export const bareJson = (document: unknown) => new Reply(200, document, { bare: true });
export const fileReply = (file: FileBody) => new Reply(200, undefined, { file });
