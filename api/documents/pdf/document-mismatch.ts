/** The signature record was made for other bytes than the application given (it changed since it was shown). */
export class DocumentMismatchError extends Error {
  constructor() {
    super('the signature record names another document: its SHA-256 does not match the application given');
    this.name = 'DocumentMismatchError';
  }
}
