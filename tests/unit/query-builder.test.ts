import { acrossPartitions, inPartition } from '../../shared/store/query';

/** The partition-first query builder: what SQL and parameters it hands to the store. */
describe('inPartition', () => {
  it('always puts the partition key in the WHERE clause, named by the container', () => {
    expect(inPartition('orgs', 'org-1').spec()).toEqual({
      query: 'SELECT * FROM c WHERE c.organizationId = @partitionKey',
      parameters: [{ name: '@partitionKey', value: 'org-1' }],
    });
    expect(inPartition('sharedEvents', 'se-1').spec().query).toBe(
      'SELECT * FROM c WHERE c.sharedEventId = @partitionKey',
    );
  });

  it('ANDs every condition after the partition, each in parentheses, with its parameters in order', () => {
    const spec = inPartition('orgs', 'org-1')
      .select('c.id, c.status')
      .where("c.docType = 'order'")
      .where('c.eventId = @event OR c.showtimeId = @showtime', { '@event': 'e1', '@showtime': 's1' })
      .orderBy('c.sortKey DESC')
      .spec();
    expect(spec.query).toBe(
      "SELECT c.id, c.status FROM c WHERE c.organizationId = @partitionKey AND (c.docType = 'order') " +
        'AND (c.eventId = @event OR c.showtimeId = @showtime) ORDER BY c.sortKey DESC',
    );
    expect(spec.parameters).toEqual([
      { name: '@partitionKey', value: 'org-1' },
      { name: '@event', value: 'e1' },
      { name: '@showtime', value: 's1' },
    ]);
  });

  it('whereIf adds a filter only for a present value (undefined, false and empty string leave it out)', () => {
    const build = (value: unknown) =>
      inPartition('orgs', 'o').whereIf(value, 'c.eventId = @event', { '@event': value }).spec();
    for (const absent of [undefined, false, '']) {
      expect(build(absent)).toEqual({
        query: 'SELECT * FROM c WHERE c.organizationId = @partitionKey',
        parameters: [{ name: '@partitionKey', value: 'o' }],
      });
    }
    expect(build('e1').query).toBe('SELECT * FROM c WHERE c.organizationId = @partitionKey AND (c.eventId = @event)');
    expect(build(0).parameters).toContainEqual({ name: '@event', value: 0 });
  });

  it('refuses @partitionKey as a caller parameter, so a filter cannot replace the partition value', () => {
    expect(() => inPartition('orgs', 'org-1').where('c.x = @partitionKey', { '@partitionKey': 'org-2' })).toThrow(
      /reserved/,
    );
  });

  it('keeps the partition condition even when the partition key is an empty-looking or hostile string', () => {
    const spec = inPartition('orgs', "x' OR 1=1 --").spec();
    expect(spec.query).toBe('SELECT * FROM c WHERE c.organizationId = @partitionKey');
    expect(spec.parameters).toEqual([{ name: '@partitionKey', value: "x' OR 1=1 --" }]);
  });
});

describe('acrossPartitions', () => {
  it('is the only way to a query without the partition condition', () => {
    const spec = acrossPartitions('orgs').where("c.docType = 'event'").spec();
    expect(spec).toEqual({ query: "SELECT * FROM c WHERE (c.docType = 'event')", parameters: [] });
    expect(acrossPartitions('users').partitionKey).toBeUndefined();
  });
});
