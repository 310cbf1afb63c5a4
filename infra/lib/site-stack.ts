import { CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import type { Construct } from "constructs";
import type { ContentSecurityPolicyOptions } from "./content-security-policy";
import { GithubDeployRole } from "./github-deploy-role";
import { QuoteIntake } from "./quote-intake";
import { StaticSite } from "./static-site";

export interface SiteStackProps extends StackProps {
  /** "owner/name" of the GitHub repository whose main branch publishes the site. */
  githubRepository: string;
  githubOidcProviderArn?: string;
  domain?: { name: string; certificateArn: string };
  policy?: ContentSecurityPolicyOptions;
  /** The quote intake function's code: the folder `npm run build:intake` writes (build/intake). */
  intakeCode: string;
}

/**
 * Everything the public site runs on: the hosting (StaticSite), the quote intake behind /api/quote (QuoteIntake)
 * and the role CI deploys with. Its outputs are what
 * the publish workflow needs, each named after the repository variable it goes into.
 */
export class SiteStack extends Stack {
  readonly site: StaticSite;
  readonly intake: QuoteIntake;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    if (!/^[\w.-]+\/[\w.-]+$/.test(props.githubRepository)) {
      throw new Error(
        `githubRepository must be "owner/name" (got "${props.githubRepository}"); pass it as: npx cdk deploy -c githubRepository=owner/name`,
      );
    }
    this.site = new StaticSite(this, "Site", { policy: props.policy, domain: props.domain });
    this.intake = new QuoteIntake(this, "Intake", {
      codeDirectory: props.intakeCode,
      distribution: this.site.distribution,
      responseHeadersPolicy: this.site.headers,
    });
    const deployer = new GithubDeployRole(this, "Deployer", {
      repository: props.githubRepository,
      oidcProviderArn: props.githubOidcProviderArn,
      bucket: this.site.bucket,
      distribution: this.site.distribution,
    });
    new CfnOutput(this, "SiteBucket", { value: this.site.bucket.bucketName, description: "repository variable SITE_BUCKET" });
    new CfnOutput(this, "SiteDistributionId", { value: this.site.distribution.distributionId, description: "repository variable SITE_DISTRIBUTION_ID" });
    new CfnOutput(this, "SiteDomainName", { value: this.site.distribution.distributionDomainName, description: "where the site answers; point your DNS name at it" });
    new CfnOutput(this, "DeployRoleArn", { value: deployer.role.roleArn, description: "repository variable AWS_DEPLOY_ROLE_ARN" });
    new CfnOutput(this, "PreviewRoleArn", { value: deployer.previewRole.roleArn, description: "repository variable AWS_PREVIEW_ROLE_ARN" });
    new CfnOutput(this, "QuotesBucket", { value: this.intake.bucket.bucketName, description: "where the quotes are stored (README: Where quotes go)" });
  }
}
