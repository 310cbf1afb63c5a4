// The events AWS Lambda hands the intake function for its Function URL (payload format 2.0).

/** A Function URL event, as Lambda hands it over when CloudFront forwards the visitor's request. */
export function functionUrlEvent(method: string, body?: string, headers: Record<string, string> = {}, isBase64Encoded = false) {
  const domain = "abcdefghij.lambda-url.us-east-1.on.aws";
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: "/api/quote",
    rawQueryString: "",
    headers: { host: domain, "user-agent": "Mozilla/5.0 (iPhone; Mobile)", ...headers },
    requestContext: {
      accountId: "anonymous",
      apiId: "abcdefghij",
      domainName: domain,
      domainPrefix: "abcdefghij",
      http: { method, path: "/api/quote", protocol: "HTTP/1.1", sourceIp: "203.0.113.9", userAgent: "Mozilla/5.0" },
      requestId: "request-1",
      routeKey: "$default",
      stage: "$default",
      time: "07/Sep/2025:14:30:00 +0000",
      timeEpoch: 1757255400000,
    },
    body: body ?? null,
    isBase64Encoded,
  };
}
