/** Every failed API call answers this shape (DESIGN.md "The API"): 4xx with the rule's messages. */
export interface ErrorResponse {
  error_messages: string[];
}

export function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { error_messages?: unknown }).error_messages)
  );
}
