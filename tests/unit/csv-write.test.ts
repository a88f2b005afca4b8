import { csvStream, guardText } from '../../shared/csv/write';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV export writer (docs/exports.md)', () => {
  it('writes a BOM, a header row, RFC 4180 quoting, CRLF record ends and guards formula text', async () => {
    const csv = await text(
      csvStream(
        ['name', 'amount'],
        [
          ['=HYPERLINK("x")', 3],
          ['a,"b"', -0.5],
          ['two\nlines', null],
          ['+1', 0.3],
          ['-x', 1],
          ['@me', 2],
          ['\tTab', 4],
        ],
      ),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'name,amount',
      `"'=HYPERLINK(""x"")",3`,
      '"a,""b""",-0.5',
      '"two\nlines",',
      "'+1,0.3",
      "'-x,1",
      "'@me,2",
      "'\tTab,4",
      '',
    ]);
  });

  it('streams rows from an async source', async () => {
    async function* rows() {
      for (let i = 0; i < 3; i += 1) yield [`r${i}`, i];
    }
    const csv = await text(csvStream(['r', 'i'], rows()));
    expect(csv.slice(1)).toBe('r,i\r\nr0,0\r\nr1,1\r\nr2,2\r\n');
  });

  it('guards only text that a spreadsheet would read as a formula', () => {
    expect(guardText('=1')).toBe("'=1");
    expect(guardText('\r1')).toBe("'\r1");
    expect(guardText('Anna')).toBe('Anna');
    expect(guardText('')).toBe('');
  });
});
