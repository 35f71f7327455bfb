// The one error type replay code throws for bad data: a decoder never lets another exception
// type escape (tests/replay/fuzz.test.ts holds it to that). `userFacing` makes the headless tools
// turn it into exit code 2 and a single `error:` line.

export class ReplayError extends Error {
  readonly userFacing = true;
  /**
   * @param where what the message is about: a byte offset ('byte 1234'), a header field
   *   ('header.sides[1].name') or a file name; already included at the start of `message`.
   */
  constructor(
    message: string,
    readonly where: string | null = null,
  ) {
    super(where ? `${where}: ${message}` : message);
    this.name = 'ReplayError';
  }
}
