// The error an OAuth2 token request fails with, for every grant (client credentials, code
// exchange, refresh). Its own module: fetch-oauth-token.ts and oauth/request-oauth-tokens.ts
// import each other's work, and a class one of them extends must not sit in that cycle.
export class TokenError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
