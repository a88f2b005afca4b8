/**
 * The embedded server's batch handler (`lib/handler/batch-documents.js`) with the one operation type it lacks:
 * Patch. Cosmos DB runs a patch inside a transactional batch like any other write; the service uses it to move a
 * showtime counter's money figures in the same batch as the sale that changes them (docs/performance.md,
 * "Events overview"). Everything else is the server's own loop, unchanged: operations run one by one, the first
 * failure makes the rest 424 (unless continue-on-error), the answer lists each operation's status. Embedded store
 * only; never loaded on Azure.
 */
type Input = {
  operationType?: string;
  id?: string;
  partitionKey?: string;
  ifMatch?: string;
  resourceBody?: { operations?: unknown[]; condition?: string } | unknown[];
};
type Result = { statusCode: number; body?: { _etag?: string } };
type Collection = { read(): unknown };
type Account = { database(id: string): { collection(id: string): Collection } };
export type BatchHandler = (
  account: unknown,
  req: { headers: Record<string, unknown> },
  res: { statusCode: number },
  params: unknown,
) => Promise<unknown>;

export function batchHandlerWithPatch(fromServer: NodeRequire): BatchHandler {
  const json = (fromServer('./json') as { default: (req: unknown) => Promise<unknown> }).default;
  const trueHeader = (fromServer('./true-header') as { default: (req: unknown, name: string) => boolean }).default;
  const documents = fromServer('./handler/_document-operations') as Record<string, (c: Collection, i: Input) => Result>;
  const patches = fromServer('./handler/_patch-operations') as {
    patchOperation: (c: Collection, i: Input & { operations?: unknown[]; condition?: string }) => Result;
  };
  const byType: Record<string, (c: Collection, i: Input) => Result> = {
    Create: (c, i) => documents.createOperation!(c, i),
    Upsert: (c, i) => documents.upsertOperation!(c, i),
    Read: (c, i) => documents.readOperation!(c, i),
    Delete: (c, i) => documents.deleteOperation!(c, i),
    Replace: (c, i) => documents.replaceOperation!(c, i),
    // The SDK sends a batch patch's operations (and condition) in its resource body.
    Patch: (c, i) => {
      const body = i.resourceBody;
      const operations = Array.isArray(body) ? body : body?.operations;
      const condition = Array.isArray(body) ? undefined : body?.condition;
      return patches.patchOperation(c, { ...i, operations, condition });
    },
  };
  return async (account, req, res, params) => {
    const { dbId, collId } = params as { dbId: string; collId: string };
    const body = await json(req);
    const continueOnError = trueHeader(req, 'x-ms-cosmos-batch-continue-on-error');
    const collection = (account as Account).database(dbId).collection(collId);
    if (!collection.read()) {
      res.statusCode = 404;
      return {};
    }
    if (!Array.isArray(body)) {
      res.statusCode = 400;
      return { message: 'Invalid request body' };
    }
    const answers: object[] = [];
    let failed = false;
    for (const input of body as Input[]) {
      if (failed && !continueOnError) {
        answers.push({ statusCode: 424, requestCharge: 0 });
        continue;
      }
      const run = byType[input?.operationType ?? ''];
      if (!run) {
        res.statusCode = 400;
        return { message: `Operation type '${input?.operationType}' is not supported in Batch.` };
      }
      const result = run(collection, input);
      failed = result.statusCode >= 400;
      answers.push(
        failed
          ? { statusCode: result.statusCode, requestCharge: 0 }
          : { statusCode: result.statusCode, requestCharge: 1, eTag: result.body?._etag, resourceBody: result.body },
      );
    }
    return answers;
  };
}
