/** Errors caused by the client's request: replied as 4xx with their message. */
export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}
