// Issue 36: --endpoint reaches every AWS client of a deploy, CloudFront as well as S3.
import { describe, expect, it } from "vitest";
import { createClients } from "../../../src/deploy/clients";

describe("the deploy's AWS clients", () => {
  it("send S3 and CloudFront requests to --endpoint when it is given", async () => {
    const { s3, cloudFront } = createClients({ endpoint: "http://127.0.0.1:4566" });
    for (const client of [s3, cloudFront]) {
      const endpoint = await client.config.endpoint!();
      expect([endpoint.protocol, endpoint.hostname, endpoint.port]).toEqual(["http:", "127.0.0.1", 4566]);
    }
    expect(s3.config.forcePathStyle).toBe(true);
  });

  it("leave the endpoints to AWS without it", () => {
    const { s3, cloudFront } = createClients({});
    expect(s3.config.endpoint).toBeUndefined();
    expect(cloudFront.config.endpoint).toBeUndefined();
  });
});
